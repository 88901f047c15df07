import { and, desc, eq } from "drizzle-orm";
import { auditEvents } from "../server/db/schema";
import type { TestContext } from "./harness";
import { randomTestIp } from "./harness";
import { secretFromUri, totp } from "./totp";

// Browser-like sign-in flows for API tests: a cookie jar that follows Set-Cookie (the two-factor
// challenge, the session, the trusted-device mark) and helpers for the two steps.

/** Cookies as a browser keeps them: set, replaced, and removed when expired. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): this {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired =
        value === "" ||
        attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) ||
        attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split("=")[1] ?? "") < Date.now());
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  drop(name: string): void {
    this.cookies.delete(name);
  }

  /** The Cookie header value. */
  toString(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }
}

export const sessionCookie = "placar.session_token";
export const challengeCookie = "placar.two_factor";
export const trustCookie = "placar.trust_device";

type Json = Record<string, unknown>;

export function createAuthFlows(ctx: TestContext) {
  async function post(path: string, jar: CookieJar, json: unknown, ip = randomTestIp()) {
    const response = await ctx.request(path, { method: "POST", cookie: jar.toString(), json, ip });
    jar.take(response);
    const text = await response.text();
    let body: Json = {};
    try {
      body = text ? (JSON.parse(text) as Json) : {};
    } catch {
      body = { text };
    }
    return { status: response.status, body };
  }

  /** Step one: e-mail and password. */
  function signIn(jar: CookieJar, email: string, password: string, ip?: string) {
    return post("/api/auth/sign-in/email", jar, { email, password }, ip);
  }

  /** Step two with a code from the app. */
  function verifyTotp(jar: CookieJar, code: string, options: { trustDevice?: boolean; ip?: string } = {}) {
    return post(
      "/api/auth/two-factor/verify-totp",
      jar,
      { code, ...(options.trustDevice ? { trustDevice: true } : {}) },
      options.ip,
    );
  }

  /** Step two with a backup code. */
  function verifyBackupCode(jar: CookieJar, code: string, options: { trustDevice?: boolean } = {}) {
    return post("/api/auth/two-factor/verify-backup-code", jar, {
      code,
      ...(options.trustDevice ? { trustDevice: true } : {}),
    });
  }

  /**
   * Turns two-factor on for a signed-in user through the API, as the account page does: the
   * password gives the secret and the backup codes, a code from the "app" confirms.
   */
  async function enableTwoFactor(jar: CookieJar, password: string) {
    const enable = await post("/api/auth/two-factor/enable", jar, { password });
    if (enable.status !== 200) throw new Error(`enable: ${enable.status} ${JSON.stringify(enable.body)}`);
    const secret = secretFromUri(String(enable.body.totpURI));
    const confirm = await verifyTotp(jar, totp(secret));
    if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status} ${JSON.stringify(confirm.body)}`);
    return { secret, backupCodes: enable.body.backupCodes as string[], totpURI: String(enable.body.totpURI) };
  }

  /** A signed-in jar (both steps when the account has two-factor on). */
  async function signInFully(email: string, password: string, secret?: string): Promise<CookieJar> {
    const jar = new CookieJar();
    const first = await signIn(jar, email, password);
    if (first.status !== 200) throw new Error(`sign-in: ${first.status} ${JSON.stringify(first.body)}`);
    if (first.body.twoFactorRedirect) {
      if (!secret) throw new Error(`${email} needs a second factor`);
      const second = await verifyTotp(jar, totp(secret));
      if (second.status !== 200) throw new Error(`second step: ${second.status}`);
    }
    return jar;
  }

  /** The audit events of one action about or by a user, newest first. */
  async function auditOf(action: string, userId: string) {
    return ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.actorId, userId)))
      .orderBy(desc(auditEvents.id));
  }

  return { post, signIn, verifyTotp, verifyBackupCode, enableTwoFactor, signInFully, auditOf };
}
