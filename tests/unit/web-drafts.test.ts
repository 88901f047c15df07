import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { draftStorageKey, readDraft, removeDraft, removeUserDrafts, writeDraft } from "../../web/lib/drafts";

// Drafts of unsaved form entries (web/lib/drafts.ts) in a stand-in for the browser's localStorage.

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

let store: MemoryStorage;
beforeEach(() => {
  store = new MemoryStorage();
  vi.stubGlobal("window", { localStorage: store });
});
afterEach(() => vi.unstubAllGlobals());

describe("form drafts", () => {
  it("keeps a user's entry per form and gives it back", () => {
    const key = draftStorageKey("user-1", "add-data");
    writeDraft(key, { spent: "12.50" }, 1_000);
    expect(readDraft(key, 2_000)).toEqual({ savedAt: 1_000, values: { spent: "12.50" } });
    expect(readDraft(draftStorageKey("user-2", "add-data"), 2_000)).toBeNull();
    removeDraft(key);
    expect(readDraft(key, 2_000)).toBeNull();
  });

  it("forgets drafts older than a week and unreadable ones", () => {
    const key = draftStorageKey("user-1", "add-data");
    writeDraft(key, { spent: "1" }, 0);
    expect(readDraft(key, 7 * 24 * 3600 * 1000 + 1)).toBeNull();
    expect(store.getItem(key)).toBeNull();
    store.setItem(key, "{not json");
    expect(readDraft(key)).toBeNull();
    expect(store.getItem(key)).toBeNull();
  });

  it("removes only the signed-out user's drafts", () => {
    writeDraft(draftStorageKey("user-1", "add-data"), { spent: "1" });
    writeDraft(draftStorageKey("user-1", "campaign-edit:abc"), { spent: "2" });
    writeDraft(draftStorageKey("user-10", "add-data"), { spent: "3" });
    store.setItem("placar.theme", "dark");
    removeUserDrafts("user-1");
    expect(store.length).toBe(2);
    expect(readDraft(draftStorageKey("user-10", "add-data"))?.values).toEqual({ spent: "3" });
    expect(store.getItem("placar.theme")).toBe("dark");
  });

  it("works without storage (disabled by the browser)", () => {
    vi.stubGlobal("window", {
      get localStorage(): Storage {
        throw new Error("SecurityError");
      },
    });
    const key = draftStorageKey("user-1", "add-data");
    expect(() => writeDraft(key, { spent: "1" })).not.toThrow();
    expect(readDraft(key)).toBeNull();
    expect(() => removeUserDrafts("user-1")).not.toThrow();
  });
});
