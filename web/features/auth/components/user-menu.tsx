import { ChevronDown, KeyRound, LogOut, UserCog } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { roleLabels } from "@/components/layout/role-label";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { Me } from "../api";
import { useSignOut } from "../sign-out";

function initialsOf(name: string, email: string) {
  const source = name.trim() || email;
  const parts = source.split(/[\s@._-]+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ""}${parts[1]?.[0] ?? ""}` : source.slice(0, 2);
  return letters.toUpperCase();
}

/** Name, e-mail and role label; the account page, API tokens and sign-out. */
export function UserMenu({ user, restricted = false }: { user: Me; restricted?: boolean }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const roleLabel = t(roleLabels[user.role]);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          className="h-10 gap-2 px-1.5 md:px-2"
          aria-label={t("common:user.menu", { name: user.name || user.email })}
          data-testid="user-menu"
        >
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-xs"
          >
            {initialsOf(user.name, user.email)}
          </span>
          <span className="hidden min-w-0 flex-col items-start text-left leading-tight md:flex">
            <span className="flex max-w-56 items-center gap-1.5">
              <span className="truncate font-medium text-sm">{user.name || user.email}</span>
              <Badge variant="accent" className="px-1.5 py-0 text-[11px]">
                {roleLabel}
              </Badge>
            </span>
            <span className="max-w-56 truncate font-normal text-muted-foreground text-xs">{user.email}</span>
          </span>
          <ChevronDown className="hidden text-muted-foreground md:block" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-1 font-normal">
          <span className="truncate font-medium text-sm">{user.name || user.email}</span>
          <span className="truncate text-muted-foreground text-xs">{user.email}</span>
          <Badge variant="accent" className="mt-1">
            {roleLabel}
          </Badge>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild data-testid="account-link">
          <Link to="/account">
            <UserCog aria-hidden="true" />
            {t("account:menu")}
          </Link>
        </DropdownMenuItem>
        {/* Until two-factor is on (when the role requires it), only the account page is open. */}
        {restricted ? null : (
          <DropdownMenuItem asChild data-testid="tokens-link">
            <Link to="/tokens">
              <KeyRound aria-hidden="true" />
              {t("tokens:menu")}
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem
          variant="destructive"
          disabled={signOut.isPending}
          onSelect={() => signOut.mutate()}
          data-testid="sign-out"
        >
          <LogOut aria-hidden="true" />
          {t("common:user.signOut")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
