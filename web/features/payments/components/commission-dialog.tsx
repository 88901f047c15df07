import { defaultRevenueTiers } from "@domain/commission";
import { formatMoneyForInput, formatPercentForInput } from "@domain/money-input";
import { addMonths, todayIn } from "@domain/periods";
import type { Language } from "@domain/roles";
import {
  type CommissionSettingsInput,
  type CommissionSettingsView,
  commissionSettingsInputSchema,
} from "@domain/schemas/payments";
import { Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Controller, type FieldErrors, type Resolver, set, useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/field";
import { IconButton } from "@/components/icon-button";
import { MoneyInput, PercentInput } from "@/components/money-input";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { codeResolver } from "@/lib/code-resolver";
import { applyServerErrors, errorKey } from "@/lib/form-errors";
import { formatDateTime } from "@/lib/format";
import { type MoneyTextOptions, readMoneyFields } from "@/lib/money-input";
import { toast } from "@/lib/toast";
import { useFormatters } from "@/lib/use-formatters";
import { useCommissionSettings, useSaveCommissionSettings } from "../api";
import { MonthPicker, useMonthLabel } from "./month-picker";

type Tier = {
  minRevenue: string;
  maxRevenue: string;
  commissionBelowRoi: string;
  commissionAboveRoi: string;
};
type Values = {
  modelType: "simple" | "tiered";
  baseCommissionRate: string;
  highRoiCommissionRate: string;
  roiThreshold: string;
  tieredRoiThreshold: string;
  minimumMonthlyRevenue: string;
  revenueTiers: Tier[];
  /** "YYYY-MM": the month these settings take effect from */
  effectiveFrom: string;
};

const schemaResolver = codeResolver<Values, CommissionSettingsInput>(
  commissionSettingsInputSchema,
  "payments",
);

/**
 * The API's own schema, the rates and amounts read as typed in the reader's language first: a text
 * that cannot be read keeps its own message (the money input's), the schema's the others.
 */
function commissionResolver(language: Language): Resolver<Values, unknown, CommissionSettingsInput> {
  return async (values, context, options) => {
    const { modelType, revenueTiers, effectiveFrom, ...rates } = values;
    const top = readMoneyFields(rates, language, rateOptions);
    const tiers = revenueTiers.map((tier) => readMoneyFields(tier, language, tierOptions));
    const input = {
      modelType,
      effectiveFrom,
      ...top.values,
      revenueTiers: tiers.map(({ values: tier }) => ({
        ...tier,
        maxRevenue: tier.maxRevenue.trim() === "" ? null : tier.maxRevenue,
      })),
    };
    const result = await schemaResolver(input as unknown as Values, context, options);
    const moneyErrors: [string, string][] = Object.entries(top.errors) as [string, string][];
    tiers.forEach((tier, index) => {
      for (const [key, message] of Object.entries(tier.errors))
        moneyErrors.push([`revenueTiers.${index}.${key}`, message as string]);
    });
    if (moneyErrors.length === 0) return result;
    const errors: FieldErrors<Values> = { ...result.errors };
    for (const [path, message] of moneyErrors) set(errors, path, { type: "money", message });
    return { values: {}, errors };
  };
}

/**
 * 'Editar Taxas de Comissão': the buyer's model, simple fields or a tier table, and the month it
 * takes effect from (earlier months keep the settings they had); below, every saved version.
 */
export function CommissionDialog({
  buyer,
  onOpenChange,
}: {
  buyer: { userId: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const open = buyer !== null;
  const settings = useCommissionSettings(buyer?.userId ?? null);
  const save = useSaveCommissionSettings(buyer?.userId ?? "");
  const form = useForm<Values, unknown, CommissionSettingsInput>({
    defaultValues: blankValues,
    resolver: commissionResolver(f.language),
  });
  const { control, reset, handleSubmit, setError, watch } = form;
  const tiers = useFieldArray({ control, name: "revenueTiers" });
  const [ready, setReady] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const currentMonth = todayIn(f.timeZone).slice(0, 7);

  const loaded = settings.data;
  useEffect(() => {
    if (!open) {
      setReady(false);
      return;
    }
    if (!loaded || ready) return;
    // Stored values as the reader writes them ("4000,00", "12,5" in pt-BR), read back the same way.
    const money = (value: string) => formatMoneyForInput(value, f.language);
    const rate = (value: string) => formatPercentForInput(value, f.language);
    reset({
      modelType: loaded.modelType,
      baseCommissionRate: rate(loaded.baseCommissionRate),
      highRoiCommissionRate: rate(loaded.highRoiCommissionRate),
      roiThreshold: rate(loaded.roiThreshold),
      tieredRoiThreshold: rate(loaded.tieredRoiThreshold),
      minimumMonthlyRevenue: money(loaded.minimumMonthlyRevenue),
      revenueTiers: (loaded.revenueTiers.length ? loaded.revenueTiers : defaultRevenueTiers).map((tier) => ({
        minRevenue: money(tier.minRevenue),
        maxRevenue: tier.maxRevenue === null ? "" : money(tier.maxRevenue),
        commissionBelowRoi: rate(tier.commissionBelowRoi),
        commissionAboveRoi: rate(tier.commissionAboveRoi),
      })),
      effectiveFrom: currentMonth,
    });
    setReady(true);
    setFormError(null);
  }, [open, loaded, ready, currentMonth, f.language, reset]);

  const modelType = watch("modelType");

  const submit = handleSubmit(
    async (input) => {
      if (!buyer || save.isPending) return;
      setFormError(null);
      try {
        await save.mutateAsync(input);
        toast.success(t("toasts.ratesUpdated"));
        onOpenChange(false);
      } catch (error) {
        const key = applyServerErrors(error, setError, { namespace: "payments", fields: fieldNames });
        setFormError(key);
        toast.error(t("toasts.ratesError"), { description: t(errorKey("payments", error)) });
      }
    },
    (errors) => {
      // An error in the other model's fields would block the save out of sight.
      setFormError(
        Object.keys(errors).some((key) => shownFields[modelType](key)) ? null : "payments:validation.invalid",
      );
    },
  );

  const rateField = (
    name: keyof Omit<Values, "modelType" | "revenueTiers" | "effectiveFrom">,
    label: string,
  ) => {
    const Control = name === "minimumMonthlyRevenue" ? MoneyInput : PercentInput;
    return (
      <Field control={control} name={name} label={label}>
        {(field, props) => <Control {...field} {...props} />}
      </Field>
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent closeLabel={t("common:close")} className="sm:max-w-3xl" data-testid="commission-dialog">
        <DialogHeader>
          <DialogTitle>{t("commission.title")}</DialogTitle>
          <DialogDescription>
            {buyer ? t("commission.description", { name: buyer.name }) : ""}
          </DialogDescription>
        </DialogHeader>
        {settings.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {t("toasts.settingsNotFound")}
          </p>
        ) : !ready ? (
          <Skeleton className="h-48 w-full" />
        ) : (
          <form className="grid max-h-[70svh] gap-4 overflow-y-auto px-1" onSubmit={submit} noValidate>
            <Field control={control} name="modelType" label={t("commission.model")}>
              {(field, props) => (
                <NativeSelect {...field} {...props} data-testid="commission-model">
                  <option value="simple">{t("model.simple")}</option>
                  <option value="tiered">{t("model.tiered")}</option>
                </NativeSelect>
              )}
            </Field>
            {modelType === "simple" ? (
              <div className="grid gap-4 sm:grid-cols-3">
                {rateField("baseCommissionRate", t("commission.baseRate"))}
                {rateField("highRoiCommissionRate", t("commission.highRoiRate"))}
                {rateField("roiThreshold", t("commission.roiThreshold"))}
              </div>
            ) : (
              <>
                <div className="grid gap-4 sm:grid-cols-2">
                  {rateField("tieredRoiThreshold", t("commission.tieredRoiThreshold"))}
                  {rateField(
                    "minimumMonthlyRevenue",
                    t("commission.minimumRevenue", { currency: f.currency }),
                  )}
                </div>
                <fieldset className="grid gap-2">
                  <legend className="mb-2 font-medium text-sm">{t("commission.tiers")}</legend>
                  <div className="hidden grid-cols-[1fr_1fr_1fr_1fr_2.25rem] gap-2 text-muted-foreground text-xs sm:grid">
                    <span>{t("commission.minRevenue")}</span>
                    <span>{t("commission.maxRevenue")}</span>
                    <span>{t("commission.belowRoi")}</span>
                    <span>{t("commission.aboveRoi")}</span>
                  </div>
                  {tiers.fields.map((tier, index) => (
                    <div
                      key={tier.id}
                      className="grid grid-cols-2 gap-2 rounded-md border p-2 sm:grid-cols-[1fr_1fr_1fr_1fr_2.25rem] sm:border-0 sm:p-0"
                      data-testid="tier-row"
                    >
                      {(
                        ["minRevenue", "maxRevenue", "commissionBelowRoi", "commissionAboveRoi"] as const
                      ).map((key) => {
                        const Control = tierOptions[key].kind === "percent" ? PercentInput : MoneyInput;
                        return (
                          <Field
                            key={key}
                            control={control}
                            name={`revenueTiers.${index}.${key}`}
                            className="gap-1"
                            labelClassName="text-muted-foreground text-xs sm:sr-only"
                            label={
                              <>
                                {t(`commission.${tierLabels[key]}`)}
                                <span className="sr-only"> ({t("commission.tier", { n: index + 1 })})</span>
                              </>
                            }
                          >
                            {(field, props) => (
                              <Control
                                {...field}
                                {...props}
                                placeholder={key === "maxRevenue" ? t("commission.unlimited") : undefined}
                              />
                            )}
                          </Field>
                        );
                      })}
                      <IconButton
                        type="button"
                        variant="ghost"
                        label={t("commission.removeTier", { n: index + 1 })}
                        onClick={() => tiers.remove(index)}
                      >
                        <Trash2 aria-hidden="true" />
                      </IconButton>
                    </div>
                  ))}
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="w-fit"
                    onClick={() => {
                      const last = watch("revenueTiers").at(-1);
                      tiers.append({
                        minRevenue: last?.maxRevenue ?? "",
                        maxRevenue: "",
                        commissionBelowRoi: "",
                        commissionAboveRoi: "",
                      });
                    }}
                  >
                    <Plus aria-hidden="true" />
                    {t("commission.addTier")}
                  </Button>
                  {(form.formState.errors.revenueTiers?.root?.message ??
                  form.formState.errors.revenueTiers?.message) ? (
                    <p className="text-destructive text-sm">
                      {t(
                        form.formState.errors.revenueTiers?.root?.message ??
                          form.formState.errors.revenueTiers?.message ??
                          "",
                      )}
                    </p>
                  ) : null}
                </fieldset>
              </>
            )}
            <div className="grid gap-1.5 rounded-md border p-3">
              <p className="font-medium text-sm" aria-hidden="true">
                {t("commission.effectiveFrom")}
              </p>
              <Controller
                control={control}
                name="effectiveFrom"
                render={({ field, fieldState }) => (
                  <>
                    <MonthPicker
                      month={field.value}
                      maxMonth={addMonths(`${currentMonth}-01`, 12).slice(0, 7)}
                      onChange={field.onChange}
                      legend={t("commission.effectiveFrom")}
                      testId="commission-effective-from"
                    />
                    <p className="text-muted-foreground text-xs">{t("commission.effectiveFromHint")}</p>
                    {fieldState.error?.message ? (
                      <p className="text-destructive text-sm">{t(fieldState.error.message)}</p>
                    ) : null}
                  </>
                )}
              />
            </div>
            {loaded && loaded.history.length > 0 ? <SettingsHistory history={loaded.history} /> : null}
            {formError ? (
              <p role="alert" className="text-destructive text-sm">
                {t(formError)}
              </p>
            ) : null}
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                onClick={() => onOpenChange(false)}
                disabled={save.isPending}
              >
                {t("actions.cancel")}
              </Button>
              <Button type="submit" disabled={save.isPending} data-testid="commission-submit">
                {save.isPending ? <Spinner /> : null}
                {t("actions.save")}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

const blankValues: Values = {
  modelType: "simple",
  baseCommissionRate: "",
  highRoiCommissionRate: "",
  roiThreshold: "",
  tieredRoiThreshold: "",
  minimumMonthlyRevenue: "",
  revenueTiers: [],
  effectiveFrom: "",
};
const fieldNames = [
  "modelType",
  "baseCommissionRate",
  "highRoiCommissionRate",
  "roiThreshold",
  "tieredRoiThreshold",
  "minimumMonthlyRevenue",
  "revenueTiers",
  "effectiveFrom",
] as const;

const percent: MoneyTextOptions = { kind: "percent" };
const rateOptions: Record<
  keyof Omit<Values, "modelType" | "revenueTiers" | "effectiveFrom">,
  MoneyTextOptions
> = {
  baseCommissionRate: percent,
  highRoiCommissionRate: percent,
  roiThreshold: percent,
  tieredRoiThreshold: percent,
  minimumMonthlyRevenue: {},
};
const tierOptions: Record<keyof Tier, MoneyTextOptions> = {
  minRevenue: {},
  maxRevenue: {},
  commissionBelowRoi: percent,
  commissionAboveRoi: percent,
};
const shownFields: Record<Values["modelType"], (field: string) => boolean> = {
  simple: (field) => ["baseCommissionRate", "highRoiCommissionRate", "roiThreshold"].includes(field),
  tiered: (field) =>
    field === "tieredRoiThreshold" || field === "minimumMonthlyRevenue" || field.startsWith("revenueTiers"),
};

const tierLabels = {
  minRevenue: "minRevenue",
  maxRevenue: "maxRevenue",
  commissionBelowRoi: "belowRoi",
  commissionAboveRoi: "aboveRoi",
} as const;

/** Every saved version of the buyer's settings, newest effective month first (as the server sends). */
function SettingsHistory({ history }: { history: CommissionSettingsView["history"] }) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const monthLabel = useMonthLabel();
  const rate = (value: string) => f.percent(value);
  return (
    <section className="grid grid-cols-[minmax(0,1fr)] gap-2" data-testid="commission-history">
      <h3 className="font-medium text-sm">{t("commission.historyTitle")}</h3>
      <ol className="grid grid-cols-[minmax(0,1fr)] gap-2">
        {history.map((version) => (
          <li
            key={`${version.effectiveFrom ?? "start"}-${version.updatedAt}`}
            className="rounded-md border px-3 py-2 text-sm"
            data-testid="commission-version"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium">
                {version.effectiveFrom
                  ? t("commission.fromMonth", { month: monthLabel(version.effectiveFrom) })
                  : t("commission.fromStart")}
              </span>
              <span className="text-muted-foreground text-xs">{t(`model.${version.modelType}`)}</span>
            </div>
            <p className="text-muted-foreground text-xs">
              {version.modelType === "simple"
                ? t("commission.simpleSummary", {
                    base: rate(version.baseCommissionRate),
                    high: rate(version.highRoiCommissionRate),
                    threshold: rate(version.roiThreshold),
                  })
                : t("commission.tieredSummary", {
                    threshold: rate(version.tieredRoiThreshold),
                    minimum: f.money(version.minimumMonthlyRevenue),
                  })}
            </p>
            <p className="text-muted-foreground text-xs">
              {t("changes.byAt", {
                name: version.updatedBy?.name ?? t("changes.system"),
                when: formatDateTime(version.updatedAt, f.language, f.timeZone),
              })}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
