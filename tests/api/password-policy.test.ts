import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../server/errors";
import { createUsersService } from "../../server/features/users/users.service";
import {
  commonPasswordsFile,
  containsEmailLocalPart,
  findPasswordProblem,
  isCommonPassword,
  loadCommonPasswords,
} from "../../server/password-policy";
import { createUser } from "../factories";
import { createTestContext, type TestContext } from "../harness";

// Passwords: 8+ characters and not one of the 10,000 most common (SecLists' published xato-net list),
// on sign-up, reset, change and the operator's set-password (CLI), each with a code the web translates.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe("password policy", () => {
  it("ships the published top 10,000 as published", () => {
    const entries = readFileSync(commonPasswordsFile, "utf8").replace(/\n$/, "").split("\n");
    expect(entries).toHaveLength(10_000);
    expect(entries.slice(0, 5)).toEqual(["123456", "password", "12345678", "qwerty", "123456789"]);
    expect(entries.at(-1)).toBe("blitz");
  });

  it("refuses to start on a missing or truncated list rather than accept every password", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "placar-passwords-"));
    const truncated = path.join(dir, "common-passwords.txt");
    writeFileSync(truncated, "123456\npassword\n");
    expect(() => loadCommonPasswords(truncated)).toThrow(/expected about 10,000/);
    expect(() => loadCommonPasswords(path.join(dir, "missing.txt"))).toThrow(/ENOENT/);
    rmSync(dir, { recursive: true });
  });

  it("knows the list's entries without regard to case, and lets a real passphrase through", () => {
    // From the list: "password123", "qwerty123", "12345678", "1q2w3e4r5t", "Password1", "trustno1";
    // far down it: "experienced", "cheerleaers", "1qazxsw23edc".
    for (const common of [
      "password123",
      "Password123",
      "QWERTY123",
      "12345678",
      "1q2w3e4r5t",
      "PASSWORD1",
      "TrustNo1",
      "experienced",
      "cheerleaers",
      "1qazxsw23edc",
    ])
      expect(isCommonPassword(common), common).toBe(true);
    // Not on the published list (the old generated list had it): now allowed.
    expect(isCommonPassword("senha123")).toBe(false);
    expect(isCommonPassword("violet-harbour-73")).toBe(false);
    expect(findPasswordProblem("short")).toBe("password_too_short");
    expect(findPasswordProblem("x".repeat(129))).toBe("password_too_long");
    expect(findPasswordProblem("iloveyou1")).toBe("password_too_common");
    expect(findPasswordProblem("violet-harbour-73")).toBeNull();
  });

  it("refuses a common password at sign-up with PASSWORD_TOO_COMMON and stores no user", async () => {
    const response = await ctx.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { email: "common@example.com", password: "Password123", name: "" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "PASSWORD_TOO_COMMON" });
    await expect(ctx.signUp("common@example.com", "violet-harbour-73")).resolves.toMatchObject({
      email: "common@example.com",
    });
  });

  it("refuses a common password on reset, and keeps the old one working", async () => {
    await ctx.signUp("reset@example.com", "violet-harbour-73");
    const before = ctx.outbox.length;
    await ctx.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email: "reset@example.com", redirectTo: "/reset-password" },
    });
    const mail = ctx.outbox.slice(before).find((m) => m.to === "reset@example.com");
    const token = /\/reset-password\?token=([^\s&]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(token).not.toBe("");
    const reset = await ctx.request("/api/auth/reset-password", {
      method: "POST",
      json: { newPassword: "qwerty123456", token },
    });
    expect(reset.status).toBe(400);
    expect(await reset.json()).toMatchObject({ code: "PASSWORD_TOO_COMMON" });
    await expect(ctx.signIn("reset@example.com", "violet-harbour-73")).resolves.toBeTruthy();
  });

  it("refuses a common password from the operator's set-password with a field code", async () => {
    const service = createUsersService({
      db: ctx.db,
      env: ctx.env,
      mailer: ctx.deps.mailer,
      logger: ctx.deps.logger,
    });
    const user = await createUser(ctx.db);
    const error = await service
      .setUserPassword({ actor: "operator", userId: user.id, password: "michelle" })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fields).toEqual({ password: "password_too_common" });
    await expect(ctx.signIn(user.email, user.password)).resolves.toBeTruthy();
  });

  it("refuses a common password on change (signed in), and keeps the old one working", async () => {
    await ctx.signUp("change@example.com", "violet-harbour-73");
    const cookie = await ctx.signIn("change@example.com", "violet-harbour-73");
    const change = await ctx.request("/api/auth/change-password", {
      method: "POST",
      cookie,
      json: { currentPassword: "violet-harbour-73", newPassword: "Superman1", revokeOtherSessions: true },
    });
    expect(change.status).toBe(400);
    expect(await change.json()).toMatchObject({ code: "PASSWORD_TOO_COMMON" });
    expect((await ctx.request("/api/me", { cookie })).status).toBe(200);
    await expect(ctx.signIn("change@example.com", "violet-harbour-73")).resolves.toBeTruthy();
  });

  describe("a password that contains the e-mail's local part (issue 27)", () => {
    it("is found without regard to case, with or without a +tag; short local parts are not looked for", () => {
      expect(containsEmailLocalPart("Ana.Souza-2024!", "ana.souza@example.com")).toBe(true);
      expect(containsEmailLocalPart("my-ANA.SOUZA", "Ana.Souza@Example.com")).toBe(true);
      expect(containsEmailLocalPart("ana.souza@example.com", "ana.souza@example.com")).toBe(true);
      expect(containsEmailLocalPart("mariana-rocks-7", "mariana+work@example.com")).toBe(true);
      expect(containsEmailLocalPart("violet-harbour-73", "ana.souza@example.com")).toBe(false);
      expect(containsEmailLocalPart("violet-harbour-73", "al@example.com")).toBe(false);
      expect(findPasswordProblem("Ana.Souza-2024!", "ana.souza@example.com")).toBe("password_contains_email");
      expect(findPasswordProblem("violet-harbour-73", "ana.souza@example.com")).toBeNull();
    });

    it("is refused at sign-up with PASSWORD_CONTAINS_EMAIL and stores no user", async () => {
      const response = await ctx.request("/api/auth/sign-up/email", {
        method: "POST",
        json: { email: "Rodrigo.Lima@example.com", password: "rodrigo.lima-1990", name: "" },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "PASSWORD_CONTAINS_EMAIL" });
      await expect(ctx.signIn("rodrigo.lima@example.com", "rodrigo.lima-1990")).rejects.toThrow();
    });

    it("is refused on reset (the link's user) and on change (the signed-in user)", async () => {
      await ctx.signUp("beatriz@example.com", "violet-harbour-73");
      const before = ctx.outbox.length;
      await ctx.request("/api/auth/request-password-reset", {
        method: "POST",
        json: { email: "beatriz@example.com", redirectTo: "/reset-password" },
      });
      const mail = ctx.outbox.slice(before).find((m) => m.to === "beatriz@example.com");
      const token = /\/reset-password\?token=([^\s&]+)/.exec(mail?.text ?? "")?.[1] ?? "";
      const reset = await ctx.request("/api/auth/reset-password", {
        method: "POST",
        json: { newPassword: "BEATRIZ-new-pass", token },
      });
      expect(reset.status).toBe(400);
      expect(await reset.json()).toMatchObject({ code: "PASSWORD_CONTAINS_EMAIL" });

      const cookie = await ctx.signIn("beatriz@example.com", "violet-harbour-73");
      const change = await ctx.request("/api/auth/change-password", {
        method: "POST",
        cookie,
        json: {
          currentPassword: "violet-harbour-73",
          newPassword: "i-am-Beatriz-99",
          revokeOtherSessions: false,
        },
      });
      expect(change.status).toBe(400);
      expect(await change.json()).toMatchObject({ code: "PASSWORD_CONTAINS_EMAIL" });
      await expect(ctx.signIn("beatriz@example.com", "violet-harbour-73")).resolves.toBeTruthy();
      // The same link still sets an acceptable password.
      const ok = await ctx.request("/api/auth/reset-password", {
        method: "POST",
        json: { newPassword: "quiet-meadow-58", token },
      });
      expect(ok.status).toBe(200);
    });

    it("is refused for users an operator creates or sets a password for, with a field code", async () => {
      const service = createUsersService({
        db: ctx.db,
        env: ctx.env,
        mailer: ctx.deps.mailer,
        logger: ctx.deps.logger,
      });
      const user = await createUser(ctx.db, { email: "clarice.m@example.test" });
      const set = await service
        .setUserPassword({ actor: "operator", userId: user.id, password: "Clarice.M-2026" })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect((set as AppError).fields).toEqual({ password: "password_contains_email" });
      await expect(ctx.signIn(user.email, user.password)).resolves.toBeTruthy();
      const created = await service
        .createUserWithInvite({
          actor: "operator",
          email: "douglas@example.test",
          role: "user",
          password: "douglas-secret-1",
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect((created as AppError).fields).toEqual({ password: "password_contains_email" });
    });
  });
});
