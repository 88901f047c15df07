import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../domain/roles";
import { hashVerificationIdentifier, promoteFirstAccount } from "../../server/auth";
import type { Actor } from "../../server/context";
import { createUser } from "../../server/db/factories";
import { sessions, users, verifications } from "../../server/db/schema";
import { AppError } from "../../server/errors";
import { createUsersService, type UsersService } from "../../server/features/users/users.service";
import { createTestContext, type TestContext, testDatabaseKind } from "../harness";
import { databaseUrl } from "../postgres";

// The users service: each write one transaction; the last active admin can be neither demoted nor
// deactivated; invitations carry a single-use set-password link valid for 7 days.

let ctx: TestContext;
let service: UsersService;
let admin: Actor;
beforeAll(async () => {
  ctx = await createTestContext();
  service = createUsersService({
    db: ctx.db,
    env: ctx.env,
    mailer: ctx.deps.mailer,
    logger: ctx.deps.logger,
  });
  admin = actorOf(await createUser(ctx.db, { role: "admin", email: "boss@example.com" }));
});
afterAll(async () => {
  await ctx?.close();
});

function actorOf(row: { id: string; email: string; name: string; role: Role }): Actor {
  return { id: row.id, email: row.email, name: row.name, role: row.role, managerId: null, language: null };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("the call succeeded but should have been refused");
}

async function userRow(id: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe("permissions", () => {
  it.each(["user", "manager", "financial"] as const)(
    "refuses a %s with 403 and changes nothing",
    async (role) => {
      const caller = actorOf(await createUser(ctx.db, { role }));
      const victim = await createUser(ctx.db);
      // One call at a time: started together, a call could reject before its turn to be awaited.
      for (const call of [
        () => service.deactivateUser({ actor: caller, userId: victim.id }),
        () => service.setUserRole({ actor: caller, userId: victim.id, role: "admin" }),
        () => service.setUserPassword({ actor: caller, userId: victim.id, password: "whatever-123" }),
        () => service.createUserWithInvite({ actor: caller, email: `by-${role}@example.com`, role: "user" }),
      ]) {
        expect((await rejection(call())).status).toBe(403);
      }
      expect(await userRow(victim.id)).toMatchObject({ role: "user", deactivatedAt: null });
    },
  );
});

describe("deactivateUser", () => {
  it("sets deactivatedAt and banned and deletes the sessions, in one go", async () => {
    const buyer = await createUser(ctx.db, { email: "ines@example.com" });
    const cookie = await ctx.signIn("ines@example.com", buyer.password);
    const result = await service.deactivateUser({ actor: admin, userId: buyer.id });
    expect(result.deactivatedAt).toBeInstanceOf(Date);
    expect(await userRow(buyer.id)).toMatchObject({ banned: true, banReason: "deactivated" });
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, buyer.id))).toHaveLength(0);
    expect((await ctx.request("/api/me", { cookie })).status).toBe(401);
    // Again: nothing more happens.
    const again = await service.deactivateUser({ actor: admin, userId: buyer.id });
    expect(again.deactivatedAt?.getTime()).toBe(result.deactivatedAt?.getTime());
  });

  it("refuses to deactivate oneself", async () => {
    const error = await rejection(service.deactivateUser({ actor: admin, userId: admin.id }));
    expect(error.toBody().error.code).toBe("cannot_deactivate_self");
  });

  it("answers 404 for an unknown user", async () => {
    expect((await rejection(service.deactivateUser({ actor: admin, userId: "nobody" }))).status).toBe(404);
  });
});

describe("the last admin", () => {
  it("can be neither demoted nor deactivated, by anyone", async () => {
    const fresh = await createTestContext();
    try {
      const users2 = createUsersService({
        db: fresh.db,
        env: fresh.env,
        mailer: fresh.deps.mailer,
        logger: fresh.deps.logger,
      });
      const only = await createUser(fresh.db, { role: "admin" });
      // One call at a time: started together, the second rejected while the first was still being
      // awaited, an unhandled rejection that failed the run.
      for (const call of [
        () => users2.setUserRole({ actor: "operator", userId: only.id, role: "user" }),
        () => users2.deactivateUser({ actor: "operator", userId: only.id }),
      ]) {
        const error = await rejection(call());
        expect(error.status).toBe(422);
        expect(error.toBody().error.code).toBe("last_admin");
      }
      const [row] = await fresh.db.select().from(users).where(eq(users.id, only.id));
      expect(row).toMatchObject({ role: "admin", deactivatedAt: null, banned: false });

      // With a second admin the first may go; then the second is the last one.
      const second = await createUser(fresh.db, { role: "admin" });
      await users2.setUserRole({ actor: actorOf(second), userId: only.id, role: "financial" });
      expect((await rejection(users2.deactivateUser({ actor: "operator", userId: second.id }))).status).toBe(
        422,
      );
      // A deactivated admin does not count.
      const third = await createUser(fresh.db, { role: "admin", deactivatedAt: new Date() });
      expect(
        (await rejection(users2.setUserRole({ actor: "operator", userId: second.id, role: "user" }))).status,
      ).toBe(422);
      expect((await fresh.db.select().from(users).where(eq(users.id, third.id)))[0]?.role).toBe("admin");
    } finally {
      await fresh.close();
    }
  });

  it("survives two admins demoting each other at the same time", async () => {
    const fresh = await createTestContext();
    try {
      const users2 = createUsersService({
        db: fresh.db,
        env: fresh.env,
        mailer: fresh.deps.mailer,
        logger: fresh.deps.logger,
      });
      let a = await createUser(fresh.db, { role: "admin" });
      // Several rounds: each starts with exactly two active admins racing to remove each other.
      for (let round = 0; round < 8; round++) {
        const b = await createUser(fresh.db, { role: "admin" });
        const results = await Promise.allSettled([
          users2.setUserRole({ actor: actorOf(a), userId: b.id, role: "user" }),
          users2.deactivateUser({ actor: actorOf(b), userId: a.id }),
        ]);
        for (const result of results) {
          if (result.status === "rejected") expect(result.reason).toBeInstanceOf(AppError);
        }
        expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
        const active = (await fresh.db.select().from(users).where(eq(users.role, "admin"))).filter(
          (row) => !row.deactivatedAt,
        );
        expect(active).toHaveLength(1);
        a = { ...a, ...active[0] } as typeof a;
      }
    } finally {
      await fresh.close();
    }
  });
});

