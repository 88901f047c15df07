import type { Note } from "@domain/schemas/notes";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFormatters } from "@/lib/use-formatters";

/** First two lines of a note, its dates and length. */
export function NoteSummary({ note, actions }: { note: Note; actions?: ReactNode }) {
  const { t } = useTranslation("notes");
  const f = useFormatters();
  const preview = note.content.split(/\r?\n/).slice(0, 2).join("\n");
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-2">
      <p className="line-clamp-2 whitespace-pre-line break-words text-sm">{preview}</p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-xs">
        <span>{t("list.created", { date: f.date(note.createdAt) })}</span>
        <span>{t("list.updated", { date: f.date(note.updatedAt) })}</span>
        <span>{t("length", { count: note.content.length })}</span>
        {note.author ? <span>{t("list.author", { name: note.author.name })}</span> : null}
      </div>
      {actions}
    </div>
  );
}
