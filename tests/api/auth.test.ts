import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashVerificationIdentifier } from "../../server/auth";
import { sessions, users, verifications } from "../../server/db/schema";
import { createUsersService } from "../../server/features/users/users.service";
import { cookieFrom, createTestContext, type TestContext } from "../harness";

// Better Auth as wired in server/auth.ts: registration, sessions, roles of new accounts, password
// recovery, rate limits and deactivation. Captcha is off here (tests/api/auth-captcha.test.ts).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const password = "correct-horse-42";

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

function tokenFromMail(text: string): string {
  const match = /\/reset-password\?token=([^\s&]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in mail:\n${text}`);
  return decodeURIComponent(match[1]);
}

describe("registration", () => {
  it("makes the first account admin and later ones buyers named after their e-mail", async () => {
    const first = await ctx.signUp("Owner@Example.com", password);
    expect(first).toMatchObject({ email: "owner@example.com", name: "Owner", role: "admin" });

    // Whatever name the client sends is ignored.
    const response = await ctx.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { email: "carla.souza@example.com", password, name: "Mallory" },
    });
    expect(response.status).toBe(200);
    const [second] = await ctx.db.select().from(users).where(eq(users.email, "carla.souza@example.com"));
    expect(second).toMatchObject({ name: "Carla.souza", role: "user", managerId: null, deactivatedAt: null });
  });

  it("does not let a client set its role, team lead or deactivation", async () => {
    for (const extra of [
      { role: "admin" },
      { managerId: "someone" },
      { deactivatedAt: "2020-01-01T00:00:00.000Z" },
      { language: "en" },
    ]) {
      const response = await ctx.request("/api/auth/sign-up/email", {
        method: "POST",
        json: { email: "climber@example.com", password, name: "", ...extra },
      });
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(await json(response)).toMatchObject({ code: "FIELD_NOT_ALLOWED" });
    }
    expect(await ctx.db.select().from(users).where(eq(users.email, "climber@example.com"))).toHaveLength(0);
  });

  it("keeps the language the web sends at sign-up", async () => {
    await ctx.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "x-language": "ru" },
      json: { email: "ivan@example.com", password, name: "" },
    });
    const [row] = await ctx.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.email, "ivan@example.com"));
    expect(row?.language).toBe("ru");
  });

  it("refuses passwords shorter than 8 characters", async () => {
    const response = await ctx.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { email: "shorty@example.com", password: "1234567", name: "" },
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ code: "PASSWORD_TOO_SHORT" });
    const rows = await ctx.db.select().from(users).where(eq(users.email, "shorty@example.com"));
    expect(rows).toHaveLength(0);
  });

  it("answers a taken e-mail like a new one and changes nothing", async () => {
    const signUp = (email: string) =>
      ctx.request("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "x-language": "en" },
        json: { email, password: "another-password", name: "" },
      });
    const response = await signUp("OWNER@example.com");
    const fresh = await signUp("newcomer@example.com");
    expect(response.status).toBe(200);
    const shape = (body: Record<string, unknown>) => {
      const user = body.user as Record<string, unknown>;
      const { id, createdAt, updatedAt, email, name, ...rest } = user;
      return {
        keys: Object.keys(user).sort(),
        rest,
        types: [id, createdAt, updatedAt, email, name].map((v) => typeof v),
      };
    };
    expect(shape(await json(response))).toEqual(shape(await json(fresh)));
    const rows = await ctx.db.select().from(users).where(eq(users.email, "owner@example.com"));
    expect(rows).toHaveLength(1);
    // The original password still works.
    await expect(ctx.signIn("owner@example.com", password)).resolves.toContain("placar.session_token=");
  });

  it("mails the owner of a taken address a reset link, and a new address its welcome", async () => {
    const signUp = (email: string, language: string) =>
      ctx.request("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "x-language": language },
        json: { email, password: "yet-another-password", name: "" },
      });
    await ctx.signUp("keeper@example.com", password);
    const before = ctx.outbox.length;
    expect((await signUp("keeper@example.com", "ru")).status).toBe(200);
    expect((await signUp("welcome.me@example.com", "en")).status).toBe(200);
    const sent = ctx.outbox.slice(before);
    const toOwner = sent.filter((mail) => mail.to === "keeper@example.com");
    const toNewcomer = sent.filter((mail) => mail.to === "welcome.me@example.com");
    expect(toOwner).toHaveLength(1);
    expect(toNewcomer).toHaveLength(1);
    // The owner has no profile language: the request's language is used.
    expect(toOwner[0]?.subject).toBe("Попытка регистрации в Placar с вашим e-mail");
    expect(toNewcomer[0]?.subject).toBe("Your Placar account is ready");
    expect(toNewcomer[0]?.text).not.toContain("/reset-password");

    // The owner's link resets the password; the password sent with the sign-up does not work.
    await expect(ctx.signIn("keeper@example.com", "yet-another-password")).rejects.toThrow(/401/);
    const token = tokenFromMail(toOwner[0]?.text ?? "");
    const reset = await ctx.request("/api/auth/reset-password", {
      method: "POST",
      json: { token, newPassword: "owner-chose-this-one" },
    });
    expect(reset.status, await reset.clone().text()).toBe(200);
    await expect(ctx.signIn("keeper@example.com", "owner-chose-this-one")).resolves.toContain(
      "placar.session_token=",
    );
  });
});

describe("first account on an empty installation", () => {
  it("gives exactly one admin when several sign up at once", async () => {
    const fresh = await createTestContext();
    try {
      const emails = Array.from({ length: 6 }, (_, i) => `racer${i}@example.com`);
      await Promise.all(emails.map((email) => fresh.signUp(email, password)));
      const rows = await fresh.db.select({ email: users.email, role: users.role }).from(users);
      expect(rows).toHaveLength(6);
      expect(rows.filter((row) => row.role === "admin")).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});

describe("sessions", () => {
  it("signs in, reads the session, signs out", async () => {
    await ctx.signUp("dora@example.com", password);
    const cookie = await ctx.signIn("dora@example.com", password);

    const session = await ctx.request("/api/auth/get-session", { cookie });
    expect(session.status).toBe(200);
    expect(await json(session)).toMatchObject({ user: { email: "dora@example.com", role: "user" } });
    expect((await ctx.request("/api/me", { cookie })).status).toBe(200);

    const signOut = await ctx.request("/api/auth/sign-out", { method: "POST", cookie, json: {} });
    expect(signOut.status).toBe(200);
    expect((await ctx.request("/api/me", { cookie })).status).toBe(401);
    expect(await (await ctx.request("/api/auth/get-session", { cookie })).json()).toBeNull();
  });

  it("refuses a wrong password with one message for unknown and known e-mails", async () => {
    const wrong = await ctx.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: "dora@example.com", password: "not-her-password" },
    });
    const unknown = await ctx.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: "nobody@example.com", password: "not-her-password" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await json(wrong)).toEqual(await json(unknown));
    expect(cookieFrom(wrong)).toBe("");
  });

  it("sets an HttpOnly, SameSite session cookie", async () => {
    const response = await ctx.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: "dora@example.com", password },
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("placar.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe("password recovery", () => {
  it("answers the same for known and unknown e-mails and mails only the known one", async () => {
    await ctx.signUp("erin@example.com", password);
    const before = ctx.outbox.length;
    const known = await ctx.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email: "erin@example.com", redirectTo: "/reset-password" },
    });
    const unknown = await ctx.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email: "ghost@example.com", redirectTo: "/reset-password" },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await json(known)).toEqual(await json(unknown));
    const sent = ctx.outbox.slice(before);
    expect(sent.map((mail) => mail.to)).toEqual(["erin@example.com"]);
  });

  it("resets through the mailed link, ends every session, and spends the token", async () => {
    await ctx.signUp("fabio@example.com", password);
    const oldSession = await ctx.signIn("fabio@example.com", password);
    const otherSession = await ctx.signIn("fabio@example.com", password);

    const before = ctx.outbox.length;
    await ctx.request("/api/auth/request-password-reset", {
      method: "POST",
      headers: { "x-language": "en" },
      json: { email: "fabio@example.com", redirectTo: "/reset-password" },
    });
    const mail = ctx.outbox[before];
    expect(mail?.to).toBe("fabio@example.com");
    expect(mail?.subject).toBe("Reset your Placar password");
    expect(mail?.text).toContain(`${ctx.env.appUrl}/reset-password?token=`);
    const token = tokenFromMail(mail?.text ?? "");

    const validBefore = await ctx.request(`/api/password-reset/validate?token=${encodeURIComponent(token)}`);
    expect(await validBefore.json()).toEqual({ valid: true });

    const tooShort = await ctx.request("/api/auth/reset-password", {
      method: "POST",
      json: { newPassword: "short", token },
    });
    expect(tooShort.status).toBe(400);

    const reset = await ctx.request("/api/auth/reset-password", {
      method: "POST",
      json: { newPassword: "brand-new-secret", token },
    });
    expect(reset.status).toBe(200);

    expect((await ctx.request("/api/me", { cookie: oldSession })).status).toBe(401);
    expect((await ctx.request("/api/me", { cookie: otherSession })).status).toBe(401);
    await expect(ctx.signIn("fabio@example.com", password)).rejects.toThrow(/401/);
    await expect(ctx.signIn("fabio@example.com", "brand-new-secret")).resolves.toContain(
      "placar.session_token=",
    );

    const validAfter = await ctx.request(`/api/password-reset/validate?token=${encodeURIComponent(token)}`);
    expect(await validAfter.json()).toEqual({ valid: false });
    const again = await ctx.request("/api/auth/reset-password", {
      method: "POST",
      json: { newPassword: "yet-another-secret", token },
    });
    expect(again.status).toBe(400);
    expect(await json(again)).toMatchObject({ code: "INVALID_TOKEN" });
  });

  it("writes the mail in the user's profile language, else the web's, else pt-BR", async () => {
    await ctx.signUp("gil@example.com", password);
    const send = async (headers: Record<string, string>) => {
      const before = ctx.outbox.length;
      await ctx.request("/api/auth/request-password-reset", {
        method: "POST",
        headers,
        json: { email: "gil@example.com" },
      });
      return ctx.outbox[before]?.subject;
    };
    expect(await send({})).toBe("Redefinição de senha do Placar");
    expect(await send({ "x-language": "ru" })).toBe("Сброс пароля в Placar");
    await ctx.db.update(users).set({ language: "en" }).where(eq(users.email, "gil@example.com"));
    expect(await send({ "x-language": "ru" })).toBe("Reset your Placar password");
  });

  it("stores reset tokens hashed", async () => {
    const before = ctx.outbox.length;
    await ctx.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email: "gil@example.com" },
    });
    const token = tokenFromMail(ctx.outbox[before]?.text ?? "");
    const identifiers = (
      await ctx.db.select({ identifier: verifications.identifier }).from(verifications)
    ).map((row) => row.identifier);
    expect(identifiers.some((identifier) => identifier.includes(token))).toBe(false);
    expect(identifiers).toContain(hashVerificationIdentifier(`reset-password:${token}`));
  });

  it("says an unknown or missing token is not valid", async () => {
    expect(await (await ctx.request("/api/password-reset/validate?token=nope")).json()).toEqual({
      valid: false,
    });
    expect(await (await ctx.request("/api/password-reset/validate")).json()).toEqual({ valid: false });
  });
});

describe("rate limits", () => {
  it("answers 429 after 5 sign-in attempts a minute from one address, and only for that address", async () => {
    const ip = "203.0.113.77";
    const attempt = (from: string) =>
      ctx.request("/api/auth/sign-in/email", {
        method: "POST",
        ip: from,
        json: { email: "dora@example.com", password: "wrong-password" },
      });
    for (let i = 0; i < 5; i++) expect((await attempt(ip)).status).toBe(401);
    const limited = await attempt(ip);
    expect(limited.status).toBe(429);
    // The standard header (issue 27), in seconds; Better Auth's X-Retry-After is not passed on.
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(limited.headers.get("x-retry-after")).toBeNull();
    // Even the right password waits.
    const right = await ctx.request("/api/auth/sign-in/email", {
      method: "POST",
      ip,
      json: { email: "dora@example.com", password },
    });
    expect(right.status).toBe(429);
    expect((await attempt("203.0.113.78")).status).toBe(401);
  });

  it("limits password recovery to 3 a minute per address", async () => {
    const ip = "198.51.100.9";
    const ask = () =>
      ctx.request("/api/auth/request-password-reset", {
        method: "POST",
        ip,
        json: { email: "ghost@example.com" },
      });
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("ignores X-Forwarded-For when the proxy is not trusted", async () => {
    const untrusted = await createTestContext({ env: { TRUSTED_PROXIES: "false" } });
    try {
      // Without a socket or a trusted header every caller shares one bucket, so changing the
      // forwarded address does not reset the count.
      const attempt = (i: number) =>
        untrusted.request("/api/auth/request-password-reset", {
          method: "POST",
          ip: `192.0.2.${i + 1}`,
          json: { email: "ghost@example.com" },
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt(i)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await untrusted.close();
    }
  });
});

describe("deactivation", () => {
  it("ends the user's sessions and refuses their sign-in", async () => {
    const hugo = await ctx.signUp("hugo@example.com", password);
    const cookie = await ctx.signIn("hugo@example.com", password);
    expect((await ctx.request("/api/me", { cookie })).status).toBe(200);

    const service = createUsersService({
      db: ctx.db,
      env: ctx.env,
      mailer: ctx.deps.mailer,
      logger: ctx.deps.logger,
    });
    await service.deactivateUser({ actor: "operator", userId: hugo.id });

    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, hugo.id))).toHaveLength(0);
    expect((await ctx.request("/api/me", { cookie })).status).toBe(401);
    const signIn = await ctx.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: "hugo@example.com", password },
    });
    expect(signIn.status).toBe(403);
    expect(await json(signIn)).toMatchObject({ code: "BANNED_USER" });
    expect(cookieFrom(signIn)).toBe("");
  });

  it("refuses a session to a user with only deactivatedAt set", async () => {
    const iris = await ctx.signUp("iris@example.com", password);
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, iris.id));
    const signIn = await ctx.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: "iris@example.com", password },
    });
    expect(signIn.status).toBe(403);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, iris.id))).toHaveLength(0);
  });
});

describe("Better Auth endpoints we do not use", () => {
  it("are switched off (admin plugin, profile updates)", async () => {
    const cookie = await ctx.signIn("owner@example.com", password);
    for (const path of ["/api/auth/admin/set-role", "/api/auth/admin/create-user", "/api/auth/update-user"]) {
      const response = await ctx.request(path, {
        method: "POST",
        cookie,
        json: { userId: "x", role: "admin" },
      });
      expect(response.status, path).toBe(404);
    }
  });
});