describe("setUserRole", () => {
  it("changes the role, which applies on the user's next request", async () => {
    const buyer = await createUser(ctx.db, { email: "joao@example.com" });
    const cookie = await ctx.signIn("joao@example.com", buyer.password);
    const updated = await service.setUserRole({ actor: admin, userId: buyer.id, role: "manager" });
    expect(updated.role).toBe("manager");
    expect(await (await ctx.request("/api/me", { cookie })).json()).toMatchObject({ role: "manager" });
  });

  it("refuses an unknown role", async () => {
    const buyer = await createUser(ctx.db);
    const error = await rejection(
      service.setUserRole({ actor: admin, userId: buyer.id, role: "owner" as Role }),
    );
    expect(error.status).toBe(400);
  });
});

describe("setUserPassword", () => {
  it("replaces the password and ends the sessions", async () => {
    const buyer = await createUser(ctx.db, { email: "karla@example.com" });
    const cookie = await ctx.signIn("karla@example.com", buyer.password);
    await service.setUserPassword({ actor: admin, userId: buyer.id, password: "a-new-password" });
    expect((await ctx.request("/api/me", { cookie })).status).toBe(401);
    await expect(ctx.signIn("karla@example.com", buyer.password)).rejects.toThrow(/401/);
    await expect(ctx.signIn("karla@example.com", "a-new-password")).resolves.toBeTruthy();
  });

  it("refuses a short password and changes nothing", async () => {
    const buyer = await createUser(ctx.db, { email: "leo@example.com" });
    const error = await rejection(
      service.setUserPassword({ actor: admin, userId: buyer.id, password: "1234567" }),
    );
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({ password: "password_too_short" });
    await expect(ctx.signIn("leo@example.com", buyer.password)).resolves.toBeTruthy();
  });
});

describe("createUserWithInvite", () => {
  it("creates a user with a password who can sign in at once, and sends no mail", async () => {
    const mails = ctx.outbox.length;
    const result = await service.createUserWithInvite({
      actor: admin,
      email: "  Maria@Example.com ",
      role: "financial",
      password: "orchid-lantern-44",
    });
    expect(result.user).toMatchObject({ email: "maria@example.com", name: "Maria", role: "financial" });
    expect(result.setPasswordUrl).toBeUndefined();
    expect(ctx.outbox.length).toBe(mails);
    await expect(ctx.signIn("maria@example.com", "orchid-lantern-44")).resolves.toBeTruthy();
  });

  it("without a password, mails a 7-day set-password link in the user's language that works once", async () => {
    const mails = ctx.outbox.length;
    const result = await service.createUserWithInvite({
      actor: admin,
      email: "nina@example.com",
      role: "user",
      name: "Nina Duarte",
      language: "en",
    });
    expect(result.invitation).toEqual({ delivered: true, transport: "memory" });
    const url = result.setPasswordUrl ?? "";
    expect(url).toMatch(new RegExp(`^${ctx.env.appUrl}/reset-password\\?token=`));
    const mail = ctx.outbox[mails];
    expect(mail).toMatchObject({ to: "nina@example.com", subject: "Your Placar account" });
    expect(mail?.text).toContain(url);

    const token = new URL(url).searchParams.get("token") ?? "";
    const [row] = await ctx.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, hashVerificationIdentifier(`reset-password:${token}`)));
    const days = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // No password yet: sign-in fails.
    await expect(ctx.signIn("nina@example.com", "sunlit-harbor-62")).rejects.toThrow(/401/);
    expect(await (await ctx.request(`/api/password-reset/validate?token=${token}`)).json()).toEqual({
      valid: true,
    });
    const set = await ctx.request("/api/auth/reset-password", {
      method: "POST",
      json: { newPassword: "sunlit-harbor-62", token },
    });
    expect(set.status).toBe(200);
    await expect(ctx.signIn("nina@example.com", "sunlit-harbor-62")).resolves.toBeTruthy();
    expect(await (await ctx.request(`/api/password-reset/validate?token=${token}`)).json()).toEqual({
      valid: false,
    });
  });

  it("still returns the link when the mail fails", async () => {
    const failing = createUsersService({
      db: ctx.db,
      env: ctx.env,
      logger: ctx.deps.logger,
      mailer: { transport: "smtp", send: async () => Promise.reject(new Error("SMTP down")) },
    });
    const result = await failing.createUserWithInvite({
      actor: admin,
      email: "otto@example.com",
      role: "user",
    });
    expect(result.invitation).toEqual({ delivered: false, transport: "smtp" });
    expect(result.setPasswordUrl).toBeTruthy();
  });

  it("refuses a taken e-mail (any case) and a bad one, creating nothing", async () => {
    const taken = await rejection(
      service.createUserWithInvite({ actor: admin, email: "BOSS@example.com", role: "user" }),
    );
    expect(taken.status).toBe(409);
    expect(taken.toBody().error.code).toBe("email_taken");
    const bad = await rejection(
      service.createUserWithInvite({ actor: admin, email: "not-an-email", role: "user" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.fields).toEqual({ email: "invalid_email" });
    const short = await rejection(
      service.createUserWithInvite({
        actor: admin,
        email: "pia@example.com",
        role: "user",
        password: "short",
      }),
    );
    expect(short.status).toBe(400);
    expect(await ctx.db.select().from(users).where(eq(users.email, "pia@example.com"))).toHaveLength(0);
  });
});

