import { type NoteInput, noteInputSchema } from "@domain/schemas/notes";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DraftNotice } from "@/components/draft-notice";
import { Field } from "@/components/field";
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
import { Spinner } from "@/components/ui/spinner";
import { useCurrentUser } from "@/features/auth";
import { createCodeResolver } from "@/lib/code-resolver";
import { draftStorageKey, readDraft, removeDraft, writeDraft } from "@/lib/drafts";
import type { FormDraft } from "@/lib/form-draft";
import { toast } from "@/lib/toast";
import { useSaveNote } from "../api";

type Values = { content: string };

// The API's own schema; a blank note and one with control characters are "empty" to the reader.
const noteResolver = createCodeResolver<Values, NoteInput>(noteInputSchema, (code) =>
  code === "too_long" ? "notes:validation.too_long" : "notes:messages.empty",
);

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
  const save = useSaveNote();
  const form = useForm<Values, unknown, NoteInput>({
    defaultValues: { content: "" },
    resolver: noteResolver,
  });
  const { control, reset, handleSubmit, watch } = form;
  const content = watch("content");
  const [formError, setFormError] = useState<string | null>(null);
  const [restoredAt, setRestoredAt] = useState<Date | null>(null);
  const me = useCurrentUser();
  // A long note survives a crash or a lost session: kept per author, buyer and note.
  const draftKey = draftStorageKey(me.id, `note:${userId}:${note?.id ?? "new"}`);
  const original = note?.content ?? "";

  useEffect(() => {
    if (!open) return;
    const draft = readDraft<{ content: string }>(draftKey);
    const recovered = draft && draft.values.content !== original ? draft : null;
    reset({ content: recovered ? recovered.values.content : original });
    setRestoredAt(recovered ? new Date(recovered.savedAt) : null);
    setFormError(null);
  }, [open, draftKey, original, reset]);

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
      reset({ content: original });
    },
  };

  const submit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      await save.mutateAsync({ userId, content: input.content, ...(note ? { id: note.id } : {}) });
      draft.clear();
      toast.success(note ? t("messages.updated") : t("messages.created"));
      onOpenChange(false);
    } catch {
      // The text stays in the editor: nothing typed is lost.
      setFormError(t("messages.saveFailed"));
      toast.error(t("messages.saveFailed"));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent closeLabel={t("common:close")} className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{note ? t("editor.editTitle") : t("editor.addTitle")}</DialogTitle>
          <DialogDescription>{t("editor.description", { name: userName })}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <DraftNotice draft={draft} />
          <Field
            control={control}
            name="content"
            label={t("editor.content")}
            description={t("length", { count: content.length })}
          >
            {(field, props) => <textarea {...field} {...props} className={`${textareaClass} min-h-48`} />}
          </Field>
          {formError ? (
            <p className="text-destructive text-sm" role="alert">
              {formError}
            </p>
          ) : null}
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
