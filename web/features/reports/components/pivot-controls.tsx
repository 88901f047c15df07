import { formatMoneyForInput, formatPercentForInput } from "@domain/money-input";
import { campaignReadScopeFor, can } from "@domain/permissions";
import type { Language } from "@domain/roles";
import {
  maxPivotDimensions,
  type PivotDimension,
  type PivotMetric,
  pivotMetrics,
  pivotQuerySchema,
} from "@domain/schemas/pivot";
import { ArrowDown, ArrowUp, Check, Plus, X } from "lucide-react";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ChoiceSelect, choicesOf } from "@/components/choice-select";
import { FieldLayout } from "@/components/field-layout";
import { MoneyInput, PercentInput } from "@/components/money-input";
import { RangePicker } from "@/components/range-picker";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { NativeSelect } from "@/components/ui/native-select";
import { useCurrentUser } from "@/features/auth";
import { useOffers } from "@/features/offers";
import { useUsers } from "@/features/users";
import { fieldCodesFromZod, validationKey } from "@/lib/form-errors";
import { readMoneyFields } from "@/lib/money-input";
import { useLanguage } from "@/lib/use-language";
import { useRangeParam, withParams } from "@/lib/use-url-state";
import { dimensionChoices, moveItem, writeColumns, writeGroupBy } from "../pivot-state";

/** Every control of the pivot: grouping, columns, range, compare and filters. */
export function PivotControls({ groupBy, columns }: { groupBy: PivotDimension[]; columns: PivotMetric[] }) {
  const { t } = useTranslation("reports");
  const [params, setParams] = useSearchParams();
  const [range, setRange] = useRangeParam("30d");
  const compare = params.get("compare") === "previous";
  // Control changes replace the entry; only a drill is a step Back returns from.
  const update = (next: URLSearchParams) => setParams(next, { replace: true });

  return (
    <Card className="py-4">
      <CardContent className="flex flex-col gap-4 px-3 sm:px-4" data-testid="pivot-controls">
        <div className="flex flex-wrap items-end gap-3">
          <RangePicker
            value={range}
            onChange={setRange}
            label={t("controls.period")}
            testId="pivot-range"
            className="min-w-0"
          />
          <label className="flex min-h-9 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={compare}
              onChange={(event) =>
                update(withParams(params, { compare: event.target.checked ? "previous" : null, page: null }))
              }
              data-testid="pivot-compare"
            />
            {t("controls.compare")}
          </label>
        </div>
        <GroupByEditor groupBy={groupBy} onChange={(next) => update(writeGroupBy(params, next))} />
        <Filters />
        <ColumnsEditor columns={columns} onChange={(next) => update(writeColumns(params, next))} />
      </CardContent>
    </Card>
  );
}

