import { describe, expect, it, vi } from "vitest";
import { createNoCaptchaVerifier, createTurnstileVerifier, turnstileVerifyUrl } from "../../server/captcha";
import { createLogger } from "../../server/logger";

// Turnstile is verified by Cloudflare; the network is replaced by a fake fetch here.

type Call = { url: string; init: RequestInit };

function fakeFetch(answer: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  };
  return { calls, fetch };
}

const silent = createLogger("silent");
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("Turnstile verifier", () => {
  it("posts the secret, the token and the client address to siteverify", async () => {
    const { calls, fetch } = fakeFetch(() => json({ success: true, hostname: "placar.example" }));
    const verifier = createTurnstileVerifier({ secretKey: "secret-key", logger: silent, fetch });
    expect(await verifier.verify("token-1", { remoteIp: "203.0.113.5" })).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(turnstileVerifyUrl);
    expect(calls[0]?.init.method).toBe("POST");
    const form = new URLSearchParams(String(calls[0]?.init.body));
    expect(Object.fromEntries(form)).toEqual({
      secret: "secret-key",
      response: "token-1",
      remoteip: "203.0.113.5",
    });
  });

  it("does not call Cloudflare without a token", async () => {
    const { calls, fetch } = fakeFetch(() => json({ success: true }));
    const verifier = createTurnstileVerifier({ secretKey: "k", logger: silent, fetch });
    expect(await verifier.verify(undefined)).toEqual({ ok: false, reason: "missing" });
    expect(await verifier.verify("")).toEqual({ ok: false, reason: "missing" });
    expect(calls).toHaveLength(0);
  });

  it("maps Cloudflare's refusals", async () => {
    const refuse = (codes: string[]) =>
      createTurnstileVerifier({
        secretKey: "k",
        logger: silent,
        fetch: fakeFetch(() => json({ success: false, "error-codes": codes })).fetch,
      });
    expect(await refuse(["invalid-input-response"]).verify("t")).toEqual({ ok: false, reason: "invalid" });
    expect(await refuse(["timeout-or-duplicate"]).verify("t")).toEqual({ ok: false, reason: "reused" });
  });

  it("fails closed when Cloudflare cannot be reached or answers nonsense", async () => {
    const warn = vi.fn();
    const logger = { ...silent, warn };
    const down = createTurnstileVerifier({
      secretKey: "k",
      logger,
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    expect(await down.verify("t")).toEqual({ ok: false, reason: "unavailable" });
    const error500 = createTurnstileVerifier({ secretKey: "k", logger, fetch: async () => json({}, 500) });
    expect(await error500.verify("t")).toEqual({ ok: false, reason: "unavailable" });
    const nonsense = createTurnstileVerifier({
      secretKey: "k",
      logger,
      fetch: async () => json({ ok: "yes" }),
    });
    expect(await nonsense.verify("t")).toEqual({ ok: false, reason: "unavailable" });
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it("refuses oversized tokens without a network call", async () => {
    const { calls, fetch } = fakeFetch(() => json({ success: true }));
    const verifier = createTurnstileVerifier({ secretKey: "k", logger: silent, fetch });
    expect(await verifier.verify("x".repeat(5000))).toEqual({ ok: false, reason: "invalid" });
    expect(calls).toHaveLength(0);
  });
});

describe("no captcha", () => {
  it("accepts anything (CAPTCHA_PROVIDER=none, tests only)", async () => {
    expect(await createNoCaptchaVerifier().verify(undefined)).toEqual({ ok: true });
  });
});
