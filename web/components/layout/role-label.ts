import type { Role } from "@domain/roles";

/** Role labels per decisions.md (Administrador / Financeiro / Líder / Gestor, and translations). */
export const roleLabels: Record<Role, string> = {
  admin: "common:roles.admin",
  financial: "common:roles.financial",
  manager: "common:roles.manager",
  user: "common:roles.user",
};
