import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, writeTimeoutMs } from "../../web/lib/api";

// The web's one API client (web/lib/api.ts, decision 0069): every write carries an Idempotency-Key,
// one per action, kept for the retry of a write that got no answer; a write without an answer says
// "unreachable" within its time limit.

type Call = { url: string; init: RequestInit };
let calls: Call[];
let answer: (call: Call) => Promise<Response>;

beforeEach(() => {
  calls = [];
  answer = async () => new Response(JSON.stringify({ ok: true }), { status: 201 });
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return answer(call);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const keyOf = (call: Call | undefined) =>
  ((call?.init.headers ?? {}) as Record<string, string>)["idempotency-key"];
const offline = () => Promise.reject(new TypeError("Failed to fetch"));

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the request to fail");
}

describe("the web API client", () => {
  it("sends a key with every write and none with a read or a sign-in", async () => {
    await api.get("/api/campaigns");
    await api.post("/api/campaigns", { spent: "1" });
    await api.patch("/api/campaigns/1", { spent: "2" });
    await api.put("/api/commission-settings/1", { rate: "1" });
    await api.delete("/api/campaigns/1");
    await api.post("/api/auth/sign-out", {});
    expect(keyOf(calls[0])).toBeUndefined();
    const keys = calls.slice(1, 5).map(keyOf);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(4);
    expect(keyOf(calls[5])).toBeUndefined();
  });

  it("reuses the key when the same write is sent again after no answer, and only then", async () => {
    answer = offline;
    const body = { date: "2025-04-01", spent: "10" };
    const error = await failure(api.post("/api/campaigns", body));
    expect(error.code).toBe("unreachable");
    await failure(api.post("/api/campaigns", { ...body, spent: "11" }));
    answer = async () => new Response("{}", { status: 201 });
    await api.post("/api/campaigns", body);
    // The retry of the first write reused its key; the other body was another action.
    expect(keyOf(calls[2])).toBe(keyOf(calls[0]));
    expect(keyOf(calls[1])).not.toBe(keyOf(calls[0]));
    // Answered: the same body again is a new action with a new key.
    await api.post("/api/campaigns", body);
    expect(keyOf(calls[3])).not.toBe(keyOf(calls[0]));
  });

  it("keeps the key while the server says the first try is still running", async () => {
    const body = { spent: "3" };
    answer = async () =>
      new Response(JSON.stringify({ error: { code: "idempotency_key_in_use", message: "running" } }), {
        status: 409,
      });
    expect((await failure(api.post("/api/campaigns", body))).code).toBe("idempotency_key_in_use");
    answer = async () => new Response("{}", { status: 201 });
    await api.post("/api/campaigns", body);
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
  });

  it("keeps the key after a server error (a 503 may still be saving) and drops it after a 4xx", async () => {
    const body = { spent: "6" };
    answer = async () =>
      new Response(JSON.stringify({ error: { code: "timeout", message: "slow" } }), { status: 503 });
    expect((await failure(api.post("/api/campaigns", body))).code).toBe("timeout");
    answer = async () =>
      new Response(JSON.stringify({ error: { code: "validation_failed", message: "no" } }), { status: 400 });
    await failure(api.post("/api/campaigns", body));
    await failure(api.post("/api/campaigns", body));
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
    expect(keyOf(calls[2])).not.toBe(keyOf(calls[0]));
  });

  it("gives up on a write with no answer within the time limit, and says unreachable", async () => {
    vi.useFakeTimers();
    answer = (call) =>
      new Promise((_, reject) =>
        call.init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError"))),
      );
    const pending = failure(api.post("/api/campaigns", { spent: "4" }));
    await vi.advanceTimersByTimeAsync(writeTimeoutMs - 1);
    expect(calls[0]?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).code).toBe("unreachable");
    expect(writeTimeoutMs).toBeLessThanOrEqual(10_000);
  });

  it("says unreachable at once when the browser knows it is offline", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    expect((await failure(api.post("/api/campaigns", { spent: "5" }))).code).toBe("unreachable");
    expect(calls).toHaveLength(0);
  });

  it("lets the caller's own signal cancel a request (an AbortError, not an error message)", async () => {
    answer = (call) =>
      new Promise((_, reject) =>
        call.init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError"))),
      );
    const controller = new AbortController();
    const pending = api.get("/api/campaigns", { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});
