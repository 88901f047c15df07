import i18n from "i18next";

// One way to talk to the server. Every failure becomes an ApiError whose `code` the UI translates
// (errors.<code>): our API answers { error: { code, message, fields? } }, Better Auth answers
// { code, message }, and a dropped connection becomes "network_error".

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
};

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
  const headers: Record<string, string> = {
    accept: "application/json",
    "x-language": i18n.resolvedLanguage ?? i18n.language ?? "pt-BR",
    ...options.headers,
  };
  const init: RequestInit = { method: options.method ?? "GET", headers, credentials: "same-origin" };
  if (options.body instanceof FormData) {
    // A file upload: the browser sets the multipart content type with its boundary.
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", error instanceof Error ? error.message : "Network error.");
  }

  const text = await response.text();
  let body: unknown;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
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
