import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../server/errors";
import { createRouter } from "../../server/http";
import { limitRequestTime } from "../../server/overload";
import { createTestContext, type TestContext } from "../harness";

// The server keeps answering under overload: too large a body gets 413, a flooding client 429, a
// hung handler 503, a foreign Origin 403; always with the { error: { code, message } } shape.

let ctx: TestContext;
const floodLimit = 30;

beforeAll(async () => {
  ctx = await createTestContext({ env: { API_RATE_LIMIT: String(floodLimit) } });
});
afterAll(async () => ctx?.close());

const errorShape = { error: { code: expect.any(String), message: expect.any(String) } };

describe("overload", () => {
  it("answers a body over 1 MiB with 413 and the error shape", async () => {
    const response = await ctx.request("/api/campaigns", {
      method: "POST",
      json: { date: "2026-11-01", offerId: "x", padding: "x".repeat(1024 * 1024 + 10) },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: "payload_too_large" } });
  });

  it("answers a client that floods the API with 429 and Retry-After, and only that client", async () => {
    const ip = "10.250.1.1";
    const statuses: number[] = [];
    for (let i = 0; i < floodLimit + 5; i++) {
      const response = await ctx.request("/api/config", { ip });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await response.json()).toMatchObject({ error: { code: "rate_limited" } });
      } else await response.body?.cancel();
    }
    expect(statuses.slice(0, floodLimit).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(floodLimit).every((status) => status === 429)).toBe(true);
    // Another client, and the load balancer's health check, are unaffected.
    expect((await ctx.request("/api/config", { ip: "10.250.1.2" })).status).toBe(200);
    expect((await ctx.request("/api/health", { ip })).status).toBe(200);
  });

  it("refuses a state-changing call from a foreign Origin with 403", async () => {
    const response = await ctx.request("/api/campaigns", {
      method: "POST",
      origin: "https://evil.example",
      json: { date: "2026-11-01", offerId: "x" },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject(errorShape);
  });

  it("answers a handler that takes too long with 503 and the error shape", async () => {
    const app = createRouter();
    app.use("*", limitRequestTime(50));
    app.get("/slow", async (c) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return c.text("late");
    });
    app.get("/quick", (c) => c.text("ok"));
    app.onError((error, c) =>
      error instanceof AppError ? c.json(error.toBody(), error.status) : c.text("unexpected", 500),
    );
    const slow = await app.request("/slow");
    expect(slow.status).toBe(503);
    expect(await slow.json()).toMatchObject({ error: { code: "timeout" } });
    expect((await app.request("/quick")).status).toBe(200);
  });
});
