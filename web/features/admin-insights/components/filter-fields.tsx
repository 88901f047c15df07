import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
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
  // A link may name a user who is gone: keep the filter visible rather than silently widening it.
  const unknown = Boolean(value) && !users.isPending && !users.choices.some((user) => user.id === value);
  return (
    <FilterField id={id} label={t("filters.user")}>
      <NativeSelect
        id={id}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || undefined)}
        aria-describedby={users.isError ? `${id}-error` : undefined}
        data-testid="filter-user"
      >
        <option value="">{t("filters.allUsers")}</option>
        {unknown ? <option value={value}>{t("filters.unknownUser")}</option> : null}
        {users.choices.map((user) => (
          <option key={user.id} value={user.id}>
            {user.name}
          </option>
        ))}
      </NativeSelect>
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
  const choices = offers.data ?? [];
  const unknown = Boolean(value) && !offers.isPending && !choices.some((offer) => offer.id === value);
  return (
    <FilterField id={id} label={t("filters.offer")}>
      <NativeSelect
        id={id}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || undefined)}
        aria-describedby={offers.isError ? `${id}-error` : undefined}
        data-testid="filter-offer"
      >
        <option value="">{t("filters.allOffers")}</option>
        {unknown ? <option value={value}>{t("filters.unknownOffer")}</option> : null}
        {choices.map((offer) => (
          <option key={offer.id} value={offer.id}>
            {offer.name}
          </option>
        ))}
      </NativeSelect>
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
