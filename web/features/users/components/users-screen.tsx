import { can } from "@domain/permissions";
import type { Role } from "@domain/roles";
import { roles } from "@domain/roles";
import type { User, UserCreated } from "@domain/schemas/users";
import {
  Ban,
  FileUp,
  LogOut,
  NotebookPen,
  PencilIcon,
  PlusIcon,
  SearchIcon,
  ShieldOff,
  Trash2Icon,
  UserCheck,
} from "lucide-react";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DataTable, type DataTableColumn } from "@/components/data-table";
import { IconButton } from "@/components/icon-button";
import { PageHeader } from "@/components/layout/page-header";
import { roleLabels } from "@/components/layout/role-label";
import { RowMenuTrigger } from "@/components/row-menu-trigger";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
} from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { useCurrentUser } from "@/features/auth";
import { NotesManager } from "@/features/notes";
import { formatDate } from "@/lib/format";
import { useFormatters } from "@/lib/use-formatters";
import { useLanguage } from "@/lib/use-language";
import { useUrlParam } from "@/lib/use-url-state";
import { useUsers } from "../api";
import { InvitationDialog } from "./invitation-dialog";
import { type RemoveMode, RemoveUserDialog } from "./remove-user-dialog";
import { type SignInAction, SignInActionDialog } from "./sign-in-action-dialog";
import { UserDialog } from "./user-dialog";

