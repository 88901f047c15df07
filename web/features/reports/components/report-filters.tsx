import type { Offer } from "@domain/schemas/offers";
import type { User } from "@domain/schemas/users";
import { Download, Eraser, Play } from "lucide-react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ChoiceSelect, choicesOf } from "@/components/choice-select";
import { FieldLayout } from "@/components/field-layout";
import { PercentInput } from "@/components/money-input";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { DateInput } from "@/components/ui/date-input";
import { NativeSelect } from "@/components/ui/native-select";
import { validationKey } from "@/lib/form-errors";
import { cn } from "@/lib/utils";
import {
  defaultPeriod,
  type PeriodChoice,
  periodChoices,
  type ReportDraft,
  type ReportDraftField,
} from "../filters";

type Lookup<T> = { data: T[] | undefined; isPending: boolean; isError: boolean };

/** The filter form. It edits a draft; Generate applies it (to the URL), Clear goes back to 30 days. */
export function ReportFilters({
  draft,
  errors,
  users,
  offers,
  csvUrl,
  generating,
  dirty,
  onChange,
  onGenerate,
  onClear,
}: {
  draft: ReportDraft;
  errors: Partial<Record<ReportDraftField, string>>;
  users: Lookup<User>;
  offers: Lookup<Offer>;
  /** null while the applied filters are not valid: there is nothing to export. */
  csvUrl: string | null;
  generating: boolean;
  /** The form differs from the report on screen. */
  dirty: boolean;
  onChange: (draft: ReportDraft) => void;
  onGenerate: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation("reports");
  const set = (patch: Partial<ReportDraft>) => onChange({ ...draft, ...patch });

  const setPeriod = (period: PeriodChoice) =>
    // A named period replaces the custom dates; choosing "custom" keeps them for editing.
    set(period === "custom" ? { period } : { period, from: "", to: "" });
  const setDate = (field: "from" | "to", value: string) => {
    const other = field === "from" ? draft.to : draft.from;
    const period: PeriodChoice =
      value || other ? "custom" : draft.period === "custom" ? defaultPeriod : draft.period;
    set({ [field]: value, period });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onGenerate();
  };

  const errorKeyOf = (field: ReportDraftField) => {
    const code = errors[field];
    return code ? validationKey("reports", code) : undefined;
  };

  return (
    <Card className="py-4">
      <CardContent className="px-4">
        <form
          onSubmit={submit}
          noValidate
          aria-label={t("filters.title")}
          className="flex flex-col gap-4"
          data-testid="report-filters"
        >
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <FieldLayout
              label={t("filters.period")}
              error={errorKeyOf("period")}
              className="content-start min-w-0"
            >
              {(props) => (
                <>
                  <NativeSelect
                    {...props}
                    value={draft.period}
                    onChange={(event) => setPeriod(event.target.value as PeriodChoice)}
                    data-testid="filter-period"
                  >
                    {periodChoices.map((choice) => (
                      <option key={choice} value={choice}>
                        {t(`periods.${choice}`)}
                      </option>
                    ))}
                    <option value="custom">{t("periods.custom")}</option>
                  </NativeSelect>
                </>
              )}
            </FieldLayout>
            <FieldLayout
              label={t("filters.from")}
              error={errorKeyOf("from")}
              className="content-start min-w-0"
            >
              {(props) => (
                <>
                  <DateInput
                    {...props}
                    value={draft.from}
                    max={draft.to || undefined}
                    onChange={(value) => setDate("from", value)}
                    data-testid="filter-from"
                  />
                </>
              )}
            </FieldLayout>
            <FieldLayout label={t("filters.to")} error={errorKeyOf("to")} className="content-start min-w-0">
              {(props) => (
                <>
                  <DateInput
                    {...props}
                    value={draft.to}
                    min={draft.from || undefined}
                    onChange={(value) => setDate("to", value)}
                    data-testid="filter-to"
                  />
                </>
              )}
            </FieldLayout>
            <FieldLayout
              label={t("filters.user")}
              error={errorKeyOf("userId")}
              className="content-start min-w-0"
            >
              {(props) => (
                <>
                  <ChoiceSelect
                    {...props}
                    value={draft.userId}
                    onChange={(userId) => set({ userId })}
                    choices={choicesOf(users, (u) => ({ value: u.id, label: `${u.name} · ${u.email}` }))}
                    allLabel={t("filters.allUsers")}
                    unknownLabel={t("filters.unknownUser")}
                    data-testid="filter-user"
                  />
                  {users.isError ? (
                    <p className="text-destructive text-xs">{t("filters.usersError")}</p>
                  ) : null}
                </>
              )}
            </FieldLayout>
            <FieldLayout
              label={t("filters.offer")}
              error={errorKeyOf("offerId")}
              className="content-start min-w-0"
            >
              {(props) => (
                <>
                  <ChoiceSelect
                    {...props}
                    value={draft.offerId}
                    onChange={(offerId) => set({ offerId })}
                    choices={choicesOf(offers, (o) => ({
                      value: o.id,
                      label: `${o.name} · ${o.casinoBrand}`,
                    }))}
                    allLabel={t("filters.allOffers")}
                    unknownLabel={t("filters.unknownOffer")}
                    data-testid="filter-offer"
                  />
                  {offers.isError ? (
                    <p className="text-destructive text-xs">{t("filters.offersError")}</p>
                  ) : null}
                </>
              )}
            </FieldLayout>
            <FieldLayout
              label={t("filters.minRoi")}
              error={errorKeyOf("minRoi")}
              className="content-start min-w-0"
            >
              {(props) => (
                <>
                  <PercentInput
                    {...props}
                    allowNegative
                    placeholder={t("filters.roiPlaceholder")}
                    value={draft.minRoi}
                    onChange={(text) => set({ minRoi: text })}
                    data-testid="filter-min-roi"
                  />
                </>
              )}
            </FieldLayout>
            <FieldLayout
              label={t("filters.maxRoi")}
              error={errorKeyOf("maxRoi")}
              className="content-start min-w-0"
            >
              {(props) => (
                <>
                  <PercentInput
                    {...props}
                    allowNegative
                    placeholder={t("filters.roiPlaceholder")}
                    value={draft.maxRoi}
                    onChange={(text) => set({ maxRoi: text })}
                    data-testid="filter-max-roi"
                  />
                </>
              )}
            </FieldLayout>
          </div>
          <p className="text-muted-foreground text-xs">{t("filters.roiHint")}</p>
          <p
            className={cn(
              "rounded-md border border-warning/60 bg-warning/10 px-3 py-2 text-sm",
              !dirty && "sr-only",
            )}
            aria-live="polite"
            data-testid="filters-pending"
          >
            {dirty ? t("filters.pending") : ""}
          </p>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button type="submit" disabled={generating} data-testid="generate-report">
              <Play aria-hidden="true" />
              {t("actions.generate")}
            </Button>
            {csvUrl ? (
              <Button asChild variant="outline">
                <a href={csvUrl} download data-testid="export-csv">
                  <Download aria-hidden="true" />
                  {t("actions.export")}
                </a>
              </Button>
            ) : (
              <Button variant="outline" disabled data-testid="export-csv">
                <Download aria-hidden="true" />
                {t("actions.export")}
              </Button>
            )}
            <Button type="button" variant="ghost" onClick={onClear} data-testid="clear-filters">
              <Eraser aria-hidden="true" />
              {t("actions.clear")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
