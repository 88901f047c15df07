import { can } from "@domain/permissions";
import type { Offer } from "@domain/schemas/offers";
import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, type DataTableColumn } from "@/components/data-table";
import { PageHeader } from "@/components/layout/page-header";
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
import { Spinner } from "@/components/ui/spinner";
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

  const columns = useMemo<DataTableColumn<Offer>[]>(
    () => [
      {
        id: "name",
        accessorKey: "name",
        header: t("columns.name"),
        cell: ({ row }) => (
          <>
            <div className="font-medium">{row.original.name}</div>
            {row.original.description ? (
              <div className="line-clamp-2 text-muted-foreground text-xs">{row.original.description}</div>
            ) : null}
          </>
        ),
        meta: { className: "max-w-72 whitespace-normal", label: t("columns.name") },
      },
      {
        id: "value",
        accessorKey: "value",
        header: t("columns.value"),
        sortFn: "decimal",
        cell: ({ row }) => formatMoney(row.original.value, row.original.currency, language),
        meta: { numeric: true, label: t("columns.value") },
      },
      {
        id: "casino",
        accessorKey: "casinoBrand",
        header: t("columns.casino"),
        meta: { label: t("columns.casino") },
      },
      {
        id: "payout",
        accessorKey: "payoutPerDeposit",
        header: t("columns.payout"),
        sortFn: "decimal",
        cell: ({ row }) => formatMoney(row.original.payoutPerDeposit, reportingCurrency, language),
        meta: { numeric: true, label: t("columns.payout") },
      },
      {
        id: "assigned",
        header: t("columns.assigned"),
        enableSorting: false,
        cell: ({ row }) => {
          const offer = row.original;
          return offer.visibleToAll ? (
            <Badge variant="secondary">{t("visibleToAll")}</Badge>
          ) : offer.assignedUsers.length === 0 ? (
            <span className="text-muted-foreground">{t("nobody")}</span>
          ) : (
            <span>{offer.assignedUsers.map((u) => u.name).join(", ")}</span>
          );
        },
        meta: { className: "max-w-64 whitespace-normal", label: t("columns.assigned") },
      },
      {
        id: "actions",
        header: () => <span className="sr-only">{t("columns.actions")}</span>,
        enableSorting: false,
        enableHiding: false,
        cell: ({ row }) => (
          <div className="flex justify-end gap-1">
            <Button
              type="button"
              size="icon"
              variant="ghost"
              title={t("actions.edit")}
              aria-label={t("actions.editOffer", { name: row.original.name })}
              onClick={() => setEditing({ offer: row.original })}
            >
              <PencilIcon aria-hidden="true" />
            </Button>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              className="text-destructive hover:text-destructive"
              title={t("actions.delete")}
              aria-label={t("actions.deleteOffer", { name: row.original.name })}
              onClick={() => setDeleting(row.original)}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </div>
        ),
      },
    ],
    [t, language, reportingCurrency],
  );

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
      <DataTable
        columns={columns}
        data={offers.data}
        status={offers}
        getRowId={(offer) => offer.id}
        label={t("title")}
        empty={{ title: t("empty") }}
        errorTitle={t("loadFailed")}
        columnMenu
      />

      <OfferDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        offer={editing?.offer ?? null}
        buyers={(buyers.data ?? []).filter((u) => can(u.role, "offers:be-assigned") && !u.deactivatedAt)}
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
