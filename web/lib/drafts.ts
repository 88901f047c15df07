// Drafts of unsaved form entries in this browser's local storage, per user and per form (see
// form-draft.ts). Kept apart from the React hook so sign-out can forget them without loading forms.

const prefix = "placar:draft:v1:";
const maxAgeMs = 7 * 24 * 60 * 60 * 1000;

export type StoredDraft<T> = { savedAt: number; values: T };

export const draftStorageKey = (userId: string, formKey: string) => `${prefix}${userId}:${formKey}`;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (private mode settings): drafts are simply not kept
  }
}

export function readDraft<T>(key: string, now = Date.now()): StoredDraft<T> | null {
  const store = storage();
  const raw = store?.getItem(key);
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as StoredDraft<T>;
    if (typeof draft?.savedAt !== "number" || !draft.values || now - draft.savedAt > maxAgeMs) {
      store?.removeItem(key);
      return null;
    }
    return draft;
  } catch {
    store?.removeItem(key);
    return null;
  }
}

export function writeDraft<T>(key: string, values: T, now = Date.now()): void {
  try {
    storage()?.setItem(key, JSON.stringify({ savedAt: now, values } satisfies StoredDraft<T>));
  } catch {
    // Quota exceeded: the form still works, only the safety net is missing.
  }
}

export function removeDraft(key: string): void {
  storage()?.removeItem(key);
}

/** Forgets every draft of a user (at sign-out). */
export function removeUserDrafts(userId: string): void {
  const store = storage();
  if (!store) return;
  const own = `${prefix}${userId}:`;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(own)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}
