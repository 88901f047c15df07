import type { Campaign } from "@domain/schemas/campaigns";
import { useTranslation } from "react-i18next";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessageKey } from "@/lib/api";
import { closedMonthDate } from "@/lib/month-closed";
import { toast } from "@/lib/toast";
import { useFormatters } from "@/lib/use-formatters";
import { useDeleteCampaign } from "../api";
import { formErrorText } from "../form";

export function DeleteCampaignDialog({
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
  const remove = useDeleteCampaign();
  const confirm = async () => {
    if (!campaign) return;
    try {
      await remove.mutateAsync(campaign.id);
      toast.success(t("toasts.deleted"), { duration: 3000 });
      onOpenChange(false);
    } catch (error) {
      // A closed month will not open by trying again: say which month, and whom to ask.
      const closed = closedMonthDate(error, { saved: campaign.date });
      toast.error(t("toasts.deleteError"), {
        description: closed
          ? formErrorText(t, { key: "campaigns:errors.month_closed", month: closed }, f.language)
          : `${t(errorMessageKey(error))} ${t("toasts.tryLater")}`,
        duration: 5000,
      });
    }
  };
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent data-testid="delete-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t("delete.title")}</AlertDialogTitle>
          <AlertDialogDescription>
            {t("delete.confirm")}
            {campaign ? (
              <span className="mt-2 block font-medium text-foreground">
                {campaign.offer?.name ?? t("card.offerNotFound")} · {f.date(campaign.date)} ·{" "}
                {f.money(campaign.spent)}
              </span>
            ) : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("actions.cancel")}</AlertDialogCancel>
          <Button
            variant="destructive"
            onClick={confirm}
            disabled={remove.isPending}
            data-testid="delete-confirm"
          >
            {remove.isPending ? <Spinner /> : null}
            {t("actions.delete")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
