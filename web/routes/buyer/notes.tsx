import { can } from "@domain/permissions";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/features/auth/session";
import { NotesManager } from "@/features/notes/components/notes-manager";
import { OwnNotesList } from "@/features/notes/components/own-notes-list";
import { useUsers } from "@/features/users/api";
import { errorKey } from "@/lib/form-errors";

// /user/notes: buyers and team leads read their own notes; admins get the manager for all users.
export function Component() {
  const { t } = useTranslation("notes");
  const me = useCurrentUser();
  // Who manages notes (admins) gets every user's; everyone else reads their own.
  const admin = can(me.role, "notes:manage");
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t("title")} description={admin ? t("descriptionAdmin") : t("descriptionOwn")} />
      {admin ? <AdminNotes /> : <OwnNotesList />}
    </div>
  );
}

function AdminNotes() {
  const { t } = useTranslation("notes");
  const users = useUsers();
  if (users.isPending) return <Skeleton className="h-24" />;
  if (users.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{t(errorKey("notes", users.error))}</AlertDescription>
      </Alert>
    );
  }
  return <NotesManager users={users.data} />;
}
