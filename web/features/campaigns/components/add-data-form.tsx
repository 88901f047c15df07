import { computeDepositPayment, computeMetrics } from "@domain/metrics";
import { addDays, isIsoDate, todayIn } from "@domain/periods";
import type { Campaign, CampaignInput } from "@domain/schemas/campaigns";
import { countField } from "@domain/schemas/fields";
import type { GuardrailWarning } from "@domain/schemas/guardrails";
import { Pencil, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { type Control, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DraftNotice } from "@/components/draft-notice";
import { ConfirmWarnings, warningsToConfirm } from "@/components/guardrail-warnings";
import { ErrorState } from "@/components/states";
import { trendClass } from "@/components/trend";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { isUnreachable, UnreachableNotice } from "@/components/unreachable-notice";
import { useCurrentUser } from "@/features/auth";
import { isApiError } from "@/lib/api";
import { useAppConfig } from "@/lib/config";
import { useFormDraft } from "@/lib/form-draft";
import { readMoneyText } from "@/lib/money-input";
import { toast } from "@/lib/toast";
import { useFormatters } from "@/lib/use-formatters";
import { useWideWindow } from "@/lib/use-phone-width";
import { cn } from "@/lib/utils";
import { useCampaign, useCreateCampaign, useLoggedDay, useVisibleOffers } from "../api";
import {
  applyServerErrors,
  type CampaignFormValues,
  campaignResolver,
  type FormError,
  formErrorText,
  toFormValues,
} from "../form";
import { useCampaignDialogs } from "./campaign-dialogs";
import { CampaignFields } from "./campaign-fields";

/** /add-data: one day of one offer, with a live preview computed exactly as the server stores it. */
export function AddDataForm() {
  const { t } = useTranslation("campaigns");
  const f = useFormatters();
  const config = useAppConfig();
  const offers = useVisibleOffers();
  const create = useCreateCampaign();
  const [formError, setFormError] = useState<FormError | null>(null);
  const [saved, setSaved] = useState(false);
  // The entry the server named when this day was already logged (409 day_already_logged).
  const [loggedId, setLoggedId] = useState<string | null>(null);
  // The edit dialog renders outside the form: a dialog's submit would bubble to it through React.
  const { actions, dialogs } = useCampaignDialogs();
  // 422 needs_confirmation: the warnings shown beside the fields until the buyer confirms or edits.
  const [warnings, setWarnings] = useState<GuardrailWarning[] | null>(null);
  // No answer from the server: what was typed stays, and Retry sends the same save (same key).
  const [unreachable, setUnreachable] = useState(false);
  const form = useForm<CampaignFormValues, unknown, CampaignInput>({
    resolver: campaignResolver,
    defaultValues: toFormValues(),
  });
  const { getValues, setValue } = form;
  const user = useCurrentUser();
  const timeZone = config.data?.workspaceTimezone;
  const draft = useFormDraft({
    form,
    userId: user.id,
    formKey: "add-data",
    blank: blankValues,
    worthKeeping: hasTypedNumbers,
    onDiscard: () => timeZone && setValue("date", todayIn(timeZone)),
  });

  // Today in the workspace time zone, once the configuration has arrived (never over a typed date).
  useEffect(() => {
    if (timeZone && !getValues("date")) setValue("date", todayIn(timeZone));
  }, [timeZone, getValues, setValue]);

  // Any change to what was typed makes the warnings stale: the next save checks again.
  useEffect(() => {
    const subscription = form.watch(() => setWarnings(null));
    return () => subscription.unsubscribe();
  }, [form]);

  const save = async (input: CampaignInput, acknowledgeWarnings: boolean) => {
    setFormError(null);
    setWarnings(null);
    setSaved(false);
    setUnreachable(false);
    setLoggedId(null);
    if (!offers.data?.some((offer) => offer.id === input.offerId)) {
      form.setError("offerId", { type: "validate", message: "campaigns:validation.offer_not_visible" });
      return;
    }
    try {
      await create.mutateAsync(acknowledgeWarnings ? { ...input, acknowledgeWarnings } : input);
      draft.clear();
      toast.success(t("toasts.added"), { duration: 3000 });
      setSaved(true);
      // Keep the date and the offer for the next entry; clear the day's numbers.
      form.reset({ ...toFormValues(), date: input.date, offerId: input.offerId });
    } catch (error) {
      if (isUnreachable(error)) {
        setUnreachable(true);
        return;
      }
      // One entry per offer and day (decision 0083): the notice offers to edit the one saved.
      if (isApiError(error) && error.code === "day_already_logged" && error.existingId) {
        setLoggedId(error.existingId);
        toast.error(t("add.dayLogged"), { duration: 5000 });
        return;
      }
      // Unusual figures: shown beside their fields, saved once the buyer confirms them.
      const toConfirm = warningsToConfirm(error);
      if (toConfirm) {
        setWarnings(toConfirm);
        return;
      }
      // Nothing typed is cleared: the buyer fixes the date or asks finance, then saves again.
      const message = applyServerErrors(error, form.setError, { typed: input.date });
      setFormError(message);
      if (message.month) toast.error(formErrorText(t, message, f.language), { duration: 5000 });
      else toast.error(t("toasts.addError"), { description: t(message.key), duration: 5000 });
    }
  };
  const onSubmit = form.handleSubmit((input) => save(input, false));
  const confirmWarnings = form.handleSubmit((input) => save(input, true));

  const date = useWatch({ control: form.control, name: "date" });
  const today = timeZone ? todayIn(timeZone) : null;
  const pickDate = (value: string) => setValue("date", value, { shouldDirty: true, shouldValidate: true });
  const offerList = offers.data ?? [];
  const waiting = offers.isPending || config.isPending;
  const wide = useWideWindow();

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Card>
        <CardHeader>
          <CardTitle>{t("add.formTitle")}</CardTitle>
          <CardDescription>{waiting ? t("add.waiting") : t("add.formDescription")}</CardDescription>
        </CardHeader>
        <CardContent>
          {offers.isError ? (
            <ErrorState error={offers.error} title={t("add.offersError")} onRetry={() => offers.refetch()} />
          ) : (
            <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={t("add.formTitle")}>
              <DraftNotice draft={draft} />
              <CampaignFields
                control={form.control}
                offers={offerList}
                offersLoading={offers.isPending}
                maxDate={today ?? undefined}
                warnings={warnings ?? []}
                dateHint={
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    {today ? (
                      <span className="flex gap-1">
                        <QuickDate
                          label={t("add.today")}
                          active={date === today}
                          onPick={() => pickDate(today)}
                        />
                        <QuickDate
                          label={t("add.yesterday")}
                          active={date === addDays(today, -1)}
                          onPick={() => pickDate(addDays(today, -1))}
                        />
                      </span>
                    ) : null}
                    {/^\d{4}-\d{2}-\d{2}$/.test(date) ? (
                      // The chosen day spelled out in the reader's language: unambiguous whatever
                      // order the browser's own date field shows.
                      <p className="text-muted-foreground text-xs" data-testid="date-br">
                        {t("add.brazilianDate", { date: f.date(date, "long") })}
                      </p>
                    ) : null}
                  </div>
                }
              />
              <LoggedDayNotice
                control={form.control}
                creatorId={user.id}
                loggedId={loggedId}
                onEdit={actions.edit}
              />
              {!offers.isPending && offerList.length === 0 ? (
                <Alert>
                  <AlertDescription>{t("add.noOffers")}</AlertDescription>
                </Alert>
              ) : null}
              {unreachable ? (
                <UnreachableNotice onRetry={() => void onSubmit()} retrying={create.isPending} />
              ) : null}
              {warnings ? (
                <ConfirmWarnings
                  warnings={warnings}
                  pending={create.isPending}
                  onConfirm={() => void confirmWarnings()}
                />
              ) : null}
              {formError ? (
                <Alert variant="destructive" data-testid="form-error">
                  <AlertDescription>
                    {formError.month
                      ? formErrorText(t, formError, f.language)
                      : `${t("toasts.addError")} ${t(formError.key)}`}
                  </AlertDescription>
                </Alert>
              ) : null}
              {saved ? (
                <Alert variant="success" data-testid="form-success">
                  <AlertDescription>
                    {t("toasts.added")}{" "}
                    <Link to="/campanhas" className="font-medium underline underline-offset-4">
                      {t("add.seeCampaigns")}
                    </Link>
                  </AlertDescription>
                </Alert>
              ) : null}
              {/* Below lg the preview is part of the form, above the save button (issue 28). */}
              {wide ? null : <Preview control={form.control} offers={offerList} />}
              <div className="flex justify-end">
                <Button
                  type="submit"
                  disabled={create.isPending || waiting}
                  data-testid="submit"
                  className="w-full sm:w-auto"
                >
                  {create.isPending ? <Spinner /> : null}
                  {t("add.submit")}
                </Button>
              </div>
            </form>
          )}
        </CardContent>
      </Card>
      {wide ? <Preview control={form.control} offers={offerList} /> : null}
      {dialogs}
    </div>
  );
}

