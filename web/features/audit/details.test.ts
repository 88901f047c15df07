import { describe, expect, it } from "vitest";
import { describeAuditDetails } from "./details";

describe("describeAuditDetails", () => {
  it("shows a role change as old and new values", () => {
    expect(describeAuditDetails({ role: { from: "user", to: "manager" }, buyersReleased: 2 })).toEqual([
      {
        key: "role",
        kind: "change",
        from: { kind: "text", value: "user" },
        to: { kind: "text", value: "manager" },
      },
      { key: "buyersReleased", kind: "value", value: { kind: "number", value: 2 } },
    ]);
  });

  it("gives each entry of changes a line of its own", () => {
    expect(
      describeAuditDetails({
        name: "Roleta",
        changes: { value: { from: "10.00", to: "12.50" }, visibleToAll: { from: true, to: false } },
      }),
    ).toEqual([
      { key: "name", kind: "value", value: { kind: "text", value: "Roleta" } },
      {
        key: "value",
        kind: "change",
        from: { kind: "text", value: "10.00" },
        to: { kind: "text", value: "12.50" },
      },
      {
        key: "visibleToAll",
        kind: "change",
        from: { kind: "boolean", value: true },
        to: { kind: "boolean", value: false },
      },
    ]);
  });

  it("keeps unknown shapes readable: empty values, lists and nested records", () => {
    expect(
      describeAuditDetails({
        managerId: { from: null, to: "u1" },
        ids: ["a", "b"],
        none: [],
        meta: { a: 1 },
      }),
    ).toEqual([
      { key: "managerId", kind: "change", from: { kind: "empty" }, to: { kind: "text", value: "u1" } },
      {
        key: "ids",
        kind: "value",
        value: {
          kind: "list",
          items: [
            { kind: "text", value: "a" },
            { kind: "text", value: "b" },
          ],
        },
      },
      { key: "none", kind: "value", value: { kind: "empty" } },
      {
        key: "meta",
        kind: "value",
        value: { kind: "record", lines: [{ key: "a", kind: "value", value: { kind: "number", value: 1 } }] },
      },
    ]);
  });

  it("splits a change of a group into the members that changed", () => {
    expect(
      describeAuditDetails({
        changes: { notifications: { from: { email: true, daily: false }, to: { email: true, daily: true } } },
      }),
    ).toEqual([
      {
        key: "notifications.daily",
        kind: "change",
        from: { kind: "boolean", value: false },
        to: { kind: "boolean", value: true },
      },
    ]);
  });
});
