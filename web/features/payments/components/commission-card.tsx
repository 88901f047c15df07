import type { CommissionStep, MyCommission } from "@domain/schemas/payments";
import { TrendingUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useFormatters } from "@/lib/use-formatters";
import { useMyCommission } from "../api";
import { Money } from "./money";

/**
 * The buyer dashboard's "this month's commission": the amount under the buyer's model, computed by
 * the server exactly as the payments screen does, and the ROI or revenue still missing for a
 * higher rate.
 */
export function CommissionCard() {
  const { t } = useTranslation("payments");
  const commission = useMyCommission();
  return (
    <Card className="gap-3" data-testid="commission-card" aria-busy={commission.isPending}>
      <CardHeader>
        <CardTitle className="font-medium text-muted-foreground text-sm">{t("myCommission.title")}</CardTitle>
        {commission.data ? <CommissionSubtitle data={commission.data} /> : null}
      </CardHeader>
      <CardContent>
        {commission.data ? (
          <CommissionBody data={commission.data} />
        ) : commission.isError ? (
          <p className="text-destructive text-sm" role="alert">
            {t("myCommission.error")}
          </p>
        ) : (
          <div className="space-y-3">
            <Skeleton className="h-7 w-32" />
            <Skeleton className="h-4 w-full" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function CommissionSubtitle({ data }: { data: MyCommission }) {
  const { t } = useTranslation("payments");
  return (
    <CardDescription>
      {data.frozen
        ? t("myCommission.frozenSubtitle", { status: t(`status.${data.status}`) })
        : t("myCommission.subtitle", { model: t(`model.${data.model}`) })}
    </CardDescription>
  );
}

function useRate() {
  const f = useFormatters();
  // Every rate on every screen with 2 decimals, as the API sends it ("30.00" → "30,00%"), like the
  // payments table and the statement (docs/decisions/0067).
  return (rate: string) => f.percent(rate);
}

function CommissionBody({ data }: { data: MyCommission }) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const rate = useRate();
  const empty = Number(data.spent) === 0 && Number(data.revenue) === 0;
  return (
    <div className="space-y-3 text-sm">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <Money
          value={data.commission}
          compact
          className="font-semibold text-2xl"
          testId="commission-amount"
        />
        <Badge variant="secondary" data-testid="commission-rate">
          {t("myCommission.rate")} {rate(data.rate)}
        </Badge>
        {data.frozen ? <Badge variant="outline">{t(`status.${data.status}`)}</Badge> : null}
      </div>
      <dl className="grid grid-cols-2 gap-2">
        <div>
          <dt className="text-muted-foreground text-xs">{t("myCommission.profit")}</dt>
          <dd className="tabular-nums">{f.money(data.profit)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">{t("myCommission.roi")}</dt>
          <dd className="tabular-nums">{f.percent(data.roi)}</dd>
        </div>
      </dl>
      {data.frozen ? null : empty ? (
        <p className="text-muted-foreground">{t("myCommission.noData")}</p>
      ) : data.steps.length === 0 ? (
        <p className="text-muted-foreground">{t("myCommission.topRate")}</p>
      ) : (
        <div className="space-y-1 border-t pt-2">
          <p className="font-medium">{t("myCommission.stepsTitle")}</p>
          <ul className="space-y-1" data-testid="commission-steps">
            {data.steps.map((step) => (
              <StepLine key={step.kind} step={step} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function StepLine({ step }: { step: CommissionStep }) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const rate = useRate();
  const text =
    step.kind === "roi"
      ? t("myCommission.roiStep", {
          target: rate(step.target),
          missing: f.money(step.missing),
          rate: rate(step.rateAfter),
        })
      : t("myCommission.revenueStep", {
          target: f.money(step.target),
          missing: f.money(step.missing),
          rate: rate(step.rateAfter),
        });
  return (
    <li className="flex items-start gap-2" data-testid={`commission-step-${step.kind}`}>
      <TrendingUp aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span>{text}</span>
    </li>
  );
}
