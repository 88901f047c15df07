import { describe, expect, it } from "vitest";
import { AppError } from "../../server/errors";
import { assertCan } from "../../server/permissions";

function refusal(run: () => void): { status: number; code: string } | "allowed" {
  try {
    run();
    return "allowed";
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: err.status, code: err.code };
  }
}

describe("assertCan", () => {
  it("lets a role with the permission through", () => {
    expect(refusal(() => assertCan({ role: "admin" }, "users:manage"))).toBe("allowed");
    expect(
      refusal(() => assertCan({ role: "admin" }, "users:manage", { what: "User", readable: false })),
    ).toBe("allowed");
  });

  it("answers 403 when the thing is readable to the actor, or nothing in particular", () => {
    expect(refusal(() => assertCan({ role: "manager" }, "users:manage"))).toEqual({
      status: 403,
      code: "forbidden",
    });
    expect(
      refusal(() => assertCan({ role: "user" }, "notes:manage", { what: "Note", readable: true })),
    ).toEqual({
      status: 403,
      code: "forbidden",
    });
  });

  it("answers 404 when the actor may not even read it", () => {
    expect(
      refusal(() => assertCan({ role: "user" }, "payee:read-all", { what: "User", readable: false })),
    ).toEqual({ status: 404, code: "not_found" });
  });
});
