import { can, type Permission } from "@domain/permissions";
import type { Role } from "@domain/roles";
import {
  Banknote,
  ChartColumn,
  FileSpreadsheet,
  ImagePlus,
  Images,
  LayoutDashboard,
  type LucideIcon,
  Megaphone,
  NotebookPen,
  Radio,
  Scale,
  ScrollText,
  Settings,
  Tag,
  Users,
  UsersRound,
  Wallet,
} from "lucide-react";

// The three sidebars of spec section 2. Labels are translation keys.

export type NavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  /** Shown only to roles holding it (the area alone decides otherwise). */
  permission?: Permission;
};

/** The team screen (issue 25): in every area, for the roles that may read a team. */
const teamItem: NavItem = { to: "/team", label: "nav:team", icon: UsersRound, permission: "team:read" };
/** Networks' statements against the buyers' logs (issue 32): financial users and admins. */
const reconciliationItem: NavItem = {
  to: "/reconciliation",
  label: "nav:reconciliation",
  icon: Scale,
  permission: "reconciliation:manage",
};
/** Postback keys and their log (issue 26): buyers, team leads and admins. */
const postbacksItem: NavItem = {
  to: "/postbacks",
  label: "nav:postbacks",
  icon: Radio,
  permission: "postbacks:read",
};
export type NavArea = "buyer" | "admin" | "financial";

export const buyerNav: NavItem[] = [
  { to: "/", label: "nav:buyer.dashboard", icon: LayoutDashboard, end: true },
  { to: "/campanhas", label: "nav:buyer.campaigns", icon: Megaphone },
  { to: "/request-creative", label: "nav:buyer.requestCreative", icon: ImagePlus },
  { to: "/user/analytics", label: "nav:buyer.analytics", icon: ChartColumn },
  teamItem,
  { to: "/reports", label: "nav:reports", icon: FileSpreadsheet },
  { to: "/user/notes", label: "nav:buyer.notes", icon: NotebookPen },
  { to: "/user/payments", label: "nav:buyer.payments", icon: Wallet },
  postbacksItem,
];

export const adminNav: NavItem[] = [
  { to: "/admin/dashboard", label: "nav:admin.dashboard", icon: LayoutDashboard },
  { to: "/admin/analytics", label: "nav:admin.analytics", icon: ChartColumn },
  teamItem,
  { to: "/reports", label: "nav:reports", icon: FileSpreadsheet },
  { to: "/admin/users", label: "nav:admin.users", icon: Users },
  { to: "/admin/offers", label: "nav:admin.offers", icon: Tag },
  { to: "/admin/creative-requests", label: "nav:admin.creativeRequests", icon: Images },
  { to: "/admin/financial", label: "nav:admin.financial", icon: Wallet },
  reconciliationItem,
  postbacksItem,
  { to: "/admin/settings", label: "nav:admin.settings", icon: Settings },
  { to: "/admin/audit", label: "nav:admin.audit", icon: ScrollText },
];

export const financialNav: NavItem[] = [
  { to: "/financial/dashboard", label: "nav:financial.dashboard", icon: LayoutDashboard },
  { to: "/financial/analytics", label: "nav:financial.analytics", icon: ChartColumn },
  teamItem,
  { to: "/financial/users", label: "nav:financial.users", icon: Users },
  { to: "/reports", label: "nav:reports", icon: FileSpreadsheet },
  { to: "/financial/payments", label: "nav:financial.payments", icon: Banknote },
  reconciliationItem,
];

const navByArea: Record<NavArea, NavItem[]> = { buyer: buyerNav, admin: adminNav, financial: financialNav };

function isUnder(pathname: string, prefix: string) {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Admin sidebar for admins or /admin paths; financial for financial users or /financial paths; else buyer. */
export function navAreaFor(role: Role, pathname: string): NavArea {
  if (can(role, "area:admin") || isUnder(pathname, "/admin")) return "admin";
  if (can(role, "area:financial") || isUnder(pathname, "/financial")) return "financial";
  return "buyer";
}

export function navFor(role: Role, pathname: string): { area: NavArea; items: NavItem[] } {
  const area = navAreaFor(role, pathname);
  return { area, items: navByArea[area].filter((item) => !item.permission || can(role, item.permission)) };
}
