import { createHash, createHmac } from "node:crypto";
import { type Challenge, createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { and, eq, lt } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "./db/client";
import { verifications } from "./db/schema";
import type { Env } from "./env";
import type { Logger } from "./logger";

// Human verification for sign-in, sign-up and password recovery (decisions.md, "Human verification").
// The browser sends its token in the `x-captcha-response` header; server/auth.ts calls `verify`.

export type CaptchaProvider = Env["captcha"]["provider"];

/** Why a token was refused. The auth hook answers CAPTCHA_REQUIRED for "missing", else CAPTCHA_FAILED. */
export type CaptchaFailure = "missing" | "invalid" | "expired" | "reused" | "unavailable";
export type CaptchaResult = { ok: true } | { ok: false; reason: CaptchaFailure };

export type CaptchaVerifier = {
  provider: CaptchaProvider;
  verify: (
    token: string | null | undefined,
    context?: { remoteIp?: string | undefined },
  ) => Promise<CaptchaResult>;
};

export const captchaHeader = "x-captcha-response";

// Tokens larger than this are refused before any parsing (an ALTCHA payload is ~600 bytes,
// a Turnstile token ~2 KB).
const maxTokenLength = 4096;

// ---------------------------------------------------------------------------------------------
// ALTCHA (self-hosted proof of work)
// ---------------------------------------------------------------------------------------------

/**
 * Proof-of-work settings. In ALTCHA's deterministic mode the solver walks the counter from 0 up to a
 * secret value drawn from [counterMin, counterMax], deriving one PBKDF2-SHA-256 key of `cost`
 * iterations per step: ~750 × 5,000 hash rounds on average, split over the browser's workers.
 * Measured with the real widget (altcha 3.2, default workers, minDuration 0) in Debian's Chromium
 * on a 2-vCPU machine: 0.28–0.96 s, 0.66 s on average over 10 challenges (counters 200–500 took
 * 0.45 s, 1000–2000 took 1.24 s). Node solves it single-threaded in ~1–2 s.
 * Verifying costs one HMAC (the key signature), not a derivation.
 */
export const altchaDefaults = {
  algorithm: "PBKDF2/SHA-256",
  cost: 5_000,
  counterMin: 500,
  counterMax: 1_000,
  /** A challenge must be solved and used within this many seconds. */
  ttlSeconds: 300,
} as const;

export type AltchaSettings = {
  cost: number;
  counterMin: number;
  counterMax: number;
  ttlSeconds: number;
};

type AltchaSecrets = { signature: string; key: string };

// Derived from AUTH_SECRET, so every process signs and verifies alike and rotating the secret
// invalidates outstanding challenges. Separate labels keep the two HMAC keys independent.
function deriveAltchaSecrets(authSecret: string): AltchaSecrets {
  const derive = (label: string) => createHmac("sha256", authSecret).update(label).digest("hex");
  return {
    signature: derive("placar:altcha:challenge-signature:v1"),
    key: derive("placar:altcha:key-signature:v1"),
  };
}

function resolveSettings(overrides?: Partial<AltchaSettings>): AltchaSettings {
  return {
    cost: overrides?.cost ?? altchaDefaults.cost,
    counterMin: overrides?.counterMin ?? altchaDefaults.counterMin,
    counterMax: overrides?.counterMax ?? altchaDefaults.counterMax,
    ttlSeconds: overrides?.ttlSeconds ?? altchaDefaults.ttlSeconds,
  };
}

/** A signed ALTCHA challenge for the widget (GET /api/captcha/challenge). Stateless. */
export async function createAltchaChallenge(
  authSecret: string,
  overrides?: Partial<AltchaSettings>,
  now: () => number = Date.now,
): Promise<Challenge> {
  const settings = resolveSettings(overrides);
  const secrets = deriveAltchaSecrets(authSecret);
  return createChallenge({
    algorithm: altchaDefaults.algorithm,
    cost: settings.cost,
    counter: randomInt(settings.counterMin, settings.counterMax),
    deriveKey,
    expiresAt: Math.floor(now() / 1000) + settings.ttlSeconds,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.key,
  });
}

const altchaPayloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        keySignature: z.string().optional(),
        expiresAt: z.number(),
      })
      .loose(),
    signature: z.string().min(1),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

function decodeAltchaPayload(token: string): z.infer<typeof altchaPayloadSchema> | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
    const parsed = altchaPayloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const usedSolutionIdentifier = "altcha:used";
const sweepIntervalMs = 10 * 60 * 1000;

/**
 * Verifies ALTCHA payloads. Each solved challenge is accepted once: its signature is recorded in
 * the verifications table (primary key = hash of the signature, so two processes racing on one
 * solution cannot both win) until the challenge expires.
 */
