import type { Role } from "@domain/roles";
import type { PaymentCard } from "@domain/schemas/payments";
import { Check, ChevronLeft, ChevronRight, Play, RefreshCw, RotateCcw, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useFormatters } from "@/features/campaigns/use-formatters";
import { cn } from "@/lib/utils";
import type { StatementAction } from "../api";
import { isActionAllowed, statusTone } from "../helpers";

const perPage = 3;

/** The month's buyers, three cards per page with arrows and dots (hidden when one page holds all). */
export function PaymentCards({
  cards,
  role,
  selectedId,
  onSelect,
  onAction,
  busy,
  refreshing,
  onRefresh,
}: {
  cards: PaymentCard[];
  role: Role;
  selectedId: string | null;
  onSelect: (card: PaymentCard) => void;
  onAction: (card: PaymentCard, action: StatementAction) => void;
  busy: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation("payments");
  const pages = Math.max(1, Math.ceil(cards.length / perPage));
  const [page, setPage] = useState(0);
  useEffect(() => {
    if (page > pages - 1) setPage(pages - 1);
  }, [page, pages]);
  const visible = cards.slice(page * perPage, page * perPage + perPage);

  return (
    <section aria-label={t("cards.label")} className="space-y-3">
      <div className="flex items-center gap-2">
        {pages > 1 ? (
          <Button
            variant="outline"
            size="icon"
            aria-label={t("cards.previous")}
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
            data-testid="cards-prev"
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
        ) : null}
        <ul className="grid min-w-0 flex-1 gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="payment-cards">
          {visible.map((card) => (
            <li key={card.statementId}>
              <BuyerCard
                card={card}
                role={role}
                selected={card.statementId === selectedId}
                onSelect={() => onSelect(card)}
                onAction={(action) => onAction(card, action)}
                busy={busy}
                refreshing={refreshing}
                onRefresh={onRefresh}
              />
            </li>
          ))}
        </ul>
        {pages > 1 ? (
          <Button
            variant="outline"
            size="icon"
            aria-label={t("cards.next")}
            disabled={page >= pages - 1}
            onClick={() => setPage(page + 1)}
            data-testid="cards-next"
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {pages > 1 ? (
        <div className="flex justify-center gap-1" data-testid="cards-dots">
          {Array.from({ length: pages }, (_, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: a page number is its own identity
              key={index}
              type="button"
              aria-label={t("cards.page", { page: index + 1, pages })}
              aria-current={index === page ? "true" : undefined}
              onClick={() => setPage(index)}
              className="flex size-6 items-center justify-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span
                className={cn(
                  "block size-2 rounded-full",
                  index === page ? "bg-primary" : "bg-muted-foreground/40",
                )}
              />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

function BuyerCard({
  card,
  role,
  selected,
  onSelect,
  onAction,
  busy,
  refreshing,
  onRefresh,
}: {
  card: PaymentCard;
  role: Role;
  selected: boolean;
  onSelect: () => void;
  onAction: (action: StatementAction) => void;
  busy: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const allowed = (action: StatementAction) => !busy && isActionAllowed(card, action, role);
  const profit = Number(card.totalProfit);

  return (
    <article
      className={cn(
        "flex h-full flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs transition-colors",
        selected ? "border-primary ring-2 ring-primary/30" : "hover:border-primary/40",
      )}
      data-testid="payment-card"
      data-buyer={card.email}
      data-status={card.status}
    >
      <div className="flex items-start justify-between gap-2">
        <button
          type="button"
          className="min-w-0 rounded-md text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-pressed={selected}
          onClick={onSelect}
          data-testid="select-card"
        >
          <span className="block truncate font-semibold">{card.name}</span>
          <span className="block truncate text-muted-foreground text-xs">{card.email}</span>
        </button>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <Badge variant="outline">{t(`model.${card.model}`)}</Badge>
          <Badge className={statusTone[card.status]} data-testid="card-status">
            {t(`status.${card.status}`)}
          </Badge>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div>
          <dt className="text-muted-foreground text-xs">{t("card.totalProfit")}</dt>
          <dd
            className={cn(
              "font-medium tabular-nums",
              profit < 0 && "text-red-700 dark:text-red-400",
              profit > 0 && "text-emerald-700 dark:text-emerald-400",
            )}
          >
            {f.money(card.totalProfit)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">{t("card.roi")}</dt>
          <dd className="font-medium tabular-nums">{f.percent(card.roi)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">{t("card.pending")}</dt>
          <dd className="flex items-center gap-1 font-semibold tabular-nums" data-testid="card-pending">
            {f.money(card.pending)}
            <Button
              variant="ghost"
              size="icon"
              className="size-6"
              aria-label={t("card.refreshPending")}
              disabled={refreshing}
              onClick={onRefresh}
            >
              <RefreshCw className={cn("size-3.5", refreshing && "animate-spin")} aria-hidden="true" />
            </Button>
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">{t("card.commissionRate")}</dt>
          <dd className="font-medium tabular-nums">{f.percent(card.commissionRate)}</dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 [&>button]:grow">
        <Button
          size="sm"
          variant="outline"
          disabled={!allowed("process")}
          onClick={() => onAction("process")}
        >
          <Play aria-hidden="true" />
          {t("actions.process")}
        </Button>
        <Button size="sm" variant="outline" disabled={!allowed("reject")} onClick={() => onAction("reject")}>
          <X aria-hidden="true" />
          {t("actions.reject")}
        </Button>
        <Button size="sm" disabled={!allowed("confirm")} onClick={() => onAction("confirm")}>
          <Check aria-hidden="true" />
          {t("actions.confirm")}
        </Button>
        <Button size="sm" variant="outline" disabled={!allowed("reopen")} onClick={() => onAction("reopen")}>
          <RotateCcw aria-hidden="true" />
          {t("actions.reopen")}
        </Button>
      </div>
    </article>
  );
}