function GroupByEditor({
  groupBy,
  onChange,
}: {
  groupBy: PivotDimension[];
  onChange: (next: PivotDimension[]) => void;
}) {
  const { t } = useTranslation("reports");
  const free = dimensionChoices(groupBy, groupBy.length);
  return (
    <fieldset className="min-w-0" data-testid="pivot-groupby">
      <legend className="mb-2 font-medium text-sm">{t("controls.groupBy")}</legend>
      <ol className="flex flex-wrap items-end gap-2">
        {groupBy.map((dimension, index) => (
          <li key={dimension} className="flex min-w-0 items-center gap-1 rounded-md border p-1">
            <NativeSelect
              aria-label={t("controls.level", { n: index + 1 })}
              value={dimension}
              onChange={(event) =>
                onChange(groupBy.map((d, i) => (i === index ? (event.target.value as PivotDimension) : d)))
              }
              className="w-auto"
              data-testid={`groupby-${index}`}
            >
              {dimensionChoices(groupBy, index).map((choice) => (
                <option key={choice} value={choice}>
                  {t(`dimensions.${choice}`)}
                </option>
              ))}
            </NativeSelect>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={t("controls.moveUp", { name: t(`dimensions.${dimension}`) })}
              disabled={index === 0}
              onClick={() => onChange(moveItem(groupBy, index, -1))}
            >
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={t("controls.moveDown", { name: t(`dimensions.${dimension}`) })}
              disabled={index === groupBy.length - 1}
              onClick={() => onChange(moveItem(groupBy, index, 1))}
            >
              <ArrowDown aria-hidden="true" />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={t("controls.remove", { name: t(`dimensions.${dimension}`) })}
              disabled={groupBy.length === 1}
              onClick={() => onChange(groupBy.filter((_, i) => i !== index))}
              data-testid={`groupby-remove-${index}`}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
        {groupBy.length < maxPivotDimensions && free.length > 0 ? (
          <li>
            <Button
              type="button"
              variant="outline"
              onClick={() => onChange([...groupBy, free[0] as PivotDimension])}
              data-testid="groupby-add"
            >
              <Plus aria-hidden="true" />
              {t("controls.addLevel")}
            </Button>
          </li>
        ) : null}
      </ol>
    </fieldset>
  );
}

function ColumnsEditor({
  columns,
  onChange,
}: {
  columns: PivotMetric[];
  onChange: (next: PivotMetric[]) => void;
}) {
  const { t } = useTranslation("reports");
  // Chosen columns first, in their order; then the others in the API's order.
  const rest = pivotMetrics.filter((metric) => !columns.includes(metric));
  const toggle = (metric: PivotMetric, on: boolean) => {
    if (on) onChange([...columns, metric]);
    else if (columns.length > 1) onChange(columns.filter((m) => m !== metric));
  };
  return (
    <details className="min-w-0 rounded-md border px-3 py-2" data-testid="pivot-columns">
      <summary className="cursor-pointer font-medium text-sm">
        {t("controls.columns", { n: columns.length })}
      </summary>
      <ul className="mt-2 grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
        {[...columns, ...rest].map((metric) => {
          const index = columns.indexOf(metric);
          const chosen = index >= 0;
          const name = t(`campaigns:metrics.${metric}`);
          return (
            <li key={metric} className="flex min-w-0 items-center gap-1">
              <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={chosen}
                  disabled={chosen && columns.length === 1}
                  onChange={(event) => toggle(metric, event.target.checked)}
                  data-testid={`column-${metric}`}
                />
                <span className="truncate">{name}</span>
              </label>
              {chosen ? (
                <>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={t("controls.moveUp", { name })}
                    disabled={index === 0}
                    onClick={() => onChange(moveItem(columns, index, -1))}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={t("controls.moveDown", { name })}
                    disabled={index === columns.length - 1}
                    onClick={() => onChange(moveItem(columns, index, 1))}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </details>
  );
}

type BoundsDraft = { minRoi: string; maxRoi: string; minSpend: string };

function draftOf(params: URLSearchParams, language: Language): BoundsDraft {
  const show = (value: string | null, as: (v: string, l: Language) => string) =>
    value && /^-?\d+(\.\d+)?$/.test(value) ? as(value, language) : (value ?? "");
  return {
    minRoi: show(params.get("minRoi"), formatPercentForInput),
    maxRoi: show(params.get("maxRoi"), formatPercentForInput),
    minSpend: show(params.get("minSpend"), formatMoneyForInput),
  };
}

/** "12.50" → "12.5": short, stable addresses. */
function compact(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

/**
 * Checks typed bounds in the reader's language and with the API's own schema; the typed text
 * stays in the field whatever its state, and only a valid set reaches the address.
 */
export function checkBounds(
  draft: BoundsDraft,
  language: Language,
):
  | { ok: true; values: Record<keyof BoundsDraft, string | null> }
  | { ok: false; errors: Partial<Record<keyof BoundsDraft, string>> } {
  const percent = { kind: "percent", allowNegative: true } as const;
  const read = readMoneyFields(draft, language, {
    minRoi: percent,
    maxRoi: percent,
    minSpend: { kind: "money" },
  });
  if (Object.keys(read.errors).length > 0) return { ok: false, errors: read.errors };
  const values = {
    minRoi: read.values.minRoi.trim() ? compact(read.values.minRoi) : null,
    maxRoi: read.values.maxRoi.trim() ? compact(read.values.maxRoi) : null,
    minSpend: read.values.minSpend.trim() ? read.values.minSpend : null,
  };
  const checked = pivotQuerySchema.safeParse(
    Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null)),
  );
  if (!checked.success) {
    const codes = fieldCodesFromZod(checked.error);
    const errors: Partial<Record<keyof BoundsDraft, string>> = {};
    for (const key of ["minRoi", "maxRoi", "minSpend"] as const)
      if (codes[key]) errors[key] = validationKey("reports", codes[key]);
    if (Object.keys(errors).length > 0) return { ok: false, errors };
  }
  return { ok: true, values };
}

function Filters() {
  const { t } = useTranslation("reports");
  const language = useLanguage();
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const scope = campaignReadScopeFor(me.role);
  // A buyer reads only their own rows: no buyer or team to choose.
  const users = useUsers({}, { enabled: scope !== "own" });
  const offers = useOffers();
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
    setParams(withParams(params, { [name]: value, page: null }), { replace: true });

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
    setParams(withParams(params, { ...result.values, page: null }), { replace: true });
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
