import i18n from "i18next";

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

type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A write's own key; by default one per action, kept for its retry (see above). */
  idempotencyKey?: string;
  /** How long a write waits for an answer; writeTimeoutMs unless the operation is known to be long. */
  timeoutMs?: number;
};

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

function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function readErrorBody(status: number, body: unknown): ApiError {
  if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    const ours = record.error;
    if (ours && typeof ours === "object") {
      const { code, message, fields } = ours as Record<string, unknown>;
      if (typeof code === "string") {
        return new ApiError(
          status,
          code,
          typeof message === "string" ? message : code,
          fields && typeof fields === "object" ? (fields as FieldErrors) : undefined,
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

/** Calls the API and returns the parsed JSON body (undefined for an empty answer). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = {
    accept: "application/json",
    "x-language": i18n.resolvedLanguage ?? i18n.language ?? "pt-BR",
    ...options.headers,
  };
  const init: RequestInit = { method, headers, credentials: "same-origin" };
  if (options.body instanceof FormData) {
    // A file upload: the browser sets the multipart content type with its boundary.
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  const url = buildUrl(path, options.query);
  const write = method !== "GET";
  let fingerprint: string | null = null;
  if (write && !isAuthPath(path)) {
    if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
    else if (typeof init.body === "string" || init.body === undefined) {
      fingerprint = `${method} ${url}\n${init.body ?? ""}`;
      headers["idempotency-key"] = keyForWrite(fingerprint);
    } else headers["idempotency-key"] = newIdempotencyKey();
  }

  // A write gives up after its time limit; the caller's own signal still cancels it (AbortError).
  const timeout = new AbortController();
  const timer = write ? setTimeout(() => timeout.abort(), options.timeoutMs ?? writeTimeoutMs) : undefined;
  const cancel = () => timeout.abort();
  if (options.signal?.aborted) timeout.abort();
  options.signal?.addEventListener("abort", cancel, { once: true });
  init.signal = timeout.signal;

  let response: Response;
  try {
    // The browser knows it is offline: say so at once rather than after the time limit.
    if (write && typeof navigator !== "undefined" && navigator.onLine === false)
      throw new TypeError("offline");
    response = await fetch(url, init);
  } catch (error) {
    if (options.signal?.aborted)
      throw error instanceof Error ? error : new DOMException("Aborted", "AbortError");
    // No answer: a write may or may not have been saved, so its key is kept for the retry.
    if (write) throw new ApiError(0, "unreachable", error instanceof Error ? error.message : "No answer.");
    throw new ApiError(0, "network_error", error instanceof Error ? error.message : "Network error.");
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", cancel);
  }
  // A 2xx-4xx answer ends the action. A 5xx does not: a 503 "took too long" leaves the handler
  // running on the server, so the retry must carry the same key; nor does 409 idempotency_key_in_use
  // (the first try is still running).
  if (fingerprint !== null && response.status < 500 && response.status !== 409)
    unansweredWrites.delete(fingerprint);

  const text = await response.text();
  let body: unknown;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  if (
    fingerprint !== null &&
    response.status === 409 &&
    readErrorBody(409, body).code !== "idempotency_key_in_use"
  )
    unansweredWrites.delete(fingerprint);
  if (!response.ok) {
    // A rate limit answers 429 whatever the body says; the account locks (a second factor, a
    // throttled sign-in address) keep their own codes.
    const error = readErrorBody(response.status, body);
    if (response.status === 429 && error.code !== "rate_limited" && !keptOn429.has(error.code)) {
      throw new ApiError(429, "rate_limited", error.message, error.fields);
    }
    throw error;
  }
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "POST", body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "PUT", body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "PATCH", body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "DELETE" }),
};

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
