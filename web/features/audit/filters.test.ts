import { readFileSync } from "node:fs";
import path from "node:path";
import { auditActions } from "@domain/audit";
import { describe, expect, it } from "vitest";
import {
  auditActionGroups,
  groupAuditActions,
  readAuditFilters,
  toAuditParams,
  withAuditFilter,
} from "./filters";

describe("audit filters in the URL", () => {
  it("keeps valid filters and drops bad ones", () => {
    const filters = readAuditFilters(
      new URLSearchParams("userId=u1&action=user.role_changed&outcome=failure&from=2024-05-01&to=2024-02-31"),
    );
    expect(filters).toEqual({
      userId: "u1",
      action: "user.role_changed",
      outcome: "failure",
      from: "2024-05-01",
      to: "",
    });
    expect(readAuditFilters(new URLSearchParams("action=drop.table&outcome=maybe")).action).toBe("");
  });

  it("sends only what is set, and nothing for a reversed period", () => {
    const base = { userId: "", action: "", outcome: "", from: "", to: "" } as const;
    expect(toAuditParams({ ...base, from: "2024-05-01" })).toEqual({ from: "2024-05-01" });
    expect(toAuditParams({ ...base, from: "2024-05-02", to: "2024-05-01" })).toBeNull();
    expect(toAuditParams({ ...base, from: "2024-05-01", to: "2024-05-01" })).toEqual({
      from: "2024-05-01",
      to: "2024-05-01",
    });
  });

  it("sets and removes one filter, keeping the others", () => {
    const params = new URLSearchParams("action=offer.created&userId=u1");
    expect(withAuditFilter(params, "userId", "").toString()).toBe("action=offer.created");
    expect(withAuditFilter(params, "outcome", "success").get("outcome")).toBe("success");
  });
});

describe("audit actions", () => {
  it("puts every action in exactly one group", () => {
    const grouped = groupAuditActions().flatMap((group) => group.actions);
    expect(grouped.sort()).toEqual([...auditActions].sort());
    expect(groupAuditActions().every((group) => group.actions.length > 0)).toBe(true);
  });

  it("has a label for every action and group in every language", () => {
    for (const language of ["pt-BR", "en", "ru"]) {
      const file = path.resolve(import.meta.dirname, "..", "..", "locales", language, "audit.json");
      const texts = JSON.parse(readFileSync(file, "utf8"));
      for (const action of auditActions) {
        const [prefix, name] = action.split(".") as [string, string];
        expect(texts.actions?.[prefix]?.[name], `${language}: ${action}`).toEqual(expect.any(String));
      }
      for (const group of auditActionGroups) {
        expect(texts.groups?.[group], `${language}: ${group}`).toEqual(expect.any(String));
      }
    }
  });
});