export function createAltchaVerifier(input: {
  authSecret: string;
  db: Db;
  now?: () => number;
}): CaptchaVerifier {
  const secrets = deriveAltchaSecrets(input.authSecret);
  const now = input.now ?? Date.now;
  let lastSweep = 0;

  const sweepExpired = async () => {
    if (now() - lastSweep < sweepIntervalMs) return;
    lastSweep = now();
    await input.db
      .delete(verifications)
      .where(
        and(
          eq(verifications.identifier, usedSolutionIdentifier),
          lt(verifications.expiresAt, new Date(now())),
        ),
      );
  };

  return {
    provider: "altcha",
    async verify(token) {
      if (!token) return { ok: false, reason: "missing" };
      if (token.length > maxTokenLength) return { ok: false, reason: "invalid" };
      const payload = decodeAltchaPayload(token);
      if (!payload) return { ok: false, reason: "invalid" };
      const { challenge, solution } = payload;
      // verifySolution reads the clock itself; check expiry here too so an injected clock is honoured.
      if (challenge.parameters.expiresAt * 1000 < now()) return { ok: false, reason: "expired" };
      const result = await verifySolution({
        challenge,
        solution,
        deriveKey,
        hmacSignatureSecret: secrets.signature,
        hmacKeySignatureSecret: secrets.key,
      });
      if (result.expired) return { ok: false, reason: "expired" };
      if (!result.verified) return { ok: false, reason: "invalid" };

      const id = `altcha:${createHash("sha256").update(challenge.signature).digest("base64url")}`;
      const inserted = await input.db
        .insert(verifications)
        .values({
          id,
          identifier: usedSolutionIdentifier,
          value: "used",
          expiresAt: new Date(challenge.parameters.expiresAt * 1000),
        })
        .onConflictDoNothing({ target: verifications.id })
        .returning({ id: verifications.id });
      if (inserted.length === 0) return { ok: false, reason: "reused" };
      await sweepExpired();
      return { ok: true };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Cloudflare Turnstile
// ---------------------------------------------------------------------------------------------

export const turnstileVerifyUrl = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

const turnstileResponseSchema = z.object({
  success: z.boolean(),
  "error-codes": z.array(z.string()).optional(),
  hostname: z.string().optional(),
  action: z.string().optional(),
});

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export function createTurnstileVerifier(input: {
  secretKey: string;
  logger: Logger;
  fetch?: FetchLike;
  timeoutMs?: number;
}): CaptchaVerifier {
  const doFetch: FetchLike = input.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = input.timeoutMs ?? 10_000;
  return {
    provider: "turnstile",
    async verify(token, context) {
      if (!token) return { ok: false, reason: "missing" };
      if (token.length > maxTokenLength) return { ok: false, reason: "invalid" };
      const form = new URLSearchParams({ secret: input.secretKey, response: token });
      if (context?.remoteIp) form.set("remoteip", context.remoteIp);
      let body: unknown;
      try {
        const response = await doFetch(turnstileVerifyUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
        body = await response.json();
      } catch (error) {
        // Fail closed: without Cloudflare's answer nobody passes.
        input.logger.warn("turnstile verification unavailable", { err: error });
        return { ok: false, reason: "unavailable" };
      }
      const parsed = turnstileResponseSchema.safeParse(body);
      if (!parsed.success) {
        input.logger.warn("turnstile answered an unexpected body");
        return { ok: false, reason: "unavailable" };
      }
      if (parsed.data.success) return { ok: true };
      const codes = parsed.data["error-codes"] ?? [];
      return { ok: false, reason: codes.includes("timeout-or-duplicate") ? "reused" : "invalid" };
    },
  };
}

// ---------------------------------------------------------------------------------------------

/** Accepts everything. Only reachable with CAPTCHA_PROVIDER=none set explicitly (automated tests). */
export function createNoCaptchaVerifier(): CaptchaVerifier {
  return { provider: "none", verify: async () => ({ ok: true }) };
}

/** The verifier the configuration asks for. */
export function createCaptchaVerifier(input: {
  env: Env;
  db: Db;
  logger: Logger;
  fetch?: FetchLike;
}): CaptchaVerifier {
  const { captcha } = input.env;
  switch (captcha.provider) {
    case "none":
      return createNoCaptchaVerifier();
    case "turnstile":
      if (!captcha.turnstileSecretKey)
        throw new Error("TURNSTILE_SECRET_KEY is required for CAPTCHA_PROVIDER=turnstile");
      return createTurnstileVerifier({
        secretKey: captcha.turnstileSecretKey,
        logger: input.logger,
        ...(input.fetch ? { fetch: input.fetch } : {}),
      });
    case "altcha":
      return createAltchaVerifier({ authSecret: input.env.authSecret, db: input.db });
  }
}
