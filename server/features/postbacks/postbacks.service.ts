import { randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { isIsoDate, todayIn } from "../../../domain/periods";
import { can } from "../../../domain/permissions";
import {
  type PostbackEventType,
  type PostbackOutcome,
  type PostbackPresetName,
  type PostbackReason,
  postbackFields,
  postbackPresetNames,
} from "../../../domain/postbacks";
import {
  maxActivePostbackKeysPerOwner,
  type PostbackKey,
  type PostbackKeyInput,
  type PostbackLogPage,
  type PostbackLogQuery,
} from "../../../domain/schemas/postbacks";
import { hasControlCharacters } from "../../../domain/text";
import { auditSourceOf, recordAuditEvent } from "../../audit";
import type { Actor } from "../../context";
import type { Db } from "../../db/client";
import { offers, postbackKeys, postbackLog, users, workspaceSettings } from "../../db/schema";
import { toIsoString } from "../../db/values";
import { AppError, conflict, isNumericOverflow, notFound, unprocessable } from "../../errors";
import { assertCan } from "../../permissions";
import { readRows, text, textOrNull } from "../../read/rows";
import { buildDefaultSettings, workspaceSettingsId } from "../../workspace-settings";
import { offerOpenTo } from "../campaigns/campaigns.service";
import { monthClosed, monthStartOf } from "../campaigns/month-close";
import { type PostbackWritten, postbackBatcher } from "./postback-batches";

// Postbacks (issue 26, docs/decisions/0086). A key belongs to a buyer (made by them) or to an offer
// (made by an admin; the buyer is read from a parameter carrying their code). A postback adds one
// event to the buyer's entry for that offer and day in ONE statement: the log row that records the
// transaction id as counted (unique per key and tid) and the campaign upsert on (creator, offer,
// date) ride together, with the month-close check, so a repeated tid (any process, any moment)
// counts nothing and a closed month writes nothing.

const tokenPrefix = "pbk_";

// ---------------------------------------------------------------------------------------------
// Keys
// ---------------------------------------------------------------------------------------------

type KeyRow = typeof postbackKeys.$inferSelect & {
  ownerName: string | null;
  ownerEmail: string | null;
  offerName: string | null;
  offerCode: string | null;
};

function toKey(row: KeyRow): PostbackKey {
  const preset = (postbackPresetNames as readonly string[]).includes(row.preset)
    ? (row.preset as PostbackPresetName)
    : "generic";
  return {
    id: row.id,
    label: row.label,
    token: row.token,
    preset,
    params: Object.fromEntries(postbackFields.map((field) => [field, row.params[field] ?? field])) as Record<
      (typeof postbackFields)[number],
      string
    >,
    events: row.events as Record<string, PostbackEventType>,
    user:
      row.userId && row.ownerName !== null
        ? { id: row.userId, name: row.ownerName, email: row.ownerEmail ?? "" }
        : null,
    offer:
      row.offerId && row.offerName !== null
        ? { id: row.offerId, name: row.offerName, code: row.offerCode }
        : null,
    revokedAt: row.revokedAt ? toIsoString(row.revokedAt) : null,
    createdAt: toIsoString(row.createdAt),
  };
}

function selectKeys(db: Db) {
  return db
    .select({
      id: postbackKeys.id,
      token: postbackKeys.token,
      label: postbackKeys.label,
      userId: postbackKeys.userId,
      offerId: postbackKeys.offerId,
      createdBy: postbackKeys.createdBy,
      preset: postbackKeys.preset,
      params: postbackKeys.params,
      events: postbackKeys.events,
      revokedAt: postbackKeys.revokedAt,
      createdAt: postbackKeys.createdAt,
      ownerName: users.name,
      ownerEmail: users.email,
      offerName: offers.name,
      offerCode: offers.code,
    })
    .from(postbackKeys)
    .leftJoin(users, eq(users.id, postbackKeys.userId))
    .leftJoin(offers, eq(offers.id, postbackKeys.offerId));
}

/** Keys the actor may see and revoke: admins every key; a buyer their own. */
function keyScope(actor: Actor): SQL | undefined {
  return can(actor.role, "postbacks:manage") ? undefined : eq(postbackKeys.userId, actor.id);
}

export async function listPostbackKeys({ db, actor }: { db: Db; actor: Actor }): Promise<PostbackKey[]> {
  const rows = await selectKeys(db)
    .where(keyScope(actor))
    .orderBy(sql`${postbackKeys.revokedAt} is not null`, desc(postbackKeys.createdAt));
  return rows.map(toKey);
}

export async function createPostbackKey({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: PostbackKeyInput;
}): Promise<PostbackKey> {
  // A key for an offer reads the buyer from a parameter: admins only. A key without one is the
  // creator's own: for those who log their own campaigns.
  if (input.offerId) assertCan(actor, "postbacks:manage");
  else if (!can(actor.role, "postbacks:own"))
    // An admin's keys are per offer: the buyer comes from the code the network sends.
    throw unprocessable("offer_required", "Choose the offer this key is for.", { offerId: "offer_required" });
  const token = `${tokenPrefix}${randomBytes(24).toString("base64url")}`;
  const id = await db.transaction(async (tx) => {
    if (input.offerId) {
      const [offer] = await tx
        .select({ id: offers.id })
        .from(offers)
        // An archived offer takes no new key (docs/decisions/0098).
        .where(and(eq(offers.id, input.offerId), isNull(offers.archivedAt)))
        .for("share");
      if (!offer)
        throw unprocessable("offer_not_visible", "This offer does not exist.", {
          offerId: "offer_not_visible",
        });
    } else {
      // The owner's row is the lock: two concurrent creations cannot both pass the limit.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for("update");
    }
    const owner = input.offerId
      ? and(eq(postbackKeys.offerId, input.offerId), isNull(postbackKeys.revokedAt))
      : and(eq(postbackKeys.userId, actor.id), isNull(postbackKeys.revokedAt));
    const [live] = await tx.select({ n: count() }).from(postbackKeys).where(owner);
    if (Number(live?.n ?? 0) >= maxActivePostbackKeysPerOwner)
      throw conflict(
        "too_many_postback_keys",
        `There are already ${maxActivePostbackKeysPerOwner} live keys here; revoke one first.`,
      );
    const [created] = await tx
      .insert(postbackKeys)
      .values({
        token,
        label: input.label,
        userId: input.offerId ? null : actor.id,
        offerId: input.offerId ?? null,
        createdBy: actor.id,
        preset: input.preset,
        params: input.params,
        events: input.events,
      })
      .returning({ id: postbackKeys.id });
    await recordAuditEvent(tx, {
      action: "postback_key.created",
      ...auditSourceOf(actor),
      target: { type: "postback_key", id: created!.id },
      details: { label: input.label, offerId: input.offerId ?? null, preset: input.preset },
    });
    return created!.id;
  });
  const [row] = await selectKeys(db).where(eq(postbackKeys.id, id));
  return toKey(row!);
}

export async function revokePostbackKey({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(postbackKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(postbackKeys.id, id), isNull(postbackKeys.revokedAt), keyScope(actor)))
      .returning({ id: postbackKeys.id, label: postbackKeys.label });
    if (!revoked) throw notFound("Postback key");
    await recordAuditEvent(tx, {
      action: "postback_key.revoked",
      ...auditSourceOf(actor),
      target: { type: "postback_key", id: revoked.id },
      details: { label: revoked.label },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The log
// ---------------------------------------------------------------------------------------------

export async function listPostbackLog({
  db,
  actor,
  query,
  timeZone,
}: {
  db: Db;
  actor: Actor;
  query: PostbackLogQuery;
  timeZone: string;
}): Promise<PostbackLogPage> {
  // A buyer reads the requests of their own keys, and those of offer keys that named them.
  const scope = can(actor.role, "postbacks:manage")
    ? undefined
    : or(eq(postbackKeys.userId, actor.id), eq(postbackLog.userId, actor.id));
  const conditions = and(
    scope,
    query.keyId ? eq(postbackLog.keyId, query.keyId) : undefined,
    query.outcome ? eq(postbackLog.outcome, query.outcome) : undefined,
    query.from
      ? sql`${postbackLog.receivedAt} >= (${query.from}::date::timestamp at time zone ${timeZone})`
      : undefined,
    query.to
      ? sql`${postbackLog.receivedAt} < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})`
      : undefined,
  );
  const buyers = users;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: postbackLog.id,
        keyId: postbackLog.keyId,
        keyLabel: postbackKeys.label,
        outcome: postbackLog.outcome,
        reason: postbackLog.reason,
        status: postbackLog.status,
        event: postbackLog.event,
        tid: postbackLog.tid,
        date: postbackLog.date,
        amount: postbackLog.amount,
        userId: postbackLog.userId,
        userName: buyers.name,
        offerId: postbackLog.offerId,
        offerName: offers.name,
        params: postbackLog.params,
        receivedAt: postbackLog.receivedAt,
      })
      .from(postbackLog)
      .innerJoin(postbackKeys, eq(postbackKeys.id, postbackLog.keyId))
      .leftJoin(buyers, eq(buyers.id, postbackLog.userId))
      .leftJoin(offers, eq(offers.id, postbackLog.offerId))
      .where(conditions)
      .orderBy(desc(postbackLog.receivedAt), desc(postbackLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(postbackLog)
      .innerJoin(postbackKeys, eq(postbackKeys.id, postbackLog.keyId))
      .where(conditions),
  ]);
  return {
    total: Number(total?.n ?? 0),
    items: rows.map((row) => ({
      id: row.id,
      keyId: row.keyId,
      keyLabel: row.keyLabel,
      outcome: row.outcome,
      reason: row.reason,
      status: row.status,
      event: row.event,
      tid: row.tid,
      date: row.date,
      amount: row.amount,
      user: row.userId && row.userName !== null ? { id: row.userId, name: row.userName } : null,
      offer: row.offerId && row.offerName !== null ? { id: row.offerId, name: row.offerName } : null,
      params: row.params,
      receivedAt: toIsoString(row.receivedAt),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Receiving a postback
// ---------------------------------------------------------------------------------------------

const maxParams = 50;
const maxValueLength = 500;

/** The request's parameters as text: query first, then the body's (which win). Bounded in size. */
export function collectPostbackParams(...sources: Record<string, unknown>[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const source of sources) {
    for (const [name, value] of Object.entries(source)) {
      if (Object.keys(params).length >= maxParams && !(name in params)) break;
      if (name.length > 100) continue;
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === "string" || typeof first === "number" || typeof first === "boolean")
        params[name] = String(first).slice(0, maxValueLength);
    }
  }
  return params;
}

/** 400 invalid_postback naming the parameter and the reason (the network's log shows it). */
function badPostback(reason: PostbackReason, param: string): AppError {
  return new AppError(
    "validation_failed",
    `The postback was not counted: ${reason} (parameter "${param}").`,
    { [param]: reason },
    "invalid_postback",
  );
}

/** What a postback answers; `refresh` names the users whose open screens should refetch. */
export type PostbackResult = { outcome: PostbackOutcome; date?: string; refresh: string[] };

export type PostbackLimiter = {
  hit: (key: string) => { allowed: true } | { allowed: false; retryAfterSeconds: number };
};

type LiveKey = {
  id: string;
  userId: string | null;
  offerId: string | null;
  params: Record<string, string>;
  events: Record<string, string>;
};

type Lookup = { id: string; role: string | null; banned: boolean | null; deactivatedAt: unknown };

/**
 * Everything a postback is checked against, in ONE query (docs/decisions/0090): the live key and
 * its owner, the workspace time zone, the buyer named by the buyer parameter (offer keys), and the
 * offer named by the key or by the offer parameter among those visible to that buyer. Each is read
 * fresh on every postback; the checks and their order stay in `readPostback`.
 */
type Resolved = {
  key: LiveKey;
  owner: Lookup | null;
  timeZone: string | null;
  buyerByCode: Lookup | null;
  offer: { id: string; payoutPerDeposit: string; currency: string } | null;
  /** The key's own offer is archived: it takes no events (docs/decisions/0098). */
  keyOfferArchived: boolean;
};

const uuidPattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

async function resolvePostback(
  db: Db,
  token: string,
  params: Record<string, string>,
): Promise<Resolved | null> {
  if (!token.startsWith(tokenPrefix) || token.length > 100) return null;
  // The values as readPostback reads them: trimmed, empty = absent, codes at most 100 characters.
  const trimmed = JSON.stringify(
    Object.fromEntries(Object.entries(params).map(([name, value]) => [name, value.trim().slice(0, 100)])),
  );
  const buyerId = sql`coalesce(k.user_id, b.id)`;
  const rows = await readRows(
    db,
    sql`
    select k.id::text as id, k.user_id, k.offer_id::text as offer_id, k.params, k.events,
      owner.role as owner_role, owner.banned as owner_banned, owner.deactivated_at as owner_deactivated_at,
      (select ws.timezone from ${workspaceSettings} ws where ws.id = ${workspaceSettingsId}) as timezone,
      b.id::text as buyer_id, b.role as buyer_role, b.banned as buyer_banned, b.deactivated_at as buyer_deactivated_at,
      o.id::text as offer_id_found, o.payout_per_deposit, o.currency,
      exists(select 1 from ${offers} ko where ko.id = k.offer_id and ko.archived_at is not null) as key_offer_archived
    from ${postbackKeys} k
    left join ${users} owner on owner.id = k.user_id
    cross join lateral (
      select nullif(p.given ->> coalesce(k.params ->> 'buyer', 'buyer'), '') as buyer_ref,
        nullif(p.given ->> coalesce(k.params ->> 'offer', 'offer'), '') as offer_ref
      from (select ${trimmed}::jsonb as given) p) ref
    left join lateral (
      select u.id, u.role, u.banned, u.deactivated_at from ${users} u
      where k.user_id is null and lower(u.code) = lower(ref.buyer_ref)
      limit 1) b on true
    left join lateral (
      select ${offers.id} as id, ${offers.payoutPerDeposit}::text as payout_per_deposit, ${offers.currency} as currency
      from ${offers}
      where ${buyerId} is not null
        and (case
          when k.offer_id is not null then ${offers.id} = k.offer_id
          when ref.offer_ref ~* ${uuidPattern} then ${offers.id} = ref.offer_ref::uuid
          else lower(${offers.code}) = lower(ref.offer_ref) end)
        and ${offerOpenTo(buyerId)}
      limit 1) o on true
    where k.token = ${token} and k.revoked_at is null
    limit 1`,
    (row) => row,
  );
  const row = rows[0];
  if (!row) return null;
  const flag = (value: unknown) => value === true || value === "t";
  const json = (value: unknown) =>
    (typeof value === "string" ? JSON.parse(value) : (value ?? {})) as Record<string, string>;
  const lookup = (id: string | null, prefix: "owner" | "buyer"): Lookup | null =>
    id === null || row[`${prefix}_role`] == null
      ? null
      : {
          id,
          role: textOrNull(row, `${prefix}_role`),
          banned: flag(row[`${prefix}_banned`]),
          deactivatedAt: row[`${prefix}_deactivated_at`] ?? null,
        };
  const offerId = textOrNull(row, "offer_id_found");
  return {
    key: {
      id: text(row, "id"),
      userId: textOrNull(row, "user_id"),
      offerId: textOrNull(row, "offer_id"),
      params: json(row.params),
      events: json(row.events),
    },
    owner: lookup(textOrNull(row, "user_id"), "owner"),
    timeZone: textOrNull(row, "timezone"),
    buyerByCode: lookup(textOrNull(row, "buyer_id"), "buyer"),
    offer:
      offerId === null
        ? null
        : { id: offerId, payoutPerDeposit: text(row, "payout_per_deposit"), currency: text(row, "currency") },
    keyOfferArchived: flag(row.key_offer_archived),
  };
}

/** A user who may send postbacks: active, not banned, in a role with postbacks. */
function mayPost(user: Lookup | null): boolean {
  return Boolean(
    user?.role && !user.banned && !user.deactivatedAt && can(user.role as never, "postbacks:own"),
  );
}

/** "12,50" or "12.505" → cents rounded half up ("12.51"); null when it is not a plain amount. */
export function parsePostbackAmount(text: string): string | null {
  const normalized = text.trim().replace(",", ".");
  const match = /^(\d{1,12})(?:\.(\d{1,8}))?$/.exec(normalized);
  if (!match) return null;
  const fraction = (match[2] ?? "").padEnd(8, "0");
  let cents = BigInt(match[1]!) * 100n + BigInt(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1n;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
}

type Reading = {
  event: PostbackEventType;
  tid: string;
  amount: string | null;
  currency: string | null;
  date: string;
  buyerId: string;
  offer: { id: string; payoutPerDeposit: string; currency: string };
};

/** Reads and checks the mapped parameters; throws 400 with the reason, logging what was known. */
function readPostback(
  resolved: Resolved,
  params: Record<string, string>,
  today: string,
  known: { userId: string | null; offerId: string | null; event: string | null; tid: string | null },
): Reading {
  const { key } = resolved;
  const names = key.params;
  const value = (field: (typeof postbackFields)[number]) => {
    const raw = params[names[field] ?? field]?.trim();
    return raw ? raw : null;
  };
  const eventParam = names.event ?? "event";
  const eventName = value("event");
  if (!eventName) throw badPostback("missing_event", eventParam);
  known.event = eventName.slice(0, 100);
  const event = key.events[eventName.toLowerCase()] as PostbackEventType | undefined;
  if (!event) throw badPostback("unknown_event", eventParam);
  known.event = event;

  const tid = value("tid");
  if (!tid) throw badPostback("missing_tid", names.tid ?? "tid");
  if (tid.length > 200 || hasControlCharacters(tid, { multiline: false }))
    throw badPostback("missing_tid", names.tid ?? "tid");
  known.tid = tid;

  const amountText = value("amount");
  const amount = amountText === null ? null : parsePostbackAmount(amountText);
  if (amountText !== null && amount === null) throw badPostback("invalid_amount", names.amount ?? "amount");

  const currency = value("currency")?.toUpperCase() ?? null;

  const dateText = value("date");
  let date = today;
  if (dateText !== null) {
    // A day, or a day and time ("2026-11-27 23:30:00"): the day is what counts.
    const day = dateText.slice(0, 10);
    if (!isIsoDate(day) || (dateText.length > 10 && !/^[ T]/.test(dateText.slice(10))))
      throw badPostback("invalid_date", names.date ?? "date");
    if (day > today) throw badPostback("future_date", names.date ?? "date");
    date = day;
  }

  // The buyer: the key's owner, or (offer keys) the user whose code the buyer parameter carries.
  let buyerId: string;
  if (key.userId) {
    buyerId = key.userId;
  } else {
    if (!value("buyer")) throw badPostback("missing_buyer", names.buyer ?? "buyer");
    if (!resolved.buyerByCode || !mayPost(resolved.buyerByCode))
      throw badPostback("unknown_buyer", names.buyer ?? "buyer");
    buyerId = resolved.buyerByCode.id;
  }
  known.userId = buyerId;

  // The offer: the key's, or (buyer keys) by id or code; either way visible to the buyer.
  if (!key.offerId && !value("offer")) throw badPostback("missing_offer", names.offer ?? "offer");
  const offer = resolved.offer;
  // An archived offer is unknown to postbacks (docs/decisions/0098), whoever's key names it.
  if (!offer)
    throw key.offerId && !resolved.keyOfferArchived
      ? badPostback("unknown_buyer", names.buyer ?? "buyer")
      : badPostback("unknown_offer", names.offer ?? "offer");
  known.offerId = offer.id;
  // An amount is in the offer's currency; another currency is refused rather than mislabelled.
  if (currency !== null && currency !== offer.currency)
    throw badPostback("invalid_currency", names.currency ?? "currency");

  return { event, tid, amount, currency, date, buyerId, offer };
}

/**
 * Receives one postback. Unknown or revoked key: 404 with no detail (and nothing logged: there is
 * no key to log it under). Everything else is logged with its outcome.
 */
export async function receivePostback({
  db,
  token,
  params,
  fallbackTimezone,
  limiter,
  now = new Date(),
}: {
  db: Db;
  token: string;
  params: Record<string, string>;
  /** The workspace time zone before its settings are first saved (the workspace's is read here). */
  fallbackTimezone: string;
  limiter: PostbackLimiter;
  now?: Date;
}): Promise<PostbackResult> {
  const resolved = await resolvePostback(db, token, params);
  // A buyer's key works while its owner may keep one: deactivated, banned or moved to a role
  // without postbacks, it is as good as unknown.
  if (!resolved || (resolved.key.userId && !mayPost(resolved.owner)))
    throw new AppError("not_found", "Not found.");
  const { key } = resolved;
  const timeZone = resolved.timeZone ?? buildDefaultSettings(fallbackTimezone).timezone;
  const known = {
    userId: null as string | null,
    offerId: null as string | null,
    event: null as string | null,
    tid: null as string | null,
  };
  const log = (
    outcome: PostbackOutcome,
    status: number,
    reason: string | null,
    date?: string,
    amount?: string | null,
  ) =>
    db.insert(postbackLog).values({
      keyId: key.id,
      userId: known.userId,
      offerId: known.offerId,
      outcome,
      reason,
      status,
      event: known.event,
      tid: known.tid,
      date: date ?? null,
      amount: amount ?? null,
      params,
      receivedAt: now,
    });

  const verdict = limiter.hit(key.id);
  if (!verdict.allowed) {
    await log("refused", 429, "rate_limited");
    throw Object.assign(new AppError("rate_limited", "Too many postbacks for this key; wait a moment."), {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }

  let reading: Reading;
  try {
    reading = readPostback(resolved, params, todayIn(timeZone, now), known);
  } catch (error) {
    if (error instanceof AppError) {
      const reason = error.fields ? (Object.values(error.fields)[0] ?? null) : null;
      await log("refused", 400, reason);
    }
    throw error;
  }

  const { event, tid, amount, date, buyerId, offer } = reading;
  // Revenue (docs/decisions/0086): an amount, when the network sends one, is what the event paid;
  // a deposit without one earns the offer's payout per deposit; other events without one, nothing.
  const revenue = amount ?? (event === "deposit" ? offer.payoutPerDeposit : "0");
  const one = (wanted: PostbackEventType) => (event === wanted ? 1 : 0);
  const month = monthStartOf(date);
  let result: PostbackWritten;
  try {
    result = await postbackBatcher(db).write({
      keyId: key.id,
      buyerId,
      offerId: offer.id,
      event,
      tid,
      date,
      amount,
      revenue,
      clicks: one("click"),
      installations: one("install"),
      registrations: one("registration"),
      deposits: one("deposit"),
      params,
      receivedAt: now,
    });
  } catch (error) {
    if (isNumericOverflow(error)) {
      await log("refused", 400, "too_large", date, amount);
      throw badPostback(
        "too_large",
        event === "deposit" ? (key.params.amount ?? "amount") : (key.params.event ?? "event"),
      );
    }
    throw error;
  }

  if (!result.open) {
    await log("refused", 409, "month_closed", date, amount);
    throw monthClosed([month]);
  }
  if (!result.counted) {
    await log("duplicate", 200, "duplicate_tid", date, amount);
    return { outcome: "duplicate", date, refresh: [] };
  }
  return { outcome: "counted", date, refresh: [buyerId, ...(result.managerId ? [result.managerId] : [])] };
}

/** How long the postback log keeps an entry (docs/decisions/0116): thirteen months, a year of disputes. */
export const postbackLogRetentionDays = 400;
/** At most this many entries go per call, so one tick never holds a long delete. */
export const postbackLogPruneBatch = 10_000;

/**
 * Deletes postback log entries older than the retention, oldest first, at most one batch per call
 * (the scheduler calls it every tick). A counted entry is also its transaction id's idempotency
 * record: after the retention, a network repeating that id would count it again (decision 0116).
 */
export async function prunePostbackLog({ db, now = new Date() }: { db: Db; now?: Date }): Promise<number> {
  const before = new Date(now.getTime() - postbackLogRetentionDays * 86_400_000);
  const oldest = db
    .select({ id: postbackLog.id })
    .from(postbackLog)
    .where(lt(postbackLog.receivedAt, before))
    .orderBy(postbackLog.receivedAt, postbackLog.id)
    .limit(postbackLogPruneBatch);
  const removed = await db
    .delete(postbackLog)
    .where(inArray(postbackLog.id, oldest))
    .returning({ id: postbackLog.id });
  return removed.length;
}
