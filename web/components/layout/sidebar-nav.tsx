import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { cn } from "@/lib/utils";
import type { NavArea, NavItem } from "./navigation";

const areaLabels: Record<NavArea, string> = {
  buyer: "nav:areas.buyer",
  admin: "nav:areas.admin",
  financial: "nav:areas.financial",
};

/** One sidebar's entries; the active one is highlighted and marked aria-current="page". */
export function SidebarNav({
  area,
  items,
  onNavigate,
}: {
  area: NavArea;
  items: NavItem[];
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const headingId = `sidebar-heading-${area}`;
  return (
    <nav aria-labelledby={headingId} className="flex flex-col gap-1 p-3" data-testid={`sidebar-${area}`}>
      <h2
        id={headingId}
        className="px-3 pt-1 pb-2 font-medium text-muted-foreground text-xs uppercase tracking-wider"
      >
        {t(areaLabels[area])}
      </h2>
      <ul className="flex flex-col gap-0.5">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end ?? false}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-3 rounded-md px-3 py-2 font-medium text-sidebar-foreground/80 text-sm outline-none transition-colors hover:bg-sidebar-accent/60 hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50",
                  isActive && "bg-sidebar-accent text-sidebar-accent-foreground hover:bg-sidebar-accent",
                )
              }
            >
              {({ isActive }) => (
                <>
                  <item.icon
                    className={cn(
                      "size-4 shrink-0",
                      isActive ? "text-sidebar-primary" : "text-muted-foreground",
                    )}
                    aria-hidden="true"
                  />
                  <span className="min-w-0 leading-snug">{t(item.label)}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
