import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

// Ranks 1–3 of the top lists stand out (gold, silver, bronze) and say so in words too.
const podium: Record<number, string> = {
  1: "border-amber-500/60 bg-amber-400/25 text-amber-900 dark:text-amber-100",
  2: "border-slate-400/60 bg-slate-300/40 text-slate-900 dark:bg-slate-400/25 dark:text-slate-100",
  3: "border-orange-700/50 bg-orange-300/35 text-orange-950 dark:bg-orange-700/30 dark:text-orange-100",
};

export function RankBadge({ rank }: { rank: number }) {
  const { t } = useTranslation("financial-insights");
  const highlighted = rank <= 3;
  return (
    <span
      className={cn(
        "inline-flex size-7 items-center justify-center rounded-full border font-semibold text-xs tabular-nums",
        highlighted ? podium[rank] : "border-transparent text-muted-foreground",
      )}
      data-testid="rank"
      data-podium={highlighted ? "true" : undefined}
    >
      <span aria-hidden="true">{rank}</span>
      <span className="sr-only">{t("rank", { rank })}</span>
    </span>
  );
}
