import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, apiUrl, longWrite, longWriteTimeoutMs, writeTimeoutMs } from "../../web/lib/api";

// The web's one API client (web/lib/api.ts, decisions 0069 and 0073): typed by the served document,
// every write carries an Idempotency-Key, one per action, kept for the retry of a write that got no
// answer; a write without an answer says "unreachable" within its time limit; every refusal is an
// ApiError with the server's code and fields.

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
const campaign = (spent: string) => ({ date: "2025-04-01", offerId: "offer-1", spent });
const createCampaign = (body: ReturnType<typeof campaign>) => api.POST("/api/campaigns", { body });

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
    await api.GET("/api/campaigns");
    await createCampaign(campaign("1"));
    await api.PATCH("/api/campaigns/{id}", { params: { path: { id: "1" } }, body: { spent: "2" } });
    await api.PUT("/api/settings", { body: { defaultLanguage: "en" } as never });
    await api.DELETE("/api/campaigns/{id}", { params: { path: { id: "1" } } });
    await api.POST("/api/auth/sign-out", { body: {} });
    expect(keyOf(calls[0])).toBeUndefined();
    const keys = calls.slice(1, 5).map(keyOf);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(4);
    expect(keyOf(calls[5])).toBeUndefined();
  });

  it("reuses the key when the same write is sent again after no answer, and only then", async () => {
    answer = offline;
    const body = campaign("10");
    const error = await failure(createCampaign(body));
    expect(error.code).toBe("unreachable");
    await failure(createCampaign({ ...body, spent: "11" }));
    answer = async () => new Response("{}", { status: 201 });
    await createCampaign(body);
    // The retry of the first write reused its key; the other body was another action.
    expect(keyOf(calls[2])).toBe(keyOf(calls[0]));
    expect(keyOf(calls[1])).not.toBe(keyOf(calls[0]));
    // Answered: the same body again is a new action with a new key.
    await createCampaign(body);
    expect(keyOf(calls[3])).not.toBe(keyOf(calls[0]));
  });

  it("keeps the key while the server says the first try is still running", async () => {
    const body = campaign("3");
    answer = async () =>
      new Response(JSON.stringify({ error: { code: "idempotency_key_in_use", message: "running" } }), {
        status: 409,
      });
    expect((await failure(createCampaign(body))).code).toBe("idempotency_key_in_use");
    answer = async () => new Response("{}", { status: 201 });
    await createCampaign(body);
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
  });

  it("keeps the key after a server error (a 503 may still be saving) and drops it after a 4xx", async () => {
    const body = campaign("6");
    answer = async () =>
      new Response(JSON.stringify({ error: { code: "timeout", message: "slow" } }), { status: 503 });
    expect((await failure(createCampaign(body))).code).toBe("timeout");
    answer = async () =>
      new Response(JSON.stringify({ error: { code: "validation_failed", message: "no" } }), { status: 400 });
    await failure(createCampaign(body));
    await failure(createCampaign(body));
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
    expect(keyOf(calls[2])).not.toBe(keyOf(calls[0]));
  });

  it("gives up on a write with no answer within the time limit, and says unreachable", async () => {
    vi.useFakeTimers();
    answer = (call) =>
      new Promise((_, reject) =>
        call.init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError"))),
      );
    const pending = failure(createCampaign(campaign("4")));
    await vi.advanceTimersByTimeAsync(writeTimeoutMs - 1);
    expect(calls[0]?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).code).toBe("unreachable");
    expect(writeTimeoutMs).toBeLessThanOrEqual(10_000);
  });

  it("says unreachable at once when the browser knows it is offline", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    expect((await failure(createCampaign(campaign("5")))).code).toBe("unreachable");
    expect(calls).toHaveLength(0);
  });

  it("lets the caller's own signal cancel a request (an AbortError, not an error message)", async () => {
    answer = (call) =>
      new Promise((_, reject) =>
        call.init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError"))),
      );
    const controller = new AbortController();
    const pending = api.GET("/api/campaigns", { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  it("gives a long write its own, longer time limit", async () => {
    vi.useFakeTimers();
    answer = (call) =>
      new Promise((_, reject) =>
        call.init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError"))),
      );
    const pending = failure(api.POST("/api/backups", { fetch: longWrite }));
    await vi.advanceTimersByTimeAsync(writeTimeoutMs);
    expect(calls[0]?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(longWriteTimeoutMs - writeTimeoutMs);
    expect((await pending).code).toBe("unreachable");
  });

  it("turns a refusal into an ApiError with the server's code and fields", async () => {
    answer = async () =>
      new Response(
        JSON.stringify({
          error: { code: "validation_failed", message: "bad", fields: { spent: "required" } },
        }),
        { status: 400 },
      );
    const error = await failure(createCampaign(campaign("")));
    expect(error).toMatchObject({ status: 400, code: "validation_failed", fields: { spent: "required" } });
    answer = async () => new Response("", { status: 404 });
    expect((await failure(api.GET("/api/campaigns/{id}", { params: { path: { id: "x" } } }))).code).toBe(
      "not_found",
    );
    answer = async () =>
      new Response(JSON.stringify({ error: { code: "too_many", message: "slow down" } }), { status: 429 });
    expect((await failure(api.GET("/api/campaigns"))).code).toBe("rate_limited");
    answer = offline;
    expect((await failure(api.GET("/api/campaigns"))).code).toBe("network_error");
  });

  it("keeps the error's other members, such as needs_confirmation's warnings", async () => {
    const warnings = [{ row: 0, field: "deposits", code: "deposits_over_registrations", value: "9" }];
    answer = async () =>
      new Response(JSON.stringify({ error: { code: "needs_confirmation", message: "check", warnings } }), {
        status: 422,
      });
    const error = await failure(createCampaign(campaign("1")));
    expect(error).toMatchObject({ status: 422, code: "needs_confirmation", warnings });
    answer = async () =>
      new Response(JSON.stringify({ error: { code: "forbidden", message: "no" } }), { status: 403 });
    expect((await failure(createCampaign(campaign("2")))).warnings).toBeUndefined();
  });

  it("fills path parameters, leaves empty query values out and sends the reader's language", async () => {
    await api.GET("/api/campaigns/{id}", { params: { path: { id: "a/b" } } });
    await api.GET("/api/campaigns", { params: { query: { q: "", offerId: "o 1", page: 2 } } });
    expect(new URL(calls[0]?.url ?? "").pathname).toBe("/api/campaigns/a%2Fb");
    expect(new URL(calls[1]?.url ?? "").search).toBe("?offerId=o+1&page=2");
    const headers = calls[1]?.init.headers as Record<string, string>;
    expect(headers["x-language"]).toBeTruthy();
    expect(headers.accept).toBe("application/json");
    expect(calls[1]?.init.credentials).toBe("same-origin");
  });

  it("sends a file upload as multipart with a fresh key, not as JSON", async () => {
    const file = new File(["date;spent\n"], "days.csv", { type: "text/csv" });
    const upload = () =>
      api.POST("/api/imports/preview", {
        body: { file },
        bodySerializer: (body) => {
          const form = new FormData();
          form.set("file", body.file);
          return form;
        },
      });
    await upload();
    await upload();
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(await new Response(calls[0]?.init.body).text()).toContain("date;spent");
    expect(keyOf(calls[0])).not.toBe(keyOf(calls[1]));
  });

  it("builds the URLs the browser fetches itself from the document's paths", () => {
    expect(apiUrl("/api/backups/{id}/download", { path: { id: "b 1" } })).toBe("/api/backups/b%201/download");
    expect(apiUrl("/api/payments.csv", { query: { month: "2026-11" } })).toBe(
      "/api/payments.csv?month=2026-11",
    );
    expect(apiUrl("/api/notifications/stream")).toBe("/api/notifications/stream");
  });
});
