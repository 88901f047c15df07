import i18n from "i18next";
import createClient from "openapi-fetch";
import type { paths } from "./api-schema";
import type { AuthPaths } from "./auth-paths";

// One way to talk to the server. Every failure becomes an ApiError whose `code` the UI translates
// (errors.<code>): our API answers { error: { code, message, fields? } }, Better Auth answers
// { code, message }, and a dropped connection becomes "network_error" ("unreachable" for a write).
//
// Writes (docs/decisions/0069): every POST/PUT/PATCH/DELETE to our API carries an Idempotency-Key,
// one per user action. A write whose outcome is unknown (no answer: offline, dropped, or no answer
// within writeTimeoutMs) keeps its key, and the same write sent again (the user's Retry, the same
// method, path and body) reuses it, so the server answers the first save instead of saving twice.
// Any answer from the server ends the action: the next identical write is a new one.

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    /** The error's other members (e.g. 422 needs_confirmation's `warnings`), unchecked. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A JSON object (not null, not an array): what an answer's shape check starts from. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A write with no answer after this long says so (the user may retry with the same key). */
export const writeTimeoutMs = 9_000;
/** For the few writes that do long work while the user watches (a backup, an import of a big file). */
export const longWriteTimeoutMs = 120_000;

/** Keys of writes whose outcome is unknown, by method, path and body; reused by the same write. */
const unansweredWrites = new Map<string, string>();

/** A fresh key: random, and available outside secure contexts too (crypto.randomUUID is not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The key for a write: the unanswered one for the same write, else a new one. */
function keyForWrite(fingerprint: string): string {
  let key = unansweredWrites.get(fingerprint);
  if (!key) {
    key = newIdempotencyKey();
    unansweredWrites.set(fingerprint, key);
  }
  return key;
}

/** Better Auth's own calls (sign-in, sign-out…) are not data writes; the server does not key them. */
const isAuthPath = (path: string) => path.startsWith("/api/auth/");

/** Query parameters as before the typed client: empty values (undefined, null, "") are left out. */
function serializeQuery(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  return params.toString();
}

function readErrorBody(status: number, body: unknown): ApiError {
  if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    const ours = record.error;
    if (ours && typeof ours === "object") {
      const { code, message, fields, ...details } = ours as Record<string, unknown>;
      if (typeof code === "string") {
        return new ApiError(
          status,
          code,
          typeof message === "string" ? message : code,
          fields && typeof fields === "object" ? (fields as FieldErrors) : undefined,
          Object.keys(details).length > 0 ? details : undefined,
        );
      }
    }
    if (typeof record.code === "string") {
      return new ApiError(
        status,
        record.code,
        typeof record.message === "string" ? record.message : record.code,
      );
    }
  }
  if (status === 429) return new ApiError(status, "rate_limited", "Too many requests.");
  if (status === 401) return new ApiError(status, "unauthenticated", "Sign in first.");
  if (status === 403) return new ApiError(status, "forbidden", "Forbidden.");
  if (status === 404) return new ApiError(status, "not_found", "Not found.");
  return new ApiError(status, "internal", `Request failed with status ${status}.`);
}

/** 429 answers whose own code says more than "too many requests". */
const keptOn429 = new Set(["ACCOUNT_TEMPORARILY_LOCKED", "TOO_MANY_FAILED_SIGN_INS"]);

/**
 * Sends one request the typed client built (openapi-fetch's `fetch`): the language, the write's
 * Idempotency-Key and time limit, and every failure as an ApiError. openapi-fetch only builds the
 * URL and body from the typed path and parses a successful answer.
 */
