import type { Role } from "@domain/roles";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { roleLabels } from "@/components/layout/role-label";
import { Badge } from "@/components/ui/badge";

// One badge style per role, so a role reads at a glance; the label is always written out.
const roleBadgeVariant: Record<Role, "default" | "secondary" | "outline" | "accent"> = {
  admin: "default",
  financial: "accent",
  manager: "secondary",
  user: "outline",
};

export function RoleBadge({ role, ...props }: { role: Role } & Omit<ComponentProps<"span">, "role">) {
  const { t } = useTranslation();
  return (
    <Badge variant={roleBadgeVariant[role]} data-role={role} {...props}>
      {t(roleLabels[role])}
    </Badge>
  );
}
