import { computeDepositPayment } from "@domain/metrics";
import { todayIn } from "@domain/periods";
import type { Campaign, CampaignInput } from "@domain/schemas/campaigns";
import { countField } from "@domain/schemas/fields";
import type { GuardrailWarning } from "@domain/schemas/guardrails";
import { useEffect, useState } from "react";
import { type Control, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DraftNotice } from "@/components/draft-notice";
import { ConfirmWarnings, warningsToConfirm } from "@/components/guardrail-warnings";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { isUnreachable, UnreachableNotice } from "@/components/unreachable-notice";
import { useCurrentUser } from "@/features/auth";
import { useFormDraft } from "@/lib/form-draft";
import { toast } from "@/lib/toast";
import { useFormatters } from "@/lib/use-formatters";
import { useUpdateCampaign, useVisibleOffers } from "../api";
import {
  applyServerErrors,
  type CampaignFormValues,
  campaignResolver,
  type FormError,
  formErrorText,
  toFormValues,
} from "../form";
import { CampaignFields } from "./campaign-fields";

const blankForCampaign = toFormValues();

/** Whether the saved revenue is what its deposits and its offer's payout make (not entered directly). */
export function revenueLooksComputed(campaign: Campaign): boolean {
  return (
    campaign.offer !== null &&
    computeDepositPayment(campaign.deposits, campaign.offer.payoutPerDeposit) === campaign.depositPayment
  );
}

function differsFromCampaign(values: CampaignFormValues, campaign: Campaign): boolean {
  const saved = toFormValues(campaign);
  return (Object.keys(saved) as (keyof CampaignFormValues)[]).some((field) => values[field] !== saved[field]);
}

