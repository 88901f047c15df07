import type { Campaign } from "@domain/schemas/campaigns";
import { useTranslation } from "react-i18next";
import { TrendIcon, trendClass } from "@/components/trend";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { signOf, useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";

function Stat({
  label,
  value,
  className,
  testId,
}: {
  label: string;
  value: React.ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className={cn("mt-1 font-semibold text-lg tabular-nums", className)} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function AnalysisDialog({
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
  if (!campaign) return null;
  const sign = signOf(campaign.profit);
  const steps = [
    { key: "clickToInstall", from: "clicks", to: "installations", rate: campaign.clickToInst },
    { key: "installToRegistration", from: "installations", to: "registrations", rate: campaign.instToReg },
    { key: "registrationToDeposit", from: "registrations", to: "deposits", rate: campaign.regToDep },
  ] as const;
  const costs = [
    { key: "costPerClick", value: campaign.clickPrice },
    { key: "costPerInstall", value: campaign.installPrice },
    { key: "costPerRegistration", value: campaign.regPrice },
    { key: "costPerDeposit", value: campaign.depPrice },
  ] as const;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common:close")} data-testid="analysis-dialog" className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("analysis.title")}</DialogTitle>
          <DialogDescription>
            {campaign.offer?.name ?? t("card.offerNotFound")} · {f.date(campaign.date, "long")}
          </DialogDescription>
        </DialogHeader>

        <section aria-labelledby="analysis-financial" className="space-y-2">
          <h3 id="analysis-financial" className="font-medium text-sm">
            {t("analysis.financial")}
          </h3>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Stat label={t("metrics.investment")} value={f.money(campaign.spent)} testId="analysis-spent" />
            <Stat label={t("metrics.revenue")} value={f.money(campaign.revenue)} testId="analysis-revenue" />
            <Stat
              label={t("metrics.profit")}
              className={trendClass(campaign.profit)}
              testId="analysis-profit"
              value={
                <span className="inline-flex items-center gap-1">
                  {f.money(campaign.profit)}
                  <TrendIcon value={campaign.profit} />
                </span>
              }
            />
            <Stat
              label={t("metrics.roi")}
              className={trendClass(campaign.roi)}
              value={f.percent(campaign.roi)}
              testId="analysis-roi"
            />
          </dl>
          <Badge variant={sign < 0 ? "destructive" : "secondary"} data-testid="analysis-marker">
            {sign > 0 ? t("analysis.increase") : sign < 0 ? t("analysis.decrease") : t("analysis.even")}
          </Badge>
        </section>

        <section aria-labelledby="analysis-funnel" className="space-y-3">
          <h3 id="analysis-funnel" className="font-medium text-sm">
            {t("analysis.funnel")}
          </h3>
          <ol className="space-y-3">
            {steps.map((step) => (
              <li key={step.key} className="space-y-1.5">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                  <span>
                    {t(`fields.${step.from}`)} → {t(`fields.${step.to}`)}
                  </span>
                  <span className="text-muted-foreground tabular-nums">
                    {f.number(campaign[step.from])} → {f.number(campaign[step.to])} ·{" "}
                    <span className="font-medium text-foreground" data-testid={`analysis-${step.key}`}>
                      {f.percent(step.rate)}
                    </span>
                  </span>
                </div>
                <Progress value={Number(step.rate)} aria-label={t(`metrics.${step.key}`)} />
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="analysis-costs" className="space-y-2">
          <h3 id="analysis-costs" className="font-medium text-sm">
            {t("analysis.costs")}
          </h3>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {costs.map((cost) => (
              <Stat
                key={cost.key}
                label={t(`metrics.${cost.key}`)}
                value={f.money(cost.value)}
                testId={`analysis-${cost.key}`}
              />
            ))}
          </dl>
        </section>
      </DialogContent>
    </Dialog>
  );
}
