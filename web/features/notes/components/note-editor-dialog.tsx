import { noteInputSchema } from "@domain/schemas/notes";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DraftNotice } from "@/components/draft-notice";
import { Button } from "@/components/ui/button";
import { textareaClass } from "@/components/ui/classes";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentUser } from "@/features/auth";
import { draftStorageKey, readDraft, removeDraft, writeDraft } from "@/lib/drafts";
import type { FormDraft } from "@/lib/form-draft";
import { toast } from "@/lib/toast";
import { useSaveNote } from "../api";

/** Add or edit one note (admins). Empty or blank content is refused before anything is sent. */
export function NoteEditorDialog({
  open,
  onOpenChange,
  userId,
  userName,
  note,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
  userName: string;
  note?: { id: string; content: string } | null;
}) {
  const { t } = useTranslation("notes");
  const id = useId();
  const save = useSaveNote();
  const [content, setContent] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [restoredAt, setRestoredAt] = useState<Date | null>(null);
  const me = useCurrentUser();
  // A long note survives a crash or a lost session: kept per author, buyer and note.
  const draftKey = draftStorageKey(me.id, `note:${userId}:${note?.id ?? "new"}`);
  const original = note?.content ?? "";

  useEffect(() => {
    if (!open) return;
    const draft = readDraft<{ content: string }>(draftKey);
    const recovered = draft && draft.values.content !== original ? draft : null;
    setContent(recovered ? recovered.values.content : original);
    setRestoredAt(recovered ? new Date(recovered.savedAt) : null);
    setError(null);
  }, [open, draftKey, original]);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      if (content.trim() !== "" && content !== original) writeDraft(draftKey, { content });
      else removeDraft(draftKey);
    }, 300);
    return () => clearTimeout(timer);
  }, [open, content, draftKey, original]);

  const draft: FormDraft = {
    restoredAt,
    clear: () => {
      removeDraft(draftKey);
      setRestoredAt(null);
    },
    discard: () => {
      removeDraft(draftKey);
      setRestoredAt(null);
      setContent(original);
    },
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = noteInputSchema.safeParse({ content });
    if (!parsed.success) {
      const code = parsed.error.issues[0]?.message;
      setError(code === "too_long" ? t("validation.too_long") : t("messages.empty"));
      return;
    }
    try {
      await save.mutateAsync({ userId, content: parsed.data.content, ...(note ? { id: note.id } : {}) });
      draft.clear();
      toast.success(note ? t("messages.updated") : t("messages.created"));
      onOpenChange(false);
    } catch {
      // The text stays in the editor: nothing typed is lost.
      setError(t("messages.saveFailed"));
      toast.error(t("messages.saveFailed"));
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent closeLabel={t("common:close")} className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{note ? t("editor.editTitle") : t("editor.addTitle")}</DialogTitle>
          <DialogDescription>{t("editor.description", { name: userName })}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <DraftNotice draft={draft} />
          <div className="grid gap-1.5">
            <Label htmlFor={id}>{t("editor.content")}</Label>
            <textarea
              id={id}
              className={`${textareaClass} min-h-48`}
              value={content}
              onChange={(e) => {
                setContent(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : `${id}-count`}
            />
            {error ? (
              <p id={`${id}-error`} className="text-destructive text-sm" role="alert">
                {error}
              </p>
            ) : (
              <p id={`${id}-count`} className="text-muted-foreground text-xs">
                {t("length", { count: content.length })}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                draft.clear();
                onOpenChange(false);
              }}
              disabled={save.isPending}
            >
              {t("actions.cancel")}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner /> : null}
              {t("actions.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