// Admin users: the team table, invitations, role and team changes, notes, delete, deactivate or
// reactivate.
export function UsersScreen() {
  const { t } = useTranslation("users");
  const language = useLanguage();
  const { timeZone } = useFormatters();
  const me = useCurrentUser();
  const searchId = useId();
  const roleId = useId();
  // The filters live in the address, like the table's sort, so a filtered list can be shared.
  const [qParam, setQ] = useUrlParam("q");
  const [roleParam, setRole] = useUrlParam("role");
  const q = qParam ?? "";
  const role: Role | "" = roles.includes(roleParam as Role) ? (roleParam as Role) : "";
  const query = useDeferredValue(q.trim());
  const list = useUsers({ ...(query ? { q: query } : {}), ...(role ? { role } : {}) });
  const everyone = useUsers();
  const [editing, setEditing] = useState<{ user: User | null } | null>(null);
  const [invited, setInvited] = useState<UserCreated | null>(null);
  const [removing, setRemoving] = useState<{ user: User; mode: RemoveMode } | null>(null);
  const [notesFor, setNotesFor] = useState<User | null>(null);
  const [signInAction, setSignInAction] = useState<{ user: User; action: SignInAction } | null>(null);

  const columns = useMemo<DataTableColumn<User>[]>(
    () => [
      {
        id: "name",
        accessorKey: "name",
        header: t("columns.name"),
        cell: ({ row }) => {
          const user = row.original;
          return (
            <div className="flex flex-wrap items-center gap-2">
              {user.name}
              {user.deactivatedAt ? <Badge variant="secondary">{t("deactivated")}</Badge> : null}
              {user.id === me.id ? <Badge variant="outline">{t("you")}</Badge> : null}
              {user.twoFactorEnabled ? (
                <Badge variant="accent" title={t("twoFactorBadgeTitle")} data-testid="two-factor-badge">
                  {t("twoFactorBadge")}
                </Badge>
              ) : null}
            </div>
          );
        },
        meta: { className: "font-medium", label: t("columns.name") },
      },
      {
        id: "email",
        accessorKey: "email",
        header: t("columns.email"),
        meta: { label: t("columns.email") },
      },
      {
        id: "role",
        accessorFn: (user) => t(roleLabels[user.role]),
        header: t("columns.role"),
        meta: { label: t("columns.role") },
      },
      {
        id: "lead",
        accessorFn: (user) => user.manager?.name ?? "—",
        header: t("columns.lead"),
        meta: { label: t("columns.lead") },
      },
      {
        id: "created",
        accessorKey: "createdAt",
        header: t("columns.created"),
        cell: ({ row }) => formatDate(row.original.createdAt, language, { timeZone }),
        meta: { className: "tabular-nums", label: t("columns.created") },
      },
      {
        id: "actions",
        header: t("columns.actions"),
        enableSorting: false,
        enableHiding: false,
        cell: ({ row }) => {
          const user = row.original;
          const other = user.id !== me.id;
          const canImport = can(user.role, "area:buyer") && !user.deactivatedAt;
          // Two actions in sight (notes, edit); the others in the row's labelled menu (issue 28).
          return (
            <div className="flex justify-end gap-1">
              <IconButton
                label={t("actions.notes")}
                ariaLabel={t("actions.notesFor", { name: user.name })}
                onClick={() => setNotesFor(user)}
              >
                <NotebookPen aria-hidden="true" />
              </IconButton>
              <IconButton
                label={t("actions.edit")}
                ariaLabel={t("actions.editUser", { name: user.name })}
                onClick={() => setEditing({ user })}
              >
                <PencilIcon aria-hidden="true" />
              </IconButton>
              {/* Your own row has nothing more unless you log results (no empty menu). */}
              {other || canImport ? (
                <DropdownMenu>
                  <RowMenuTrigger
                    label={t("actions.more")}
                    ariaLabel={t("actions.moreFor", { name: user.name })}
                    testId="user-more-actions"
                  />
                  <DropdownMenuContent align="end">
                    {canImport ? (
                      <DropdownMenuItem asChild>
                        <Link
                          to={`/import?userId=${encodeURIComponent(user.id)}`}
                          data-testid="user-import-link"
                        >
                          <FileUp aria-hidden="true" />
                          {t("actions.import")}
                        </Link>
                      </DropdownMenuItem>
                    ) : null}
                    {other ? (
                      <DropdownMenuItem
                        onSelect={() => setSignInAction({ user, action: "endSessions" })}
                        data-testid="end-user-sessions"
                      >
                        <LogOut aria-hidden="true" />
                        {t("actions.endSessions")}
                      </DropdownMenuItem>
                    ) : null}
                    {other && user.twoFactorEnabled ? (
                      <DropdownMenuItem
                        onSelect={() => setSignInAction({ user, action: "disableTwoFactor" })}
                        data-testid="disable-user-two-factor"
                      >
                        <ShieldOff aria-hidden="true" />
                        {t("actions.disableTwoFactor")}
                      </DropdownMenuItem>
                    ) : null}
                    {other ? (
                      <>
                        <DropdownMenuSeparator />
                        <DropdownMenuItem
                          onSelect={() =>
                            setRemoving({ user, mode: user.deactivatedAt ? "reactivate" : "deactivate" })
                          }
                          data-testid={user.deactivatedAt ? "reactivate-user" : "deactivate-user"}
                        >
                          {user.deactivatedAt ? <UserCheck aria-hidden="true" /> : <Ban aria-hidden="true" />}
                          {t(user.deactivatedAt ? "actions.reactivate" : "actions.deactivate")}
                        </DropdownMenuItem>
                        <DropdownMenuItem
                          variant="destructive"
                          onSelect={() => setRemoving({ user, mode: "delete" })}
                          data-testid="delete-user"
                        >
                          <Trash2Icon aria-hidden="true" />
                          {t("actions.delete")}
                        </DropdownMenuItem>
                      </>
                    ) : null}
                  </DropdownMenuContent>
                </DropdownMenu>
              ) : null}
            </div>
          );
        },
      },
    ],
    [t, language, timeZone, me.id],
  );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Button type="button" onClick={() => setEditing({ user: null })}>
            <PlusIcon aria-hidden="true" />
            {t("newUser")}
          </Button>
        }
      />

      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <div className="grid gap-1.5">
          <Label htmlFor={searchId}>{t("filters.search")}</Label>
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={searchId}
              type="search"
              className="pl-8"
              placeholder={t("filters.searchPlaceholder")}
              value={q}
              onChange={(e) => setQ(e.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={roleId}>{t("filters.role")}</Label>
          <NativeSelect id={roleId} value={role} onChange={(e) => setRole(e.target.value)}>
            <option value="">{t("filters.allRoles")}</option>
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(roleLabels[r])}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <DataTable
        columns={columns}
        data={list.data}
        status={list}
        getRowId={(user) => user.id}
        label={t("title")}
        urlKey="users"
        rowProps={(user) => ({ "data-user-email": user.email })}
        empty={{ title: t("empty") }}
        errorTitle={t("loadFailed")}
        columnMenu
      />

      <UserDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        user={editing?.user ?? null}
        managers={everyone.data ?? []}
        onCreated={(result) => {
          if (result.setPasswordUrl) setInvited(result);
        }}
      />
      <InvitationDialog result={invited} onClose={() => setInvited(null)} />
      <RemoveUserDialog
        key={removing ? `${removing.user.id}-${removing.mode}` : "none"}
        user={removing?.user ?? null}
        mode={removing?.mode ?? "delete"}
        onClose={() => setRemoving(null)}
      />
      <SignInActionDialog
        key={signInAction ? `${signInAction.user.id}-${signInAction.action}` : "none"}
        user={signInAction?.user ?? null}
        action={signInAction?.action ?? "endSessions"}
        onClose={() => setSignInAction(null)}
      />
      <Dialog open={notesFor !== null} onOpenChange={(open) => !open && setNotesFor(null)}>
        <DialogContent closeLabel={t("common:close")} className="sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>{t("notesDialog.title", { name: notesFor?.name ?? "" })}</DialogTitle>
            <DialogDescription>{t("notesDialog.description")}</DialogDescription>
          </DialogHeader>
          {notesFor ? <NotesManager users={everyone.data ?? [notesFor]} fixedUserId={notesFor.id} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