async function send(request: Request, timeoutMs: number): Promise<Response> {
  const method = request.method;
  const headers: Record<string, string> = {
    accept: "application/json",
    "x-language": i18n.resolvedLanguage ?? i18n.language ?? "pt-BR",
  };
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const write = method !== "GET";
  const json = (headers["content-type"] ?? "").includes("json");
  // A JSON body is text, and part of the write's fingerprint; a file upload is sent as it is.
  let body: BodyInit | undefined;
  if (write) {
    if (json) body = await request.text();
    else {
      const blob = await request.blob();
      if (blob.size > 0) body = blob;
    }
  }
  const init: RequestInit = { method, headers, credentials: "same-origin" };
  if (body !== undefined) init.body = body;
  const url = request.url;
  let fingerprint: string | null = null;
  if (write && !isAuthPath(new URL(url).pathname)) {
    if (typeof body === "string" || body === undefined) {
      fingerprint = `${method} ${url}\n${body ?? ""}`;
      headers["idempotency-key"] = keyForWrite(fingerprint);
    } else headers["idempotency-key"] = newIdempotencyKey();
  }

  // A write gives up after its time limit; the caller's own signal still cancels it (AbortError).
  const signal = request.signal;
  const timeout = new AbortController();
  const timer = write ? setTimeout(() => timeout.abort(), timeoutMs) : undefined;
  const cancel = () => timeout.abort();
  if (signal.aborted) timeout.abort();
  signal.addEventListener("abort", cancel, { once: true });
  init.signal = timeout.signal;

  let response: Response;
  try {
    // The browser knows it is offline: say so at once rather than after the time limit.
    if (write && typeof navigator !== "undefined" && navigator.onLine === false)
      throw new TypeError("offline");
    response = await fetch(url, init);
  } catch (error) {
    if (signal.aborted) throw error instanceof Error ? error : new DOMException("Aborted", "AbortError");
    // No answer: a write may or may not have been saved, so its key is kept for the retry.
    if (write) throw new ApiError(0, "unreachable", error instanceof Error ? error.message : "No answer.");
    throw new ApiError(0, "network_error", error instanceof Error ? error.message : "Network error.");
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", cancel);
  }
  // A 2xx-4xx answer ends the action. A 5xx does not: a 503 "took too long" leaves the handler
  // running on the server, so the retry must carry the same key; nor does 409 idempotency_key_in_use
  // (the first try is still running).
  if (fingerprint !== null && response.status < 500 && response.status !== 409)
    unansweredWrites.delete(fingerprint);
  if (response.ok) return response;

  const text = await response.text();
  let answer: unknown;
  if (text) {
    try {
      answer = JSON.parse(text);
    } catch {
      answer = undefined;
    }
  }
  const error = readErrorBody(response.status, answer);
  if (fingerprint !== null && response.status === 409 && error.code !== "idempotency_key_in_use")
    unansweredWrites.delete(fingerprint);
  // A rate limit answers 429 whatever the body says; the account locks (a second factor, a
  // throttled sign-in address) keep their own codes.
  if (response.status === 429 && error.code !== "rate_limited" && !keptOn429.has(error.code)) {
    throw new ApiError(429, "rate_limited", error.message, error.fields);
  }
  throw error;
}

/** For the few writes that do long work while the user watches: `api.POST(path, { …, fetch: longWrite })`. */
export const longWrite = (request: Request) => send(request, longWriteTimeoutMs);

/**
 * The one API client: typed by the served OpenAPI document (web/lib/api-schema.d.ts, regenerated by
 * `npm run api:types`) and by the few Better Auth calls the web makes (./auth-paths.ts). A failed
 * call throws an ApiError, so its `data` is the answer; `unwrap` returns it.
 */
export const api = createClient<paths & AuthPaths>({
  // Same origin; an absolute base so a Request can be built outside a browser too (unit tests).
  baseUrl: globalThis.location?.origin ?? "http://localhost",
  fetch: (request) => send(request, writeTimeoutMs),
  querySerializer: serializeQuery,
});

type GetParameters<P extends keyof paths> = paths[P] extends { get: { parameters: infer Q } }
  ? Q
  : { path?: never; query?: never };

/**
 * The URL of a GET the browser makes itself, not through the client: a download link, the live
 * stream (EventSource). The path and its parameters are still checked against the document.
 */
export function apiUrl<P extends keyof paths>(path: P, parameters?: GetParameters<P>): string {
  const { path: inPath, query } = (parameters ?? {}) as {
    path?: Record<string, string>;
    query?: Record<string, unknown>;
  };
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(inPath?.[name] ?? ""));
  const search = serializeQuery(query ?? {});
  return search ? `${filled}?${search}` : filled;
}

/** The answer of a typed call (a failed call has already thrown an ApiError). */
export async function unwrap<D>(call: Promise<{ data?: D; response: Response }>): Promise<D> {
  return (await call).data as D;
}

/**
 * The translation key for an error: errors.<code> when that code is known, else the fallback.
 * Raw server text is never shown: it is English and meant for logs.
 */
export function errorMessageKey(error: unknown, fallback = "errors:unknown"): string {
  if (isApiError(error)) {
    const key = `errors:${error.code}`;
    if (i18n.exists(key)) return key;
  }
  return fallback;
}
