import { defaultRevenueTiers } from "@domain/commission";
import { addMonths, todayIn } from "@domain/periods";
import {
  type CommissionSettingsForm,
  type CommissionSettingsView,
  commissionSettingsInputSchema,
} from "@domain/schemas/payments";
import { Plus, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { useFormatters } from "@/features/campaigns/use-formatters";
import { Field, fieldAria } from "@/features/users/components/field";
import { errorKey, fieldCodesFromZod, validationKey } from "@/features/users/helpers";
import { isApiError } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useCommissionSettings, useSaveCommissionSettings } from "../api";
import { acceptMoneyInput } from "../helpers";
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
    setValues({
      modelType: loaded.modelType,
      baseCommissionRate: loaded.baseCommissionRate,
      highRoiCommissionRate: loaded.highRoiCommissionRate,
      roiThreshold: loaded.roiThreshold,
      tieredRoiThreshold: loaded.tieredRoiThreshold,
      minimumMonthlyRevenue: loaded.minimumMonthlyRevenue,
      revenueTiers: (loaded.revenueTiers.length ? loaded.revenueTiers : defaultRevenueTiers).map((tier) => ({
        ...tier,
        maxRevenue: tier.maxRevenue ?? "",
      })),
      effectiveFrom: currentMonth,
    });
    setErrors({});
    setFormError(null);
  }, [open, loaded, values, currentMonth]);

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
    const input: CommissionSettingsForm = {
      ...values,
      revenueTiers: values.revenueTiers.map((tier) => ({
        ...tier,
        maxRevenue: tier.maxRevenue.trim() === "" ? null : tier.maxRevenue,
      })),
    };
    const parsed = commissionSettingsInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(mapCodes(fieldCodesFromZod(parsed.error)));
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
  const percentInput = (name: keyof Values, label: string) => (
    <Field id={id(name)} label={label} error={errors[name]}>
      <Input
        {...fieldAria(id(name), errors[name])}
        inputMode="decimal"
        value={values ? (values[name] as string) : ""}
        onChange={(e) => set(name, acceptMoneyInput(e.target.value, values ? (values[name] as string) : ""))}
      />
    </Field>
  );

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
                        return (
                          <div key={key} className="grid gap-1">
                            <label htmlFor={id(errorId)} className="text-muted-foreground text-xs sm:sr-only">
                              {label}
                              <span className="sr-only"> ({t("commission.tier", { n: index + 1 })})</span>
                            </label>
                            <Input
                              id={id(errorId)}
                              aria-invalid={error ? true : undefined}
                              aria-describedby={error ? `${id(errorId)}-error` : undefined}
                              inputMode="decimal"
                              placeholder={key === "maxRevenue" ? t("commission.unlimited") : undefined}
                              value={tier[key]}
                              onChange={(e) =>
                                setTier(index, key, acceptMoneyInput(e.target.value, tier[key]))
                              }
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
