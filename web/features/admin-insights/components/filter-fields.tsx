import { useTranslation } from "react-i18next";
import { ChoiceSelect, choicesOf } from "@/components/choice-select";
import { FieldLayout } from "@/components/field-layout";
import { useOffers } from "@/features/offers";
import { useFormatters } from "@/lib/use-formatters";
import { useInsightUsers } from "../api";

// The filter controls both admin screens share. Values are ids from the URL; "" means all.

/** A list that failed to load: said under the select, which still offers "all". */
function LoadError({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="text-destructive text-sm" role="alert">
      {text}
    </p>
  );
}

export function UserSelect({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (userId: string | undefined) => void;
}) {
  const { t } = useTranslation("admin-insights");
  const users = useInsightUsers();
  return (
    <FieldLayout label={t("filters.user")} className="min-w-0">
      {(props) => (
        <>
          <ChoiceSelect
            {...props}
            value={value ?? ""}
            onChange={(userId) => onChange(userId || undefined)}
            choices={choicesOf({ isPending: users.isPending, data: users.choices }, (u) => ({
              value: u.id,
              label: u.name,
            }))}
            allLabel={t("filters.allUsers")}
            unknownLabel={t("filters.unknownUser")}
            aria-describedby={users.isError ? `${props.id}-error` : undefined}
            data-testid="filter-user"
          />
          {users.isError ? <LoadError id={`${props.id}-error`} text={t("filters.usersError")} /> : null}
        </>
      )}
    </FieldLayout>
  );
}

export function OfferSelect({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (offerId: string | undefined) => void;
}) {
  const { t } = useTranslation("admin-insights");
  // History: an archived offer's figures stay filterable.
  const offers = useOffers("all");
  return (
    <FieldLayout label={t("filters.offer")} className="min-w-0">
      {(props) => (
        <>
          <ChoiceSelect
            {...props}
            value={value ?? ""}
            onChange={(offerId) => onChange(offerId || undefined)}
            choices={choicesOf(offers, (o) => ({ value: o.id, label: o.name }))}
            allLabel={t("filters.allOffers")}
            unknownLabel={t("filters.unknownOffer")}
            aria-describedby={offers.isError ? `${props.id}-error` : undefined}
            data-testid="filter-offer"
          />
          {offers.isError ? <LoadError id={`${props.id}-error`} text={t("filters.offersError")} /> : null}
        </>
      )}
    </FieldLayout>
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
