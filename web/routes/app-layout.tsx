import { can, homePathFor } from "@domain/permissions";
import { Menu, UserCog } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { IconButton } from "@/components/icon-button";
import { LanguageSwitcher } from "@/components/layout/language-switcher";
import { Logo } from "@/components/layout/logo";
import { type NavItem, navFor } from "@/components/layout/navigation";
import { useFocusOnNavigate } from "@/components/layout/route-effects";
import { SidebarNav } from "@/components/layout/sidebar-nav";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { UserMenu } from "@/features/auth/components/user-menu";
import { mustSetUpTwoFactor } from "@/features/auth/next-path";
import { syncLanguageWithProfile, useCurrentUser } from "@/features/auth/session";
import { NotificationBell } from "@/features/notifications/components/notification-bell";
import { PendingPaymentBadge } from "@/features/payments/components/pending-badge";
import { QueryProvider } from "@/lib/query-provider";

const accountNavItem: NavItem = { to: "/account", label: "account:title", icon: UserCog };

// The signed-in shell: a top bar across the page, the role's sidebar on the left (a drawer below
// the md breakpoint), and the page.

export function Component() {
  // TanStack Query comes with the signed-in area, not with the first load (decision 0047).
  return (
    <QueryProvider>
      <AppShell />
    </QueryProvider>
  );
}

function AppShell() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  // Until a required second factor is on, the API answers nothing but the account page's calls:
  // no navigation, no bell, no badges (they would only collect refusals).
  const restricted = mustSetUpTwoFactor(user);
  const nav = navFor(user.role, pathname);
  const { area } = nav;
  const items = restricted ? [accountNavItem] : nav.items;
  const [menuOpen, setMenuOpen] = useState(false);
  const navigatedFromMenu = useRef(false);
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigate(main);

  // The profile's language wins over the device's once the session is known.
  const syncedFor = useRef<string | null>(null);
  useEffect(() => {
    if (syncedFor.current === user.id) return;
    syncedFor.current = user.id;
    void syncLanguageWithProfile(user);
  }, [user]);

  return (
    // While the drawer is open the page behind it is inert: unreachable by keyboard and hidden
    // from assistive technology (Radix only sets aria-hidden).
    <div className="min-h-svh bg-background" inert={menuOpen}>
      <a
        href="#main"
        className="sr-only z-[70] rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground text-sm focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("common:skipToContent")}
      </a>
      <header className="sticky top-0 z-40 flex h-14 items-center gap-1 border-b bg-background/95 px-2 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:px-3 md:gap-2">
        <IconButton
          variant="ghost"
          className="md:hidden"
          label={t("common:menu.open")}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
          data-testid="open-menu"
        >
          <Menu aria-hidden="true" />
        </IconButton>
        <div className="flex shrink-0 items-center md:w-61 md:pl-3">
          <Link
            to={homePathFor(user.role)}
            className="flex items-center rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            aria-label={t("common:homeLink")}
          >
            {/* On a phone the top bar's controls need the room; the mark stays, never covered. */}
            <Logo nameClassName="max-sm:hidden" />
          </Link>
        </div>
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          {restricted ? null : <NotificationBell />}
          {can(user.role, "commission:earn") && !restricted ? <PendingPaymentBadge /> : null}
          {can(user.role, "language:switch") ? <LanguageSwitcher /> : null}
          <ThemeToggle />
          <UserMenu user={user} restricted={restricted} />
        </div>
      </header>

      <div className="flex">
        {/* The column carries the background and border to the page's full height; the sidebar
            itself stays in view while the page scrolls. */}
        <div className="hidden w-64 shrink-0 border-r bg-sidebar md:block">
          <aside className="sticky top-14 h-[calc(100svh-3.5rem)] overflow-y-auto">
            <SidebarNav area={area} items={items} />
          </aside>
        </div>
        <main
          id="main"
          ref={main}
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          <Outlet />
        </main>
      </div>

      <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
        <SheetContent
          side="left"
          closeLabel={t("common:close")}
          className="w-72 gap-0 bg-sidebar p-0"
          onCloseAutoFocus={(event) => {
            // After following a link, focus goes to the new page (useFocusOnNavigate), not the button.
            if (navigatedFromMenu.current) event.preventDefault();
            navigatedFromMenu.current = false;
          }}
        >
          <SheetHeader className="h-14 flex-row items-center border-b px-4 py-0">
            <SheetTitle>
              <Logo />
            </SheetTitle>
            <SheetDescription className="sr-only">{t("common:menu.description")}</SheetDescription>
          </SheetHeader>
          <div className="overflow-y-auto">
            <SidebarNav
              area={area}
              items={items}
              onNavigate={() => {
                navigatedFromMenu.current = true;
                setMenuOpen(false);
              }}
            />
          </div>
        </SheetContent>
      </Sheet>
    </div>
  );
}
