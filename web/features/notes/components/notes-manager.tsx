import type { Note } from "@domain/schemas/notes";
import type { User } from "@domain/schemas/users";
import { NotebookPen, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { errorKey } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useDeleteNote, useUserNotes } from "../api";
import { NoteSummary } from "./note-card";
import { NoteEditorDialog } from "./note-editor-dialog";

/** Admins: pick a user (unless fixed), then add, edit and delete their notes. */
export function NotesManager({ users, fixedUserId }: { users: User[]; fixedUserId?: string }) {
  const { t } = useTranslation("notes");
  const selectId = useId();
  const [userId, setUserId] = useState<string>(fixedUserId ?? "");
  useEffect(() => {
    if (fixedUserId) setUserId(fixedUserId);
  }, [fixedUserId]);
  const user = users.find((u) => u.id === userId) ?? null;
  const notes = useUserNotes(userId || null);
  const remove = useDeleteNote();
  const [editing, setEditing] = useState<{ note: Note | null } | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t("messages.deleted"));
      setDeleting(null);
    } catch {
      toast.error(t("messages.deleteFailed"));
    }
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        {fixedUserId ? null : (
          <div className="grid flex-1 gap-1.5">
            <Label htmlFor={selectId}>{t("manager.user")}</Label>
            <NativeSelect id={selectId} value={userId} onChange={(e) => setUserId(e.target.value)}>
              <option value="">{t("manager.pickUser")}</option>
              {users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name} ({u.email})
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        {user ? (
          <Button type="button" onClick={() => setEditing({ note: null })}>
            <PlusIcon aria-hidden="true" />
            {t("manager.add")}
          </Button>
        ) : null}
      </div>

      {!userId ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground text-sm">
          {t("manager.pickFirst")}
        </p>
      ) : notes.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : notes.isError ? (
        <Alert variant="destructive">
          <AlertTitle>{t("messages.loadFailed")}</AlertTitle>
          <AlertDescription className="flex flex-wrap items-center gap-3">
            {t(errorKey("notes", notes.error))}
            <Button size="sm" variant="outline" onClick={() => notes.refetch()}>
              {t("common:retry")}
            </Button>
          </AlertDescription>
        </Alert>
      ) : notes.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          <NotebookPen className="size-8" aria-hidden="true" />
          <p className="text-sm">{t("manager.empty", { name: user?.name ?? "" })}</p>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label={t("manager.listLabel", { name: user?.name ?? "" })}>
          {notes.data.map((note) => (
            <li
              key={note.id}
              className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-xs sm:flex-row"
            >
              <NoteSummary note={note} />
              <div className="flex shrink-0 gap-2 self-start">
                <Button type="button" size="sm" variant="outline" onClick={() => setEditing({ note })}>
                  <PencilIcon aria-hidden="true" />
                  {t("actions.edit")}
                </Button>
                <Button type="button" size="sm" variant="outline" onClick={() => setDeleting(note)}>
                  <Trash2Icon aria-hidden="true" />
                  {t("actions.delete")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {user ? (
        <NoteEditorDialog
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
          userId={user.id}
          userName={user.name}
          note={editing?.note ?? null}
        />
      ) : null}
      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("delete.title")}</AlertDialogTitle>
            <AlertDialogDescription>{t("delete.confirm")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>{t("actions.cancel")}</AlertDialogCancel>
            <Button type="button" variant="destructive" onClick={confirmDelete} disabled={remove.isPending}>
              {remove.isPending ? <Spinner /> : null}
              {t("actions.delete")}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
