import type { Language } from "@domain/roles";
import i18n from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import enAudit from "@/locales/en/audit.json";
import enCommon from "@/locales/en/common.json";
import enErrors from "@/locales/en/errors.json";
import enPayments from "@/locales/en/payments.json";
import ptAudit from "@/locales/pt-BR/audit.json";
import ptCommon from "@/locales/pt-BR/common.json";
import ptErrors from "@/locales/pt-BR/errors.json";
import ptPayments from "@/locales/pt-BR/payments.json";
import ruAudit from "@/locales/ru/audit.json";
import ruCommon from "@/locales/ru/common.json";
import ruErrors from "@/locales/ru/errors.json";
import ruPayments from "@/locales/ru/payments.json";
import {
  type DetailLine,
  describeAuditDetails,
  type RenderContext,
  renderDetailValue,
  renderFieldLabel,
} from "./details";

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

describe("rendering details for people", () => {
  beforeAll(async () => {
    await i18n.init({
      lng: "en",
      resources: {
        en: { audit: enAudit, common: enCommon, errors: enErrors, payments: enPayments },
        "pt-BR": { audit: ptAudit, common: ptCommon, errors: ptErrors, payments: ptPayments },
        ru: { audit: ruAudit, common: ruCommon, errors: ruErrors, payments: ruPayments },
      },
    });
  });

  const contextOf = (language: Language, over: Partial<RenderContext> = {}): RenderContext => ({
    language,
    timeZone: "America/Sao_Paulo",
    currency: "USD",
    userNames: new Map([["u1", "Ana Lima"]]),
    t: (key, options) => i18n.getFixedT(language)(key, options ?? {}) as string,
    exists: (key) => i18n.exists(key, { lng: language }),
    ...over,
  });
  /** Each line as "Label: from → to" or "Label: value", in the reader's words. */
  const read = (details: Record<string, unknown>, language: Language, over: Partial<RenderContext> = {}) => {
    const context = contextOf(language, over);
    return describeAuditDetails(details).map((line: DetailLine) => {
      const label = renderFieldLabel(line.key, context);
      return line.kind === "change"
        ? `${label}: ${renderDetailValue(line.key, line.from, context)} → ${renderDetailValue(line.key, line.to, context)}`
        : `${label}: ${renderDetailValue(line.key, line.value, context)}`;
    });
  };
  const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

  it("formats money in the reader's language and the workspace currency, rates as percentages", () => {
    const details = {
      changes: {
        minimumMonthlyRevenue: { from: "1145.77", to: "4000" },
        baseCommissionRate: { from: "30", to: "25.5" },
      },
    };
    expect(read(details, "en")).toEqual([
      "Minimum monthly revenue: $1,145.77 → $4,000.00",
      "Base commission: 30.00% → 25.50%",
    ]);
    expect(read(details, "pt-BR", { currency: "BRL" }).map(nbsp)).toEqual([
      "Receita mensal mínima: R$ 1.145,77 → R$ 4.000,00",
      expect.stringMatching(/^.+: 30,00 ?% → 25,50 ?%$/),
    ]);
    expect(read(details, "ru").map(nbsp)[0]).toMatch(/1 145,77 \$ → 4 000,00 \$$/);
  });

  it("lists commission tiers as ranges with their rates, the open one last", () => {
    const tiers = [
      { minRevenue: "0", maxRevenue: "4000", commissionBelowRoi: "0", commissionAboveRoi: "0" },
      { minRevenue: "4000", maxRevenue: null, commissionBelowRoi: "10", commissionAboveRoi: "15" },
    ];
    const [line] = read({ changes: { revenueTiers: { from: tiers.slice(0, 1), to: tiers } } }, "en");
    expect(line).toBe(
      "Revenue tiers: $0.00 – $4,000.00: 0.00% below the ROI threshold, 0.00% at or above it → " +
        "$0.00 – $4,000.00: 0.00% below the ROI threshold, 0.00% at or above it; " +
        "$4,000.00 and up: 10.00% below the ROI threshold, 15.00% at or above it",
    );
    expect(line).not.toContain("…");
    expect(nbsp(read({ revenueTiers: tiers.slice(1) }, "pt-BR")[0]!)).toContain(
      "US$ 4.000,00 ou mais: 10,00",
    );
  });

  it("shows instants in the workspace time zone and months by name, with translated field names", () => {
    const details = { deactivatedAt: "2026-11-27T16:01:58.969Z", effectiveFrom: "2026-11" };
    expect(read(details, "en")).toEqual([
      "Deactivated at: Nov 27, 2026, 1:01 PM",
      "In effect from: November 2026",
    ]);
    const pt = read(details, "pt-BR");
    expect(pt[0]).toMatch(/^Desativado em: 27 de nov\. de 2026,? 13:01$/);
    expect(pt[1]).toBe("Em vigor desde: novembro de 2026");
    expect(read(details, "ru")[1]).toMatch(/^Действует с: ноябрь 2026/);
  });

  it("translates enum values and collapses a value that did not change", () => {
    expect(read({ changes: { modelType: { from: "simple", to: "tiered" } } }, "pt-BR")).toEqual([
      "Modelo: simples (por ROI) → por faixas (de receita)",
    ]);
    expect(
      read({ status: { from: "pending", to: "pending" }, amount: { from: "0.00", to: "0" } }, "en"),
    ).toEqual(["Status: Pending", "Amount: $0.00"]);
    expect(read({ managerId: { from: null, to: "u1" } }, "en")).toEqual(["Team lead: (empty) → Ana Lima"]);
  });

  it("formats an offer's value in the offer's own currency and any other decimal as a number", () => {
    expect(
      read({ changes: { value: { from: "1500", to: "1750.5" } }, count: "1145.5" }, "pt-BR", {
        valueCurrency: "BRL",
      }).map(nbsp),
    ).toEqual(["Valor: R$ 1.500,00 → R$ 1.750,50", "Quantidade: 1.145,5"]);
  });
});
