import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChoiceSelect } from "@/components/choice-select";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { useOffers } from "@/features/offers";
import { useFormatters } from "@/lib/use-formatters";
import { useInsightUsers } from "../api";

// The filter controls both admin screens share. Values are ids from the URL; "" means all.

export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

export function PeriodSelect<T extends string>({
  id,
  value,
  choices,
  labelPrefix,
  onChange,
}: {
  id: string;
  value: T;
  choices: readonly T[];
  /** The translation group of the choices: dashboardPeriods or analyticsPeriods. */
  labelPrefix: "dashboardPeriods" | "analyticsPeriods";
  onChange: (value: T) => void;
}) {
  const { t } = useTranslation("admin-insights");
  return (
    <FilterField id={id} label={t("filters.period")}>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        data-testid="filter-period"
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {t(`${labelPrefix}.${choice}`)}
          </option>
        ))}
      </NativeSelect>
    </FilterField>
  );
}

export function UserSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string | undefined;
  onChange: (userId: string | undefined) => void;
}) {
  const { t } = useTranslation("admin-insights");
  const users = useInsightUsers();
  return (
    <FilterField id={id} label={t("filters.user")}>
      <ChoiceSelect
        id={id}
        value={value ?? ""}
        onChange={(userId) => onChange(userId || undefined)}
        choices={users.isPending ? undefined : users.choices.map((u) => ({ value: u.id, label: u.name }))}
        allLabel={t("filters.allUsers")}
        unknownLabel={t("filters.unknownUser")}
        aria-describedby={users.isError ? `${id}-error` : undefined}
        data-testid="filter-user"
      />
      {users.isError ? (
        <p id={`${id}-error`} className="text-destructive text-sm" role="alert">
          {t("filters.usersError")}
        </p>
      ) : null}
    </FilterField>
  );
}

export function OfferSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string | undefined;
  onChange: (offerId: string | undefined) => void;
}) {
  const { t } = useTranslation("admin-insights");
  const offers = useOffers();
  return (
    <FilterField id={id} label={t("filters.offer")}>
      <ChoiceSelect
        id={id}
        value={value ?? ""}
        onChange={(offerId) => onChange(offerId || undefined)}
        choices={
          offers.isPending ? undefined : (offers.data ?? []).map((o) => ({ value: o.id, label: o.name }))
        }
        allLabel={t("filters.allOffers")}
        unknownLabel={t("filters.unknownOffer")}
        aria-describedby={offers.isError ? `${id}-error` : undefined}
        data-testid="filter-offer"
      />
      {offers.isError ? (
        <p id={`${id}-error`} className="text-destructive text-sm" role="alert">
          {t("filters.offersError")}
        </p>
      ) : null}
    </FilterField>
  );
}

/** "From 21 Nov 2026 to 23 Nov 2026": the calendar days the figures cover. */
export function RangeCaption({ from, to }: { from: string | null; to: string }) {
  const { t } = useTranslation("admin-insights");
  const f = useFormatters();
  return (
    <p className="text-muted-foreground text-sm" data-testid="range-caption" data-from={from} data-to={to}>
      {t("filters.range", { from: f.date(from ?? to), to: f.date(to) })}
    </p>
  );
}
