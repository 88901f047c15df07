import { describe, expect, it } from "vitest";
import {
  campaignReadScopeFor,
  can,
  canChangeCampaign,
  homePathFor,
  isTwoFactorRequiredFor,
  permissions,
  requiredTwoFactorRoles,
  rolesWith,
  userReadScopeFor,
} from "./permissions";
import { roles } from "./roles";

describe("can", () => {
  it("answers from the map, and nothing for no role", () => {
    expect(can("admin", "users:manage")).toBe(true);
    expect(can("manager", "users:manage")).toBe(false);
    expect(can(null, "area:buyer")).toBe(false);
    expect(can(undefined, "area:buyer")).toBe(false);
  });
});

describe("rolesWith", () => {
  it("lists exactly the roles can() grants, for every permission", () => {
    for (const permission of Object.keys(permissions) as (keyof typeof permissions)[]) {
      expect(rolesWith(permission).sort()).toEqual(roles.filter((role) => can(role, permission)).sort());
    }
  });

  it("gives a copy, so a caller cannot change the map", () => {
    rolesWith("users:manage").push("user");
    expect(can("user", "users:manage")).toBe(false);
  });
});

describe("read scopes", () => {
  it("reads campaigns: all for financial and admins, the team for team leads, own for buyers", () => {
    expect(roles.map((role) => [role, campaignReadScopeFor(role)])).toEqual([
      ["user", "own"],
      ["manager", "team"],
      ["financial", "all"],
      ["admin", "all"],
    ]);
  });

  it("reads users the same way", () => {
    expect(roles.map((role) => [role, userReadScopeFor(role)])).toEqual([
      ["user", "own"],
      ["manager", "team"],
      ["financial", "all"],
      ["admin", "all"],
    ]);
  });
});

describe("two-factor requirement", () => {
  it("keeps only requirable roles, in canonical order", () => {
    expect(requiredTwoFactorRoles(["financial", "user", "admin", "nonsense"])).toEqual([
      "admin",
      "financial",
    ]);
    expect(requiredTwoFactorRoles(null)).toEqual([]);
  });

  it("applies to a requirable role the workspace named, and never to others", () => {
    expect(isTwoFactorRequiredFor("financial", ["financial"])).toBe(true);
    expect(isTwoFactorRequiredFor("admin", ["financial"])).toBe(false);
    expect(isTwoFactorRequiredFor("user", ["user"])).toBe(false);
  });
});

describe("homePathFor", () => {
  it("sends each role to its area", () => {
    expect(roles.map((role) => homePathFor(role))).toEqual([
      "/",
      "/",
      "/financial/dashboard",
      "/admin/dashboard",
    ]);
  });
});

describe("canChangeCampaign", () => {
  const row = { creatorId: "buyer" };
  it("lets the creator and admins change a row, not the creator's team lead or financial", () => {
    expect(canChangeCampaign({ id: "buyer", role: "user" }, row)).toBe(true);
    expect(canChangeCampaign({ id: "admin", role: "admin" }, row)).toBe(true);
    expect(canChangeCampaign({ id: "lead", role: "manager" }, row)).toBe(false);
    expect(canChangeCampaign({ id: "lead", role: "manager" }, { creatorId: "lead" })).toBe(true);
    expect(canChangeCampaign({ id: "other", role: "user" }, row)).toBe(false);
    // Financial reads every row and changes none, not even one in its own name.
    expect(canChangeCampaign({ id: "fin", role: "financial" }, { creatorId: "fin" })).toBe(false);
  });
});
