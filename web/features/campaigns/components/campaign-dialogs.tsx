import type { Campaign } from "@domain/schemas/campaigns";
import { useCallback, useMemo, useState } from "react";
import { AnalysisDialog } from "./analysis-dialog";
import { DeleteCampaignDialog } from "./delete-campaign-dialog";
import { EditCampaignDialog } from "./edit-campaign-dialog";

type Kind = "edit" | "analysis" | "delete";

/** The three per-campaign dialogs, opened from a table row or a history card. */
export function useCampaignDialogs() {
  const [state, setState] = useState<{ kind: Kind; campaign: Campaign } | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((kind: Kind, campaign: Campaign) => {
    setState({ kind, campaign });
    setOpen(true);
  }, []);
  const actions = useMemo(
    () => ({
      edit: (campaign: Campaign) => show("edit", campaign),
      analysis: (campaign: Campaign) => show("analysis", campaign),
      remove: (campaign: Campaign) => show("delete", campaign),
    }),
    [show],
  );
  const campaign = state?.campaign ?? null;
  const dialogs = (
    <>
      <EditCampaignDialog campaign={campaign} open={open && state?.kind === "edit"} onOpenChange={setOpen} />
      <AnalysisDialog campaign={campaign} open={open && state?.kind === "analysis"} onOpenChange={setOpen} />
      <DeleteCampaignDialog
        campaign={campaign}
        open={open && state?.kind === "delete"}
        onOpenChange={setOpen}
      />
    </>
  );
  return { actions, dialogs };
}

export type CampaignActions = ReturnType<typeof useCampaignDialogs>["actions"];
