import type { Campaign } from "@domain/schemas/campaigns";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";

// The dialogs (and the edit form's date picker, react-hook-form and zod with them) load on the
// first click of a row's action, not with the table: the dashboard's first screen never shows them.
const EditCampaignDialog = lazy(() =>
  import("./edit-campaign-dialog").then((module) => ({ default: module.EditCampaignDialog })),
);
const AnalysisDialog = lazy(() =>
  import("./analysis-dialog").then((module) => ({ default: module.AnalysisDialog })),
);
const DeleteCampaignDialog = lazy(() =>
  import("./delete-campaign-dialog").then((module) => ({ default: module.DeleteCampaignDialog })),
);

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
  // Nothing to load until a dialog is first asked for; afterwards each stays mounted, so closing
  // animates as before.
  const dialogs = state ? (
    <Suspense fallback={null}>
      <EditCampaignDialog campaign={campaign} open={open && state.kind === "edit"} onOpenChange={setOpen} />
      <AnalysisDialog campaign={campaign} open={open && state.kind === "analysis"} onOpenChange={setOpen} />
      <DeleteCampaignDialog
        campaign={campaign}
        open={open && state.kind === "delete"}
        onOpenChange={setOpen}
      />
    </Suspense>
  ) : null;
  return { actions, dialogs };
}

export type CampaignActions = ReturnType<typeof useCampaignDialogs>["actions"];
