import { can } from "@domain/permissions";
import { type Offer, type OfferStatus, offerStatuses } from "@domain/schemas/offers";
import { ArchiveIcon, ArchiveRestoreIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, type DataTableColumn } from "@/components/data-table";
import { FieldLayout } from "@/components/field-layout";
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
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { useUsers } from "@/features/users";
import { useAppConfig } from "@/lib/config";
import { errorKey } from "@/lib/form-errors";
import { formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useLanguage } from "@/lib/use-language";
import { useUrlParam } from "@/lib/use-url-state";
import { useArchiveOffer, useDeleteOffer, useOffers } from "../api";
import { OfferDialog } from "./offer-dialog";

const isOfferStatus = (value: string | null): value is OfferStatus =>
  (offerStatuses as readonly (string | null)[]).includes(value);

// Admin offers: the catalogue with visibility, create/edit, and delete for an unused offer; one in
// use is archived instead (gone from entry, kept in reports) and restorable (docs/decisions/0098).
export function OffersScreen() {
  const { t } = useTranslation("offers");
  const language = useLanguage();
  const config = useAppConfig();
  const reportingCurrency = config.data?.reportingCurrency ?? "USD";
  const [statusParam, setStatus] = useUrlParam("status", { resetPage: "" });
  const status: OfferStatus = isOfferStatus(statusParam) ? statusParam : "active";
  const offers = useOffers(status);
  const buyers = useUsers({ role: "user" });
  const remove = useDeleteOffer();
  const archive = useArchiveOffer();
  const [editing, setEditing] = useState<{ offer: Offer | null } | null>(null);
  // Deleting an unused offer, or archiving one in use: the same row action, one confirmation.
  const [deleting, setDeleting] = useState<Offer | null>(null);
  const archiving = deleting !== null && deleting.campaignCount > 0;
  const pending = remove.isPending || archive.isPending;

  const restoreOffer = archive.mutateAsync;
  const restore = useCallback(
    async (offer: Offer) => {
      try {
        await restoreOffer({ id: offer.id, archived: false });
        toast.success(t("toasts.restored", { name: offer.name }));
      } catch (error) {
        toast.error(t("toasts.restoreFailed"), { description: t(errorKey("offers", error)) });
      }
    },
    [restoreOffer, t],
  );

  const columns = useMemo<DataTableColumn<Offer>[]>(
    () => [
      {
        id: "name",
        accessorKey: "name",
        header: t("columns.name"),
        cell: ({ row }) => (
          <>
            <div className="font-medium">
              {row.original.name}
              {row.original.archivedAt ? (
                <Badge variant="outline" className="ms-2" data-testid="offer-archived-badge">
                  {t("archived.badge")}
                </Badge>
              ) : null}
            </div>
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
            {row.original.archivedAt ? (
              <Button
                type="button"
                size="icon"
                variant="ghost"
                title={t("actions.restore")}
                aria-label={t("actions.restoreOffer", { name: row.original.name })}
                onClick={() => restore(row.original)}
                disabled={archive.isPending}
              >
                <ArchiveRestoreIcon aria-hidden="true" />
              </Button>
            ) : row.original.campaignCount > 0 ? (
              <Button
                type="button"
                size="icon"
                variant="ghost"
                title={t("actions.archive")}
                aria-label={t("actions.archiveOffer", { name: row.original.name })}
                onClick={() => setDeleting(row.original)}
              >
                <ArchiveIcon aria-hidden="true" />
              </Button>
            ) : (
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
            )}
          </div>
        ),
      },
    ],
    [t, language, reportingCurrency, archive.isPending, restore],
  );

  async function confirmDelete() {
    if (!deleting) return;
    try {
      if (archiving) {
        await archive.mutateAsync({ id: deleting.id, archived: true });
        toast.success(t("toasts.archived", { name: deleting.name }));
      } else {
        await remove.mutateAsync(deleting.id);
        toast.success(t("toasts.deleted"));
      }
      setDeleting(null);
    } catch (error) {
      toast.error(t(archiving ? "toasts.archiveFailed" : "toasts.deleteFailed"), {
        description: t(errorKey("offers", error)),
      });
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
      <search aria-label={t("archived.filters")} className="grid gap-4 sm:max-w-xs">
        <FieldLayout label={t("archived.status")} className="min-w-0">
          {(props) => (
            <NativeSelect
              {...props}
              value={status}
              onChange={(event) => setStatus(event.target.value === "active" ? null : event.target.value)}
              data-testid="offers-status"
            >
              {offerStatuses.map((value) => (
                <option key={value} value={value}>
                  {t(`archived.statuses.${value}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FieldLayout>
      </search>
      <DataTable
        columns={columns}
        data={offers.data}
        status={offers}
        getRowId={(offer) => offer.id}
        label={t("title")}
        empty={{ title: t(status === "archived" ? "archived.empty" : "empty") }}
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
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && !pending && setDeleting(null)}>
        <AlertDialogContent data-testid="offer-remove-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>{t(archiving ? "archive.title" : "delete.title")}</AlertDialogTitle>
            <AlertDialogDescription>
              {archiving
                ? t("archive.confirm", { count: deleting.campaignCount, name: deleting.name })
                : t("delete.confirm")}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <p className="text-sm">{archiving ? t("archive.effect") : t("delete.noCampaigns")}</p>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>{t("actions.cancel")}</AlertDialogCancel>
            <Button
              type="button"
              variant={archiving ? "default" : "destructive"}
              onClick={confirmDelete}
              disabled={pending}
            >
              {pending ? <Spinner /> : null}
              {t(archiving ? "actions.archive" : "actions.delete")}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
