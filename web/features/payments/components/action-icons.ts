import { Check, CircleMinus, type LucideIcon, Play, Plus, RotateCcw, X } from "lucide-react";
import type { RowAction } from "../helpers";

/** One icon per statement action, so the sheet's buttons and the row menu's items agree. */
export const actionIcons: Record<RowAction, LucideIcon> = {
  process: Play,
  confirm: Check,
  reject: X,
  reopen: RotateCcw,
  register: Plus,
  adjust: CircleMinus,
};

/** The workflow actions, in the order the sheet shows them. */
export const workflowActions = ["process", "confirm", "reject", "reopen"] as const;
