import type { Offer } from "@domain/schemas/offers";
import type { User } from "@domain/schemas/users";
import { X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { useFormatters } from "@/lib/use-formatters";
import { defaultPeriod, type ReportDraft } from "../filters";

export type BadgeKey = "period" | "from" | "to" | "userId" | "offerId" | "minRoi" | "maxRoi";

/** The applied filters as badges; each one (but the default period) can be removed on its own. */
export function FilterBadges({
  applied,
  users,
  offers,
  onRemove,
}: {
  applied: ReportDraft;
  users: User[] | undefined;
  offers: Offer[] | undefined;
  onRemove: (key: BadgeKey) => void;
}) {
  const { t } = useTranslation("reports");
  const f = useFormatters();
  const bound = (value: string) => f.percent(value.replace(",", "."));
  const badges: { key: BadgeKey; label: string; value: string; removable: boolean }[] = [];
  if (applied.period !== "custom")
    badges.push({
      key: "period",
      label: t("filters.period"),
      value: t(`periods.${applied.period}`),
      removable: applied.period !== defaultPeriod,
    });
  if (applied.from)
    badges.push({ key: "from", label: t("filters.from"), value: f.date(applied.from), removable: true });
  if (applied.to)
    badges.push({ key: "to", label: t("filters.to"), value: f.date(applied.to), removable: true });
  if (applied.userId) {
    const user = users?.find((u) => u.id === applied.userId);
    badges.push({
      key: "userId",
      label: t("filters.user"),
      // "…" while the list loads, so a shared link never flashes "unknown".
      value: user?.name ?? (users ? t("filters.unknownUser") : "…"),
      removable: true,
    });
  }
  if (applied.offerId) {
    const offer = offers?.find((o) => o.id === applied.offerId);
    badges.push({
      key: "offerId",
      label: t("filters.offer"),
      value: offer?.name ?? (offers ? t("filters.unknownOffer") : "…"),
      removable: true,
    });
  }
  if (applied.minRoi)
    badges.push({ key: "minRoi", label: t("filters.minRoi"), value: bound(applied.minRoi), removable: true });
  if (applied.maxRoi)
    badges.push({ key: "maxRoi", label: t("filters.maxRoi"), value: bound(applied.maxRoi), removable: true });

  return (
    <section
      aria-label={t("badges.title")}
      className="flex flex-wrap items-center gap-2"
      data-testid="filter-badges"
    >
      <span className="text-muted-foreground text-sm">{t("badges.title")}:</span>
      <ul className="flex flex-wrap gap-2">
        {badges.map((badge) => (
          <li key={badge.key}>
            <Badge
              variant="secondary"
              className="h-7 max-w-[18rem] gap-1.5 pr-1 pl-2.5 text-sm"
              data-testid="filter-badge"
              data-filter={badge.key}
            >
              <span className="truncate">
                <span className="text-muted-foreground">{badge.label}:</span>{" "}
                <span data-testid="filter-badge-value">{badge.value}</span>
              </span>
              {badge.removable ? (
                <button
                  type="button"
                  onClick={() => onRemove(badge.key)}
                  className="pointer-events-auto inline-flex size-5 items-center justify-center rounded-sm hover:bg-foreground/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  aria-label={t("badges.remove", { filter: `${badge.label}: ${badge.value}` })}
                  data-testid="remove-filter"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              ) : null}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
