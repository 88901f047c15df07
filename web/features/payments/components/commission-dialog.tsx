import { defaultRevenueTiers } from "@domain/commission";
import { formatMoneyForInput, formatPercentForInput } from "@domain/money-input";
import { addMonths, todayIn } from "@domain/periods";
import {
  type CommissionSettingsForm,
  type CommissionSettingsView,
  commissionSettingsInputSchema,
} from "@domain/schemas/payments";
import { Plus, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, fieldAria } from "@/components/field";
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
import { isApiError } from "@/lib/api";
import { errorKey, fieldCodesFromZod, validationKey } from "@/lib/form-errors";
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
  const baseId = useId();
  const open = buyer !== null;
  const settings = useCommissionSettings(buyer?.userId ?? null);
  const save = useSaveCommissionSettings(buyer?.userId ?? "");
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const currentMonth = todayIn(f.timeZone).slice(0, 7);

  const loaded = settings.data;
  useEffect(() => {
    if (!open) {
      setValues(null);
      return;
    }
    if (!loaded || values) return;
    // Stored values as the reader writes them ("4000,00", "12,5" in pt-BR), read back the same way.
    const money = (value: string) => formatMoneyForInput(value, f.language);
    const rate = (value: string) => formatPercentForInput(value, f.language);
    setValues({
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
    setErrors({});
    setFormError(null);
  }, [open, loaded, values, currentMonth, f.language]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => (current ? { ...current, [key]: value } : current));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const setTier = (index: number, key: keyof Tier, value: string) => {
    setValues((current) =>
      current
        ? {
            ...current,
            revenueTiers: current.revenueTiers.map((tier, i) =>
              i === index ? { ...tier, [key]: value } : tier,
            ),
          }
        : current,
    );
    setErrors(({ [`revenueTiers.${index}.${key}`]: _gone, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!values || !buyer || save.isPending) return;
    setFormError(null);
    // Rates and amounts as typed, read in the reader's language; unreadable texts stay as typed.
    const { modelType, revenueTiers, effectiveFrom, ...rates } = values;
    const top = readMoneyFields(rates, f.language, rateOptions);
    const tiers = revenueTiers.map((tier) => readMoneyFields(tier, f.language, tierOptions));
    const moneyErrors: Record<string, string> = { ...top.errors };
    tiers.forEach((tier, index) => {
      for (const [key, message] of Object.entries(tier.errors))
        moneyErrors[`revenueTiers.${index}.${key}`] = message as string;
    });
    const input: CommissionSettingsForm = {
      modelType,
      effectiveFrom,
      ...top.values,
      revenueTiers: tiers.map(({ values: tier }) => ({
        ...tier,
        maxRevenue: tier.maxRevenue.trim() === "" ? null : tier.maxRevenue,
      })),
    };
    const parsed = commissionSettingsInputSchema.safeParse(input);
    if (!parsed.success || Object.keys(moneyErrors).length > 0) {
      const next = { ...(parsed.success ? {} : mapCodes(fieldCodesFromZod(parsed.error))), ...moneyErrors };
      setErrors(next);
      // An error in the other model's fields would block the save out of sight.
      if (!Object.keys(next).some((key) => shownFields[modelType](key)))
        setFormError("payments:validation.invalid");
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      toast.success(t("toasts.ratesUpdated"));
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors(mapCodes(error.fields));
      const key = errorKey("payments", error);
      setFormError(key);
      toast.error(t("toasts.ratesError"), { description: t(key) });
    }
  }

  const id = (name: string) => `${baseId}-${name}`;
  const percentInput = (name: keyof Omit<Values, "modelType" | "revenueTiers">, label: string) => {
    const Control = name === "minimumMonthlyRevenue" ? MoneyInput : PercentInput;
    return (
      <Field id={id(name)} label={label} error={errors[name]}>
        <Control
          {...fieldAria(id(name), errors[name])}
          value={values ? values[name] : ""}
          onChange={(text) => set(name, text)}
        />
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
        ) : !values ? (
          <Skeleton className="h-48 w-full" />
        ) : (
          <form className="grid max-h-[70svh] gap-4 overflow-y-auto px-1" onSubmit={submit} noValidate>
            <Field id={id("model")} label={t("commission.model")}>
              <NativeSelect
                id={id("model")}
                value={values.modelType}
                onChange={(e) => set("modelType", e.target.value as Values["modelType"])}
                data-testid="commission-model"
              >
                <option value="simple">{t("model.simple")}</option>
                <option value="tiered">{t("model.tiered")}</option>
              </NativeSelect>
            </Field>
            {values.modelType === "simple" ? (
              <div className="grid gap-4 sm:grid-cols-3">
                {percentInput("baseCommissionRate", t("commission.baseRate"))}
                {percentInput("highRoiCommissionRate", t("commission.highRoiRate"))}
                {percentInput("roiThreshold", t("commission.roiThreshold"))}
              </div>
            ) : (
              <>
                <div className="grid gap-4 sm:grid-cols-2">
                  {percentInput("tieredRoiThreshold", t("commission.tieredRoiThreshold"))}
                  {percentInput(
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
                  {values.revenueTiers.map((tier, index) => (
                    <div
                      // biome-ignore lint/suspicious/noArrayIndexKey: tiers are edited in place by position
                      key={index}
                      className="grid grid-cols-2 gap-2 rounded-md border p-2 sm:grid-cols-[1fr_1fr_1fr_1fr_2.25rem] sm:border-0 sm:p-0"
                      data-testid="tier-row"
                    >
                      {(
                        ["minRevenue", "maxRevenue", "commissionBelowRoi", "commissionAboveRoi"] as const
                      ).map((key) => {
                        const errorId = `revenueTiers.${index}.${key}`;
                        const error = errors[errorId];
                        const label = t(`commission.${tierLabels[key]}`);
                        const Control = tierOptions[key].kind === "percent" ? PercentInput : MoneyInput;
                        return (
                          <div key={key} className="grid gap-1">
                            <label htmlFor={id(errorId)} className="text-muted-foreground text-xs sm:sr-only">
                              {label}
                              <span className="sr-only"> ({t("commission.tier", { n: index + 1 })})</span>
                            </label>
                            <Control
                              id={id(errorId)}
                              aria-invalid={error ? true : undefined}
                              aria-describedby={error ? `${id(errorId)}-error` : undefined}
                              placeholder={key === "maxRevenue" ? t("commission.unlimited") : undefined}
                              value={tier[key]}
                              onChange={(text) => setTier(index, key, text)}
                            />
                            {error ? (
                              <p id={`${id(errorId)}-error`} className="text-destructive text-xs">
                                {t(error)}
                              </p>
                            ) : null}
                          </div>
                        );
                      })}
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={t("commission.removeTier", { n: index + 1 })}
                        onClick={() =>
                          set(
                            "revenueTiers",
                            values.revenueTiers.filter((_, i) => i !== index),
                          )
                        }
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  ))}
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="w-fit"
                    onClick={() => {
                      const last = values.revenueTiers.at(-1);
                      set("revenueTiers", [
                        ...values.revenueTiers,
                        {
                          minRevenue: last?.maxRevenue ?? "",
                          maxRevenue: "",
                          commissionBelowRoi: "",
                          commissionAboveRoi: "",
                        },
                      ]);
                    }}
                  >
                    <Plus aria-hidden="true" />
                    {t("commission.addTier")}
                  </Button>
                  {errors.revenueTiers ? (
                    <p className="text-destructive text-sm">{t(errors.revenueTiers)}</p>
                  ) : null}
                </fieldset>
              </>
            )}
            <div className="grid gap-1.5 rounded-md border p-3">
              <p className="font-medium text-sm" aria-hidden="true">
                {t("commission.effectiveFrom")}
              </p>
              <MonthPicker
                month={values.effectiveFrom}
                maxMonth={addMonths(`${currentMonth}-01`, 12).slice(0, 7)}
                onChange={(month) => set("effectiveFrom", month)}
                legend={t("commission.effectiveFrom")}
                testId="commission-effective-from"
              />
              <p className="text-muted-foreground text-xs">{t("commission.effectiveFromHint")}</p>
              {errors.effectiveFrom ? (
                <p className="text-destructive text-sm">{t(errors.effectiveFrom)}</p>
              ) : null}
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

function mapCodes(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, code]) => [field, validationKey("payments", code)]),
  );
}
