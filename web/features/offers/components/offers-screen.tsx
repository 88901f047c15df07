import type { Offer } from "@domain/schemas/offers";
import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useUsers } from "@/features/users";
import { useAppConfig } from "@/lib/config";
import { errorKey } from "@/lib/form-errors";
import { formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useLanguage } from "@/lib/use-language";
import { useDeleteOffer, useOffers } from "../api";
import { OfferDialog } from "./offer-dialog";

// Admin offers: the catalogue with visibility, create/edit and delete (campaigns keep their numbers).
export function OffersScreen() {
  const { t } = useTranslation("offers");
  const language = useLanguage();
  const config = useAppConfig();
  const reportingCurrency = config.data?.reportingCurrency ?? "USD";
  const offers = useOffers();
  const buyers = useUsers({ role: "user" });
  const remove = useDeleteOffer();
  const [editing, setEditing] = useState<{ offer: Offer | null } | null>(null);
  const [deleting, setDeleting] = useState<Offer | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t("toasts.deleted"));
      setDeleting(null);
    } catch (error) {
      toast.error(t("toasts.deleteFailed"), { description: t(errorKey("offers", error)) });
    }
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Button type="button" onClick={() => setEditing({ offer: null })}>
            <PlusIcon aria-hidden="true" />
            {t("newOffer")}
          </Button>
        }
      />
      {offers.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : offers.isError ? (
        <Alert variant="destructive">
          <AlertTitle>{t("loadFailed")}</AlertTitle>
          <AlertDescription className="flex flex-wrap items-center gap-3">
            {t(errorKey("offers", offers.error))}
            <Button size="sm" variant="outline" onClick={() => offers.refetch()}>
              {t("common:retry")}
            </Button>
          </AlertDescription>
        </Alert>
      ) : offers.data.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground text-sm">
          {t("empty")}
        </p>
      ) : (
        <div className="rounded-lg border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t("columns.name")}</TableHead>
                <TableHead className="text-right">{t("columns.value")}</TableHead>
                <TableHead>{t("columns.casino")}</TableHead>
                <TableHead className="text-right">{t("columns.payout")}</TableHead>
                <TableHead>{t("columns.assigned")}</TableHead>
                <TableHead className="text-right">{t("columns.actions")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {offers.data.map((offer) => (
                <TableRow key={offer.id}>
                  <TableCell className="max-w-72 whitespace-normal">
                    <div className="font-medium">{offer.name}</div>
                    {offer.description ? (
                      <div className="line-clamp-2 text-muted-foreground text-xs">{offer.description}</div>
                    ) : null}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums">
                    {formatMoney(offer.value, offer.currency, language)}
                  </TableCell>
                  <TableCell>{offer.casinoBrand}</TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums">
                    {formatMoney(offer.payoutPerDeposit, reportingCurrency, language)}
                  </TableCell>
                  <TableCell className="max-w-64 whitespace-normal">
                    {offer.visibleToAll ? (
                      <Badge variant="secondary">{t("visibleToAll")}</Badge>
                    ) : offer.assignedUsers.length === 0 ? (
                      <span className="text-muted-foreground">{t("nobody")}</span>
                    ) : (
                      <span>{offer.assignedUsers.map((u) => u.name).join(", ")}</span>
                    )}
                  </TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        title={t("actions.edit")}
                        aria-label={t("actions.editOffer", { name: offer.name })}
                        onClick={() => setEditing({ offer })}
                      >
                        <PencilIcon aria-hidden="true" />
                      </Button>
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        className="text-destructive hover:text-destructive"
                        title={t("actions.delete")}
                        aria-label={t("actions.deleteOffer", { name: offer.name })}
                        onClick={() => setDeleting(offer)}
                      >
                        <Trash2Icon aria-hidden="true" />
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}

      <OfferDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        offer={editing?.offer ?? null}
        buyers={(buyers.data ?? []).filter((u) => u.role === "user" && !u.deactivatedAt)}
        reportingCurrency={reportingCurrency}
      />
      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("delete.title")}</AlertDialogTitle>
            <AlertDialogDescription>{t("delete.confirm")}</AlertDialogDescription>
          </AlertDialogHeader>
          <p className="text-sm">
            {deleting && deleting.campaignCount > 0
              ? t("delete.campaigns", { count: deleting.campaignCount })
              : t("delete.noCampaigns")}
          </p>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>{t("actions.cancel")}</AlertDialogCancel>
            <Button type="button" variant="destructive" onClick={confirmDelete} disabled={remove.isPending}>
              {remove.isPending ? <Spinner /> : null}
              {t("actions.delete")}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
