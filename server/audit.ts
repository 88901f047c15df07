import type { AuditAction, AuditOutcome } from "../domain/audit";
import type { DbOrTx } from "./db/client";
import { auditEvents } from "./db/schema";

// The append-only audit trail (issue 10). Services call recordAuditEvent inside their own
// transaction, so an event is stored exactly when the change it describes is. Everything a user
// could have typed is cleaned first: no control characters (a forged "line" in an export or a
// terminal), no bidi overrides, bounded length.

/** Where a request came from, as the server resolved it (never as the client claims it). */
export type RequestClient = { ip: string | null; userAgent: string | null };

export type AuditEventInput = {
  action: AuditAction;
  outcome?: AuditOutcome;
  /** Who did it; null for an anonymous call (a failed sign-in, a reset request). */
  actor?: { id: string; email: string } | null;
  target?: { type: string; id: string } | null;
  /** The user the event is about, when that is not the actor. */
  subjectUserId?: string | null;
  client?: RequestClient | null;
  /** Old and new values, a reason, the call refused: never a password, token or secret. */
  details?: Record<string, unknown>;
};

const maxText = 500;
// Deep enough for a change of a list of records (changes › revenueTiers › from › [i] › field).
const maxDepth = 6;
const maxKeys = 50;

// C0/C1 controls, DEL, line/paragraph separators and bidi embeddings/overrides/isolates.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const unsafeCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** A string safe to store and to show on one line: controls become U+FFFD, length is capped. */
export function sanitizeAuditText(value: string, max = maxText): string {
  const clean = value.replace(unsafeCharacters, "\ufffd");
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** The same cleaning for every string inside details (keys included), with bounded depth and size. */
export function sanitizeAuditDetails(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return sanitizeAuditText(value);
  if (value === null || typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return value.toISOString();
  if (depth >= maxDepth) return "…";
  if (Array.isArray(value))
    return value.slice(0, maxKeys).map((item) => sanitizeAuditDetails(item, depth + 1));
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .slice(0, maxKeys)
      .map(([key, item]) => [sanitizeAuditText(key, 100), sanitizeAuditDetails(item, depth + 1)]);
    return Object.fromEntries(entries);
  }
  return sanitizeAuditText(String(value));
}

const optionalText = (value: string | null | undefined, max = maxText) =>
  value ? sanitizeAuditText(value, max) : null;

export async function recordAuditEvent(db: DbOrTx, event: AuditEventInput): Promise<void> {
  await db.insert(auditEvents).values({
    action: event.action,
    outcome: event.outcome ?? "success",
    actorId: optionalText(event.actor?.id, 200),
    actorEmail: optionalText(event.actor?.email, 320),
    targetType: optionalText(event.target?.type, 50),
    targetId: optionalText(event.target?.id, 200),
    subjectUserId: optionalText(event.subjectUserId, 200),
    ipAddress: optionalText(event.client?.ip, 100),
    userAgent: optionalText(event.client?.userAgent, 300),
    details: (sanitizeAuditDetails(event.details ?? {}) ?? {}) as Record<string, unknown>,
  });
}

/** The "who" and "from where" of an event done by a signed-in user (or a token's owner). */
export function auditSourceOf(actor: { id: string; email: string; client?: RequestClient | undefined }) {
  return { actor: { id: actor.id, email: actor.email }, client: actor.client ?? null };
}

const isDecimalText = (value: unknown) => typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value);

/**
 * Whether two stored values say the same: decimals as numbers ("30" and "30.00" are one rate, also
 * inside a list of tiers), records member by member, lists item by item, anything else as text.
 */
export function isSameAuditValue(a: unknown, b: unknown): boolean {
  const from = a ?? null;
  const to = b ?? null;
  if (Array.isArray(from) || Array.isArray(to)) {
    if (!Array.isArray(from) || !Array.isArray(to) || from.length !== to.length) return false;
    return from.every((item, i) => isSameAuditValue(item, to[i]));
  }
  if ((typeof from === "object" && from !== null) || (typeof to === "object" && to !== null)) {
    if (typeof from !== "object" || typeof to !== "object" || from === null || to === null) return false;
    const left = from as Record<string, unknown>;
    const right = to as Record<string, unknown>;
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    return [...keys].every((key) => isSameAuditValue(left[key], right[key]));
  }
  if (from === null || to === null) return from === to;
  if (isDecimalText(from) && isDecimalText(to)) return Number(from) === Number(to);
  return String(from) === String(to);
}

/** The fields that changed, each as { from, to }; an empty answer means the save changed nothing. */
export function describeChanges<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  keys: readonly (keyof T & string)[],
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of keys) {
    if (!(key in after)) continue;
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (!isSameAuditValue(from, to)) changes[key] = { from, to };
  }
  return changes;
}