export function EditCampaignDialog({
  campaign,
  open,
  onOpenChange,
}: {
  campaign: Campaign | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("campaigns");
  const f = useFormatters();
  const offers = useVisibleOffers();
  const update = useUpdateCampaign();
  const [formError, setFormError] = useState<FormError | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  // 422 needs_confirmation: the warnings shown beside the fields until confirmed or edited.
  const [warnings, setWarnings] = useState<GuardrailWarning[] | null>(null);
  // Revenue on save (decision 0069): recomputed from the deposits, or the saved one kept. It starts
  // as recompute only when the saved revenue is what the deposits make, so an entered one is kept.
  const [recompute, setRecompute] = useState(false);
  const form = useForm<CampaignFormValues, unknown, CampaignInput>({
    resolver: campaignResolver,
    defaultValues: toFormValues(campaign ?? undefined),
  });
  const { reset } = form;

  useEffect(() => {
    if (open && campaign) {
      reset(toFormValues(campaign));
      setFormError(null);
      setUnreachable(false);
      setWarnings(null);
      setRecompute(revenueLooksComputed(campaign));
    }
  }, [open, campaign, reset]);
  const user = useCurrentUser();
  // Keyed by campaign, and only while open: the dialog first loads the saved values, then a draft.
  const draft = useFormDraft({
    form,
    userId: user.id,
    formKey: `campaign-edit:${campaign?.id ?? "none"}`,
    blank: blankForCampaign,
    enabled: open && Boolean(campaign),
    worthKeeping: (values) => campaign !== null && differsFromCampaign(values, campaign),
  });

  // Any change to what was typed makes the warnings stale: the next save checks again.
  useEffect(() => {
    const subscription = form.watch(() => setWarnings(null));
    return () => subscription.unsubscribe();
  }, [form]);

  const save = async (input: CampaignInput, acknowledgeWarnings: boolean) => {
    if (!campaign) return;
    setFormError(null);
    setUnreachable(false);
    setWarnings(null);
    try {
      const { depositPayment: _ignored, ...patch } = input;
      await update.mutateAsync({
        id: campaign.id,
        patch: {
          ...patch,
          recomputeRevenue: recompute,
          ...(acknowledgeWarnings ? { acknowledgeWarnings } : {}),
        },
      });
      draft.clear();
      toast.success(t("toasts.updated"), { duration: 3000 });
      onOpenChange(false);
    } catch (error) {
      if (isUnreachable(error)) {
        setUnreachable(true);
        return;
      }
      const toConfirm = warningsToConfirm(error);
      if (toConfirm) {
        setWarnings(toConfirm);
        return;
      }
      // The dialog stays open with what was typed. A closed month is the new date's when the server
      // marks the date field, else the saved date's (the row cannot leave or change in it).
      const message = applyServerErrors(error, form.setError, { typed: input.date, saved: campaign.date });
      setFormError(message);
      toast.error(t("toasts.error"), { description: formErrorText(t, message, f.language), duration: 5000 });
    }
  };
  const onSubmit = form.handleSubmit((input) => save(input, false));
  const confirmWarnings = form.handleSubmit((input) => save(input, true));

  // The campaign's own offer stays selectable even when it is no longer visible to the buyer.
  const list = offers.data ?? [];
  const options =
    campaign?.offer && !list.some((offer) => offer.id === campaign.offerId)
      ? [
          ...list,
          {
            id: campaign.offer.id,
            name: campaign.offer.name,
            casinoBrand: campaign.offer.casinoBrand,
            payoutPerDeposit: campaign.offer.payoutPerDeposit,
          } as (typeof list)[number],
        ]
      : list;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common:close")} data-testid="edit-dialog" className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("edit.title")}</DialogTitle>
          <DialogDescription>{t("edit.description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("edit.title")}>
          <DraftNotice draft={draft} />
          <CampaignFields
            control={form.control}
            offers={options}
            offersLoading={offers.isPending}
            maxDate={todayIn(f.timeZone)}
            warnings={warnings ?? []}
          />
          {campaign ? (
            <RevenueChoice
              control={form.control}
              campaign={campaign}
              offers={options}
              recompute={recompute}
              onChange={setRecompute}
            />
          ) : null}
          {unreachable ? (
            <UnreachableNotice onRetry={() => void onSubmit()} retrying={update.isPending} />
          ) : null}
          {warnings ? (
            <ConfirmWarnings
              warnings={warnings}
              pending={update.isPending}
              onConfirm={() => void confirmWarnings()}
            />
          ) : null}
          {formError ? (
            <Alert variant="destructive">
              <AlertDescription data-testid="edit-error">
                {formErrorText(t, formError, f.language)}
              </AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button
              variant="outline"
              onClick={() => {
                draft.clear();
                onOpenChange(false);
              }}
            >
              {t("actions.cancel")}
            </Button>
            <Button type="submit" disabled={update.isPending} data-testid="edit-save">
              {update.isPending ? <Spinner /> : null}
              {t("actions.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Recompute revenue from deposits (N × payout = X)", or the saved revenue kept. */
function RevenueChoice({
  control,
  campaign,
  offers,
  recompute,
  onChange,
}: {
  control: Control<CampaignFormValues, unknown, CampaignInput>;
  campaign: Campaign;
  offers: { id: string; payoutPerDeposit: string }[];
  recompute: boolean;
  onChange: (recompute: boolean) => void;
}) {
  const { t } = useTranslation("campaigns");
  const f = useFormatters();
  const [offerId, depositsText] = useWatch({ control, name: ["offerId", "deposits"] });
  const payout = offers.find((offer) => offer.id === offerId)?.payoutPerDeposit;
  const saved = f.money(campaign.depositPayment);
  if (payout === undefined) {
    return (
      <p className="text-muted-foreground text-sm" data-testid="revenue-kept">
        {t("revenueChoice.noOffer", { revenue: saved })}
      </p>
    );
  }
  const parsed = countField.safeParse(depositsText);
  const deposits = parsed.success ? parsed.data : 0;
  return (
    <label className="flex items-start gap-3 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 rounded border-input accent-primary"
        checked={recompute}
        onChange={(event) => onChange(event.target.checked)}
        data-testid="recompute-revenue"
      />
      <span className="grid min-w-0 gap-0.5">
        <span className="font-medium">
          {t("revenueChoice.recompute", {
            deposits: f.number(deposits, 0),
            payout: f.money(payout),
            revenue: f.money(computeDepositPayment(deposits, payout)),
          })}
        </span>
        {recompute ? null : (
          <span className="text-muted-foreground text-xs" data-testid="revenue-kept">
            {t("revenueChoice.keep", { revenue: saved })}
          </span>
        )}
      </span>
    </label>
  );
}
