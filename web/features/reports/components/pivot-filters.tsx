import { formatMoneyForInput, formatPercentForInput } from "@domain/money-input";
import { campaignReadScopeFor, can } from "@domain/permissions";
import type { Language } from "@domain/roles";
import { Check } from "lucide-react";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ChoiceSelect, choicesOf } from "@/components/choice-select";
import { FieldLayout } from "@/components/field-layout";
import { MoneyInput, PercentInput } from "@/components/money-input";
import { Button } from "@/components/ui/button";
import { useCurrentUser } from "@/features/auth";
import { useOffers } from "@/features/offers";
import { useUsers } from "@/features/users";
import { useLanguage } from "@/lib/use-language";
import { withParams } from "@/lib/use-url-state";
import { type Bounds, checkBounds } from "../bounds";

// The pivot's filters: who (buyer, team), what (offer, brand) and the typed bounds. Loaded lazily
// (pivot-controls.tsx): money text is read with zod, which the report's first paint does without.

type BoundsDraft = Bounds;

function draftOf(params: URLSearchParams, language: Language): BoundsDraft {
  const show = (value: string | null, as: (v: string, l: Language) => string) =>
    value && /^-?\d+(\.\d+)?$/.test(value) ? as(value, language) : (value ?? "");
  return {
    minRoi: show(params.get("minRoi"), formatPercentForInput),
    maxRoi: show(params.get("maxRoi"), formatPercentForInput),
    minSpend: show(params.get("minSpend"), formatMoneyForInput),
  };
}

/** The filters form; its own chunk (a default export for React.lazy). */
export default function PivotFilters() {
  const { t } = useTranslation("reports");
  const language = useLanguage();
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const scope = campaignReadScopeFor(me.role);
  // A buyer reads only their own rows: no buyer or team to choose.
  const users = useUsers({}, { enabled: scope !== "own" });
  // History: an archived offer's figures stay in reports.
  const offers = useOffers("all");
  const buyers = useMemo(
    () => ({
      isPending: users.isPending,
      data: users.data?.filter((user) => can(user.role, "campaigns:write")),
    }),
    [users.isPending, users.data],
  );
  const leads = useMemo(
    () => ({ isPending: users.isPending, data: users.data?.filter((user) => can(user.role, "team:lead")) }),
    [users.isPending, users.data],
  );
  const brands = useMemo(
    () => ({
      isPending: offers.isPending,
      data: [...new Set((offers.data ?? []).map((offer) => offer.casinoBrand))].sort((a, b) =>
        a.localeCompare(b, language),
      ),
    }),
    [offers.isPending, offers.data, language],
  );

  const set = (name: string, value: string) =>
    setParams((current) => withParams(current, { [name]: value, page: null }), { replace: true });

  const applied = useMemo(() => draftOf(params, language), [params, language]);
  const appliedKey = `${applied.minRoi}|${applied.maxRoi}|${applied.minSpend}`;
  const [draft, setDraft] = useState<BoundsDraft>(applied);
  const [synced, setSynced] = useState(appliedKey);
  const [errors, setErrors] = useState<Partial<Record<keyof BoundsDraft, string>>>({});
  // The address changed (a saved view, Back, a drill): the fields show it.
  if (synced !== appliedKey) {
    setSynced(appliedKey);
    setDraft(applied);
    setErrors({});
  }

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const result = checkBounds(draft, language);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setParams((current) => withParams(current, { ...result.values, page: null }), { replace: true });
  };

  return (
    <form
      onSubmit={apply}
      noValidate
      aria-label={t("filters.title")}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      data-testid="pivot-filters"
    >
      {scope !== "own" ? (
        <FieldLayout label={t("filters.buyer")} className="min-w-0 content-start">
          {(props) => (
            <ChoiceSelect
              {...props}
              value={params.get("buyerId") ?? ""}
              onChange={(value) => set("buyerId", value)}
              choices={choicesOf(buyers, (user) => ({ value: user.id, label: user.name }))}
              allLabel={t("filters.allBuyers")}
              unknownLabel={t("filters.unknown")}
              data-testid="filter-buyer"
            />
          )}
        </FieldLayout>
      ) : null}
      {scope === "all" ? (
        <FieldLayout label={t("filters.team")} className="min-w-0 content-start">
          {(props) => (
            <ChoiceSelect
              {...props}
              value={params.get("teamId") ?? ""}
              onChange={(value) => set("teamId", value)}
              choices={choicesOf(leads, (user) => ({ value: user.id, label: user.name }))}
              allLabel={t("filters.allTeams")}
              unknownLabel={t("filters.unknown")}
              data-testid="filter-team"
            />
          )}
        </FieldLayout>
      ) : null}
      <FieldLayout label={t("filters.offer")} className="min-w-0 content-start">
        {(props) => (
          <ChoiceSelect
            {...props}
            value={params.get("offerId") ?? ""}
            onChange={(value) => set("offerId", value)}
            choices={choicesOf(offers, (offer) => ({ value: offer.id, label: offer.name }))}
            allLabel={t("filters.allOffers")}
            unknownLabel={t("filters.unknown")}
            data-testid="filter-offer"
          />
        )}
      </FieldLayout>
      <FieldLayout label={t("filters.brand")} className="min-w-0 content-start">
        {(props) => (
          <ChoiceSelect
            {...props}
            value={params.get("brand") ?? ""}
            onChange={(value) => set("brand", value)}
            choices={choicesOf(brands, (brand) => ({ value: brand, label: brand }))}
            allLabel={t("filters.allBrands")}
            unknownLabel={params.get("brand") ?? ""}
            data-testid="filter-brand"
          />
        )}
      </FieldLayout>
      <FieldLayout label={t("filters.minRoi")} error={errors.minRoi} className="min-w-0 content-start">
        {(props) => (
          <PercentInput
            {...props}
            allowNegative
            value={draft.minRoi}
            onChange={(text) => setDraft({ ...draft, minRoi: text })}
            data-testid="filter-min-roi"
          />
        )}
      </FieldLayout>
      <FieldLayout label={t("filters.maxRoi")} error={errors.maxRoi} className="min-w-0 content-start">
        {(props) => (
          <PercentInput
            {...props}
            allowNegative
            value={draft.maxRoi}
            onChange={(text) => setDraft({ ...draft, maxRoi: text })}
            data-testid="filter-max-roi"
          />
        )}
      </FieldLayout>
      <FieldLayout label={t("filters.minSpend")} error={errors.minSpend} className="min-w-0 content-start">
        {(props) => (
          <MoneyInput
            {...props}
            value={draft.minSpend}
            onChange={(text) => setDraft({ ...draft, minSpend: text })}
            data-testid="filter-min-spend"
          />
        )}
      </FieldLayout>
      <div className="flex items-end">
        <Button type="submit" variant="secondary" data-testid="filter-apply">
          <Check aria-hidden="true" />
          {t("filters.apply")}
        </Button>
      </div>
    </form>
  );
}
