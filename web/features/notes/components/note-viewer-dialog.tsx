import type { Note } from "@domain/schemas/notes";
import { LockIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useFormatters } from "@/lib/use-formatters";

/** The read-only viewer buyers and team leads get for their own notes. */
export function NoteViewerDialog({ note, onClose }: { note: Note | null; onClose: () => void }) {
  const { t } = useTranslation("notes");
  const f = useFormatters();
  return (
    <Dialog open={Boolean(note)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("common:close")} className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("viewer.title")}</DialogTitle>
          <DialogDescription className="flex flex-wrap gap-x-4 gap-y-1">
            <span>{t("length", { count: note?.content.length ?? 0 })}</span>
            {note ? (
              <span>{t("viewer.created", { date: f.dateTime(note.createdAt, { showZone: true }) })}</span>
            ) : null}
            {note ? (
              <span>{t("viewer.updated", { date: f.dateTime(note.updatedAt, { showZone: true }) })}</span>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        <div className="max-h-[55dvh] overflow-y-auto whitespace-pre-wrap break-words rounded-md border bg-muted/30 p-4 text-sm">
          {note?.content}
        </div>
        <p className="flex items-center gap-2 text-muted-foreground text-sm">
          <LockIcon className="size-4" aria-hidden="true" />
          {t("viewer.readOnly")}
        </p>
      </DialogContent>
    </Dialog>
  );
}
