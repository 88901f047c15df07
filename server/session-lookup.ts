import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { actorUserColumns } from "./actor";
import type { Auth } from "./auth";
import type { Db } from "./db/client";
import { sessions, users, workspaceSettings } from "./db/schema";
import { workspaceSettingsId } from "./workspace-settings";

// The session of an API request in one query (issue 9, docs/decisions/0048). Better Auth's
// getSession reads the session row and then the user through its adapter and endpoint machinery, and
// the two-factor rule and the workspace time zone cost two more round trips: about a millisecond of
// Node CPU and three queries before any feature ran. This reads the session, its user and the
// workspace settings row together, and only for the common case: a validly signed cookie of a live
// session that needs no refresh. Everything else (no row, expired, due for its daily extension, a
// "don't remember me" or cookie-cache cookie) is handed to Better Auth, which owns those writes and
// the cookies they set, so the answers are Better Auth's in every case.

export type SessionCookies = {
  sessionToken: string;
  dontRemember: string;
  sessionData: string;
  secret: string;
  expiresInSeconds: number;
  updateAgeSeconds: number;
};

/** Better Auth's cookie names, secret and session timings, read once at start. */
export async function readSessionCookies(auth: Auth): Promise<SessionCookies> {
  const context = await auth.$context;
  return {
    sessionToken: context.authCookies.sessionToken.name,
    dontRemember: context.authCookies.dontRememberToken.name,
    sessionData: context.authCookies.sessionData.name,
    secret: context.secret,
    expiresInSeconds: context.sessionConfig.expiresIn,
    updateAgeSeconds: context.sessionConfig.updateAge,
  };
}

/** Settings read with the session; nulls before the first save (the defaults apply). */
export type WorkspaceSnapshot = { timezone: string | null; twoFactorRequiredRoles: readonly string[] | null };

export type LookedUpSession = {
  session: { id: string; updatedAt: Date };
  /** The user's actorUserColumns (server/actor.ts turns them into the Actor). */
  user: Record<keyof typeof actorUserColumns, unknown>;
  /** The workspace settings as read with the session (docs/decisions/0020: read per request). */
  workspace: WorkspaceSnapshot;
};

export type SessionLookup =
  | { kind: "anonymous" }
  | { kind: "session"; found: LookedUpSession }
  /** Better Auth decides (and may set or clear cookies). */
  | { kind: "delegate" };

/** Cookie header → map, first value of a name wins, as better-call parses it. */
export function parseCookieHeader(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  let index = 0;
  while (index < header.length) {
    const eqIdx = header.indexOf("=", index);
    if (eqIdx === -1) break;
    let endIdx = header.indexOf(";", index);
    if (endIdx === -1) endIdx = header.length;
    else if (endIdx < eqIdx) {
      index = header.lastIndexOf(";", eqIdx - 1) + 1;
      continue;
    }
    const key = header.slice(index, eqIdx).trim();
    if (!cookies.has(key)) {
      let value = header.slice(eqIdx + 1, endIdx).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      cookies.set(key, decodeCookieValue(value));
    }
    index = endIdx + 1;
  }
  return cookies;
}

function decodeCookieValue(value: string): string {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The token of a signed cookie value (`token.base64(HMAC-SHA256(secret, token))`), or null when the
 * signature is missing, malformed or wrong: the same acceptance as better-call's getSignedCookie.
 */
export function verifySignedValue(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  // An HMAC-SHA256 is 32 bytes: 43 base64 characters and one "=".
  if (!/^[A-Za-z0-9+/]{43}=$/.test(signature)) return null;
  const expected = createHmac("sha256", secret).update(token, "utf8").digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The lookup's statement, built once per database: every API request runs it, and building it with
 * the query builder each time was most of drizzle's share of a short request's CPU (issue 9). On
 * PostgreSQL it is also a named statement, parsed once per connection.
 */
function prepareLookup(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      updatedAt: sessions.updatedAt,
      user: actorUserColumns,
      timezone: workspaceSettings.timezone,
      twoFactorRequiredRoles: workspaceSettings.twoFactorRequiredRoles,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(workspaceSettings, eq(workspaceSettings.id, workspaceSettingsId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .limit(1)
    .prepare("placar_session_lookup");
}

const preparedLookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

function preparedLookupFor(db: Db): ReturnType<typeof prepareLookup> {
  let prepared = preparedLookups.get(db);
  if (!prepared) {
    prepared = prepareLookup(db);
    preparedLookups.set(db, prepared);
  }
  return prepared;
}

export async function lookUpSession(
  db: Db,
  cookies: SessionCookies,
  cookieHeader: string | undefined,
  now = new Date(),
): Promise<SessionLookup> {
  if (!cookieHeader) return { kind: "anonymous" };
  const parsed = parseCookieHeader(cookieHeader);
  const value = parsed.get(cookies.sessionToken);
  if (!value) return { kind: "anonymous" };
  if (
    parsed.has(cookies.dontRemember) ||
    [...parsed.keys()].some((name) => name.startsWith(cookies.sessionData))
  )
    return { kind: "delegate" };
  const token = verifySignedValue(value, cookies.secret);
  if (token === null) return { kind: "anonymous" };
  const [row] = await preparedLookupFor(db).execute({ token });
  if (!row) return { kind: "delegate" };
  const expiresAt = new Date(row.expiresAt).getTime();
  const dueForRefresh =
    expiresAt - cookies.expiresInSeconds * 1000 + cookies.updateAgeSeconds * 1000 <= now.getTime();
  if (!(expiresAt > now.getTime()) || dueForRefresh) return { kind: "delegate" };
  return {
    kind: "session",
    found: {
      session: { id: row.sessionId, updatedAt: new Date(row.updatedAt) },
      user: {
        ...row.user,
        banned: row.user.banned === true,
        twoFactorEnabled: row.user.twoFactorEnabled === true,
      },
      workspace: { timezone: row.timezone, twoFactorRequiredRoles: row.twoFactorRequiredRoles },
    },
  };
}
