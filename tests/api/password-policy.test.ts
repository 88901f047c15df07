import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commonPasswordList } from "../../server/common-passwords-list";
import { AppError } from "../../server/errors";
import { createUsersService } from "../../server/features/users/users.service";
import { findPasswordProblem, isCommonPassword } from "../../server/password-policy";
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
    const entries = commonPasswordList.split("\n");
    expect(entries).toHaveLength(10_000);
    expect(entries.slice(0, 5)).toEqual(["123456", "password", "12345678", "qwerty", "123456789"]);
    expect(entries.at(-1)).toBe("blitz");
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
});
