import { useCallback, useEffect, useRef, useState } from "react";
import { type FieldValues, type UseFormReturn, useFormState, useWatch } from "react-hook-form";
import { draftStorageKey, readDraft, removeDraft, writeDraft } from "./drafts";

// Unsaved form entries survive a crash, a closed tab, an expired session or a server that did not
// answer: each keystroke's values are kept in this browser's local storage, per user and per form,
// and offered back the next time the form opens. A successful save (or "discard") removes them,
// and so does signing out, so nothing of one user's typing is shown to the next user of the browser.

const saveDelayMs = 300;

/** True when the values differ from the blank form (only then is a draft worth keeping). */
function differs<T extends FieldValues>(values: T, blank: T): boolean {
  return JSON.stringify(values) !== JSON.stringify(blank);
}

function shouldKeep<T extends FieldValues>(values: T, keep: ((values: T) => boolean) | undefined, blank: T) {
  return keep ? keep(values) : differs(values, blank);
}

export type FormDraft = {
  /** When the restored draft was saved, or null when the form opened blank. */
  restoredAt: Date | null;
  /** Call after a successful save. */
  clear: () => void;
  /** Throws the restored entry away and puts the form's starting values back. */
  discard: () => void;
};

/**
 * Keeps `form`'s values as a draft under `formKey` for `userId` while it is open, and restores a
 * draft into it once when it opens. `blank` is the form's starting values: a draft equal to them is
 * not kept. Pass `enabled: false` while the form waits for its own data (an edit dialog loading).
 */
export function useFormDraft<T extends FieldValues>({
  form,
  userId,
  formKey,
  blank,
  enabled = true,
  worthKeeping,
  onDiscard,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  userId: string | null | undefined;
  formKey: string;
  blank: T;
  enabled?: boolean;
  /** Whether values hold real typing (default: they differ from `blank`). */
  worthKeeping?: (values: T) => boolean;
  /** Runs after "discard" reset the form (e.g. to fill a default date again). */
  onDiscard?: () => void;
}): FormDraft {
  const key = userId ? draftStorageKey(userId, formKey) : null;
  const [restoredAt, setRestoredAt] = useState<Date | null>(null);
  const restoredFor = useRef<string | null>(null);
  const blankRef = useRef(blank);
  blankRef.current = blank;
  const keepRef = useRef(worthKeeping);
  keepRef.current = worthKeeping;
  const onDiscardRef = useRef(onDiscard);
  onDiscardRef.current = onDiscard;

  const values = useWatch({ control: form.control }) as T;
  // Only what the user changed is kept: values the form set itself (a reset after saving, a default
  // date) leave it clean.
  const { isDirty } = useFormState({ control: form.control });

  // Closed (or waiting): the next opening restores again.
  useEffect(() => {
    if (!enabled) restoredFor.current = null;
  }, [enabled]);

  // Restore once per opening and key, before anything is saved under it. Declare the hook after
  // the form's own loading effects so the draft is applied over them.
  useEffect(() => {
    if (!key || !enabled || restoredFor.current === key) return;
    restoredFor.current = key;
    const draft = readDraft<T>(key);
    if (draft && shouldKeep(draft.values, keepRef.current, blankRef.current)) {
      form.reset({ ...blankRef.current, ...draft.values }, { keepDefaultValues: true });
      setRestoredAt(new Date(draft.savedAt));
    } else {
      setRestoredAt(null);
    }
  }, [key, enabled, form]);

  useEffect(() => {
    if (!key || !enabled || restoredFor.current !== key) return;
    const timer = setTimeout(() => {
      if (isDirty && shouldKeep(values, keepRef.current, blankRef.current)) writeDraft(key, values);
      else removeDraft(key);
    }, saveDelayMs);
    return () => clearTimeout(timer);
  }, [key, enabled, values, isDirty]);

  const clear = useCallback(() => {
    if (key) removeDraft(key);
    setRestoredAt(null);
  }, [key]);

  const discard = useCallback(() => {
    if (key) removeDraft(key);
    setRestoredAt(null);
    form.reset();
    onDiscardRef.current?.();
  }, [key, form]);

  return { restoredAt, clear, discard };
}