const blankValues = toFormValues();
const hasTypedNumbers = (values: CampaignFormValues) =>
  [values.spent, values.clicks, values.installations, values.registrations, values.deposits].some(
    (value) => value !== undefined && value.trim() !== "",
  );

/**
 * One entry per offer and day (decision 0083): when the chosen offer and date already have the
 * user's entry (looked up as they are picked, or named by a 409 on save), says so and offers to
 * edit that entry in the edit dialog, with its saved values.
 */
function LoggedDayNotice({
  control,
  creatorId,
  loggedId,
  onEdit,
}: {
  control: Control<CampaignFormValues, unknown, CampaignInput>;
  creatorId: string;
  loggedId: string | null;
  onEdit: (campaign: Campaign) => void;
}) {
  const { t } = useTranslation("campaigns");
  const f = useFormatters();
  const [date, offerId] = useWatch({ control, name: ["date", "offerId"] });
  const valid = isIsoDate(date ?? "") && Boolean(offerId);
  const logged = useLoggedDay(valid ? { date, offerId, creatorId } : null);
  const named = useCampaign(loggedId);
  const found = valid ? logged.data?.items[0] : undefined;
  // The entry the server named counts while the form still shows its offer and day.
  const fromConflict =
    named.data && named.data.date === date && named.data.offerId === offerId ? named.data : undefined;
  const existing = found ?? fromConflict;
  if (!existing) return null;
  return (
    <Alert data-testid="day-logged">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>{t("add.dayLogged")}</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p>
          {t("add.dayLoggedDetail", {
            offer: existing.offer?.name ?? "",
            date: f.date(existing.date),
            spent: f.money(existing.spent),
            deposits: f.number(existing.deposits, 0),
          })}
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-full sm:w-fit"
          onClick={() => onEdit(existing)}
          data-testid="edit-existing"
        >
          <Pencil aria-hidden="true" />
          {t("add.editExisting")}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** A one-tap date ("today", "yesterday"): buyers mostly log the day that just ended. */
function QuickDate({ label, active, onPick }: { label: string; active: boolean; onPick: () => void }) {
  return (
    <Button
      type="button"
      variant={active ? "secondary" : "ghost"}
      size="sm"
      className="h-7 px-2 text-xs"
      aria-pressed={active}
      onClick={onPick}
    >
      {label}
    </Button>
  );
}

function Preview({
  control,
  offers,
}: {
  control: Control<CampaignFormValues, unknown, CampaignInput>;
  offers: { id: string; payoutPerDeposit: string; name: string }[];
}) {
  const { t } = useTranslation("campaigns");
  const f = useFormatters();
  const values = useWatch({ control });
  // The spend as it will be saved: read in the reader's language, like the form's own check.
  const spent = readMoneyText(values.spent ?? "", f.language, { blank: "zero" });
  const count = (value: string | undefined) => {
    const parsed = countField.safeParse(value);
    return parsed.success ? parsed.data : 0;
  };
  const offer = offers.find((candidate) => candidate.id === values.offerId);
  const active = spent.ok && Number(spent.value) > 0;

  if (!active) {
    return (
      <Card className="h-fit border-dashed shadow-none" data-testid="preview-empty">
        <CardHeader>
          <CardTitle>{t("add.previewTitle")}</CardTitle>
          <CardDescription>{t("add.previewHint")}</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  const deposits = count(values.deposits);
  const revenue = offer ? computeDepositPayment(deposits, offer.payoutPerDeposit) : "0.00";
  const metrics = computeMetrics({
    spent: spent.value,
    revenue,
    clicks: count(values.clicks),
    installations: count(values.installations),
    registrations: count(values.registrations),
    deposits,
  });
  const rows = [
    { key: "revenue", value: f.money(metrics.revenue) },
    { key: "profit", value: f.money(metrics.profit), className: trendClass(metrics.profit) },
    { key: "roi", value: f.percent(metrics.roi), className: trendClass(metrics.roi) },
    { key: "epc", value: f.money(metrics.epc) },
    { key: "clickToInstall", value: f.percent(metrics.clickToInstall) },
    { key: "installToRegistration", value: f.percent(metrics.installToRegistration) },
    { key: "registrationToDeposit", value: f.percent(metrics.registrationToDeposit) },
  ];
  return (
    <Card className="h-fit" data-testid="preview" aria-live="polite">
      <CardHeader>
        <CardTitle>{t("add.previewTitle")}</CardTitle>
        <CardDescription>
          {offer
            ? t("add.previewPayout", { payout: f.money(offer.payoutPerDeposit) })
            : t("add.previewNoOffer")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y text-sm">
          {rows.map((row) => (
            <div key={row.key} className="flex items-center justify-between gap-3 py-2">
              <dt className="text-muted-foreground">{t(`metrics.${row.key}`)}</dt>
              <dd
                className={cn("font-medium tabular-nums", row.className)}
                data-testid={`preview-${row.key}`}
              >
                {row.value}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
