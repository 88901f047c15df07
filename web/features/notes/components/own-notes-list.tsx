import type { Note } from "@domain/schemas/notes";
import { NotebookPen } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorKey } from "@/lib/form-errors";
import { useNotes } from "../api";
import { NoteSummary } from "./note-card";
import { NoteViewerDialog } from "./note-viewer-dialog";

/** Buyers and team leads: their own notes, read-only. */
export function OwnNotesList() {
  const { t } = useTranslation("notes");
  const notes = useNotes();
  const [open, setOpen] = useState<Note | null>(null);

  if (notes.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (notes.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>{t("messages.loadFailed")}</AlertTitle>
        <AlertDescription className="flex flex-wrap items-center gap-3">
          {t(errorKey("notes", notes.error))}
          <Button size="sm" variant="outline" onClick={() => notes.refetch()}>
            {t("common:retry")}
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (notes.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center text-muted-foreground">
        <NotebookPen className="size-8" aria-hidden="true" />
        <p>{t("list.emptyOwn")}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="grid gap-3">
        {notes.data.map((note) => (
          <li key={note.id}>
            <button
              type="button"
              className="flex w-full rounded-lg border bg-card p-4 text-left shadow-xs outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
              onClick={() => setOpen(note)}
            >
              <NoteSummary note={note} />
            </button>
          </li>
        ))}
      </ul>
      <NoteViewerDialog note={open} onClose={() => setOpen(null)} />
    </>
  );
}