describe("promoteFirstAccount", () => {
  it("promotes only the earliest account, and only while there is no admin", async () => {
    const fresh = await createTestContext();
    try {
      const early = await createUser(fresh.db, { createdAt: new Date("2024-01-01T00:00:00Z") });
      const late = await createUser(fresh.db, { createdAt: new Date("2024-01-02T00:00:00Z") });
      expect(await promoteFirstAccount(fresh.db, late.id)).toBe(false);
      const concurrent = await Promise.all([
        promoteFirstAccount(fresh.db, early.id),
        promoteFirstAccount(fresh.db, early.id),
        promoteFirstAccount(fresh.db, late.id),
      ]);
      expect(concurrent.filter(Boolean)).toHaveLength(1);
      const rows = await fresh.db.select({ id: users.id, role: users.role }).from(users);
      expect(rows.filter((row) => row.role === "admin").map((row) => row.id)).toEqual([early.id]);
    } finally {
      await fresh.close();
    }
  });

  // The race the advisory lock closes: B's promotion has read "no admin, B is first" while A's
  // sign-up was not yet committed, and is still running when A's promotion looks. Without the lock
  // both become admin. Needs real concurrent connections, so PostgreSQL only.
  it.skipIf(testDatabaseKind() !== "postgres")(
    "lets only one of two overlapping promotions win",
    async () => {
      const fresh = await createTestContext();
      const [{ name } = { name: "" }] = await rowsOf<{ name: string }>(
        fresh.db.execute(sql`select current_database() as name`),
      );
      const url = databaseUrl(process.env.TEST_DATABASE_URL ?? "", name);
      const x = new pg.Client({ connectionString: url });
      const y = new pg.Client({ connectionString: url });
      await x.connect();
      await y.connect();
      try {
        // A signs up first, but its transaction is still open.
        await x.query("begin");
        await x.query(
          "insert into users (id, name, email, created_at, updated_at) values ('user-a', 'A', 'a@example.com', now() - interval '1 minute', now())",
        );
        const b = await createUser(fresh.db, { email: "b@example.com" });
        // Hold B's row so that B's promotion stalls after taking its snapshot.
        await y.query("begin");
        await y.query("select id from users where id = $1 for update", [b.id]);
        const promoteB = promoteFirstAccount(fresh.db, b.id);
        await waitForLockWaiters(fresh, 1);
        await x.query("commit");
        const promoteA = promoteFirstAccount(fresh.db, "user-a");
        await new Promise((resolve) => setTimeout(resolve, 200));
        await y.query("commit");
        const outcome = await Promise.all([promoteB, promoteA]);
        expect(outcome.filter(Boolean)).toHaveLength(1);
        const admins = await fresh.db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
        expect(admins).toHaveLength(1);
      } finally {
        await x.end();
        await y.end();
        await fresh.close();
      }
    },
  );
});

async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  const value = (await result) as { rows?: T[] } | T[];
  return Array.isArray(value) ? value : (value.rows ?? []);
}

/** Waits until `count` statements of this database wait for a lock. */
async function waitForLockWaiters(context: TestContext, count: number) {
  for (let i = 0; i < 100; i++) {
    const [row] = await rowsOf<{ waiting: number }>(
      context.db.execute(
        sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      ),
    );
    if ((row?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("no statement started waiting for the lock");
}
