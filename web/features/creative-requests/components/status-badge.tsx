import type { CreativeStatus } from "@domain/schemas/creative-requests";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { normalizeStatus } from "../labels";

const tone: Record<CreativeStatus, string> = {
  pending: "border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300",
  in_progress: "border-sky-500/40 bg-sky-500/10 text-sky-800 dark:text-sky-300",
  completed: "border-emerald-500/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-300",
  rejected: "border-red-500/40 bg-red-500/10 text-red-800 dark:text-red-300",
};

export function CreativeStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("creative");
  const known = normalizeStatus(status);
  return (
    <Badge variant="outline" className={cn(tone[known])} data-testid="status-badge" data-status={known}>
      {t(`status.${known}`)}
    </Badge>
  );
}
