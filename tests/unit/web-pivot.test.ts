import {
  defaultPivotColumns as contractColumns,
  pivotDimensions as contractDimensions,
  pivotMetrics as contractMetrics,
  type PivotRow,
  pivotQuerySchema,
} from "@domain/schemas/pivot";
import { describe, expect, it } from "vitest";
import { checkBounds } from "../../web/features/reports/bounds";
import { formatKey, isoWeek } from "../../web/features/reports/key-format";
import {
  apiSearch,
  bucketRange,
  canDrill,
  changePercent,
  defaultPivotColumns,
  drillBack,
  drillInto,
  moveItem,
  pivotDimensions,
  pivotMetrics,
  readColumns,
  readDrill,
  readGroupBy,
  savedQuery,
  writeColumns,
  writeGroupBy,
} from "../../web/features/reports/pivot-state";

// The pivot screen's address (docs/decisions/0082): the API's query plus the drill path.

const zero = {
  spent: "0.00",
  revenue: "0.00",
  profit: "0.00",
  roi: "0.0000",
  epc: "0.0000",
  clicks: 0,
  installations: 0,
  registrations: 0,
  deposits: 0,
  campaigns: 0,
  clickToInstall: "0.0000",
  installToRegistration: "0.0000",
  registrationToDeposit: "0.0000",
  costPerClick: "0.0000",
  costPerInstall: "0.0000",
  costPerRegistration: "0.0000",
  costPerDeposit: "0.0000",
};
const row = (...keys: [string | null, string | null][]): PivotRow => ({
  keys: keys.map(([value, label]) => ({ value, label })),
  current: zero,
  previous: null,
});
const texts = { week: (week: number, range: string) => `sem. ${week} (${range})`, none: () => "—" };

describe("pivot address", () => {
  it("reads groupBy and columns, falling back on anything malformed", () => {
    expect(readGroupBy(new URLSearchParams())).toEqual(["buyer"]);
    expect(readGroupBy(new URLSearchParams("groupBy=team,week"))).toEqual(["team", "week"]);
    expect(readGroupBy(new URLSearchParams("groupBy=team,team"))).toEqual(["buyer"]);
    expect(readGroupBy(new URLSearchParams("groupBy=team,week,day,month"))).toEqual(["buyer"]);
    expect(readGroupBy(new URLSearchParams("groupBy=planet"))).toEqual(["buyer"]);
    expect(readColumns(new URLSearchParams("columns=roi,spent"))).toEqual(["roi", "spent"]);
  });

  it("writes the default grouping and columns as no parameter, and drops a sort by a removed column", () => {
    expect(writeGroupBy(new URLSearchParams("groupBy=team&page=3"), ["buyer"]).toString()).toBe("");
    const next = writeColumns(new URLSearchParams("sort=epc&dir=desc"), ["spent", "roi"]);
    expect(next.toString()).toBe("columns=spent%2Croi");
    expect(writeColumns(new URLSearchParams("sort=roi&dir=desc"), ["spent", "roi"]).get("sort")).toBe("roi");
  });

  it("moves items within bounds", () => {
    expect(moveItem(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
  });

  it("sends the API its query without the drill path or the picker's 'custom'", () => {
    const params = new URLSearchParams(
      "groupBy=team&period=custom&from=2026-01-01&to=2026-01-31&drill=%5B%5D&x=1",
    );
    expect(apiSearch(params).toString()).toBe("groupBy=team&from=2026-01-01&to=2026-01-31");
    expect(savedQuery(new URLSearchParams("compare=previous&drill=%5B%5D"))).toBe(
      "compare=previous&drill=%5B%5D",
    );
  });
});

describe("drill-down", () => {
  it("filters by a team and groups by the next dimension; the breadcrumb walks back", () => {
    const start = new URLSearchParams("groupBy=team,week&period=previous_month&compare=previous&page=2");
    const next = drillInto(start, row(["lead-1", "Ana"], ["2026-10-05", null]), 0);
    expect(next.get("teamId")).toBe("lead-1");
    expect(next.get("groupBy")).toBe("week");
    expect(next.get("page")).toBeNull();
    expect(next.get("period")).toBe("previous_month");
    expect(readDrill(next)).toHaveLength(1);
    expect(readDrill(next)[0]?.keys).toEqual([{ dimension: "team", value: "lead-1", label: "Ana" }]);
    const back = drillBack(next, 0);
    expect(Object.fromEntries(back)).toEqual(Object.fromEntries(start));
  });

  it("a time key filters by its bucket (within the range) and groups by the natural next dimension", () => {
    const start = new URLSearchParams("groupBy=week&period=previous_month");
    const next = drillInto(start, row(["2026-09-28", null]), 0, { from: "2026-10-01", to: "2026-10-31" });
    expect(next.get("from")).toBe("2026-10-01");
    expect(next.get("to")).toBe("2026-10-04");
    expect(next.has("period")).toBe(false);
    expect(next.get("groupBy")).toBe("day");
    // Two steps deep, then back to the first step: only the second is undone.
    const deeper = drillInto(next, row(["2026-10-02", null]), 0);
    expect(deeper.get("groupBy")).toBeNull(); // day → buyer, the default
    expect(deeper.get("from")).toBe("2026-10-02");
    const one = drillBack(deeper, 1);
    expect(Object.fromEntries(one)).toEqual(Object.fromEntries(next));
    expect(Object.fromEntries(drillBack(deeper, 0))).toEqual(Object.fromEntries(start));
  });

  it("an inner key filters by the keys before it too, and the natural next skips filtered dimensions", () => {
    const start = new URLSearchParams("groupBy=offer,buyer");
    const next = drillInto(start, row(["offer-1", "Alfa"], ["buyer-1", "Bruno"]), 1);
    expect(next.get("offerId")).toBe("offer-1");
    expect(next.get("buyerId")).toBe("buyer-1");
    // buyer → offer, already filtered → day.
    expect(next.get("groupBy")).toBe("day");
  });

  it("restores a filter a drill replaced", () => {
    const start = new URLSearchParams("groupBy=buyer&buyerId=old");
    const next = drillInto(start, row(["new", "Nova"]), 0);
    expect(next.get("buyerId")).toBe("new");
    expect(drillBack(next, 0).get("buyerId")).toBe("old");
  });

  it("keys without a value cannot be drilled into; a broken drill path reads as none", () => {
    expect(canDrill(row([null, null], ["x", "X"]), 1)).toBe(false);
    expect(canDrill(row(["a", "A"], ["x", "X"]), 1)).toBe(true);
    expect(readDrill(new URLSearchParams("drill=nonsense"))).toEqual([]);
    expect(
      readDrill(new URLSearchParams('drill=[{"keys":[{"dimension":"planet","value":"x"}],"previous":{}}]')),
    ).toEqual([]);
  });

  it("month buckets cover the whole month", () => {
    expect(bucketRange("month", "2024-02-01")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(bucketRange("week", "2026-03-16")).toEqual({ from: "2026-03-16", to: "2026-03-22" });
  });
});

describe("figures", () => {
  it("computes the change exactly, half-up, and none against zero", () => {
    expect(changePercent("150.00", "100.00")).toBe("50.0000");
    expect(changePercent("50.00", "-100.00")).toBe("150.0000");
    expect(changePercent(2, 3)).toBe("-33.3333");
    expect(changePercent("10.00", "0.00")).toBeNull();
    expect(changePercent("10.00", null)).toBeNull();
  });

  it("names ISO weeks and formats keys in the reader's language", () => {
    expect(isoWeek("2026-03-16")).toEqual({ year: 2026, week: 12 });
    expect(isoWeek("2021-01-04")).toEqual({ year: 2021, week: 1 });
    expect(isoWeek("2020-12-28")).toEqual({ year: 2020, week: 53 });
    expect(formatKey("week", { value: "2026-03-16", label: null }, "pt-BR", texts)).toMatch(
      /^sem\. 12 \(16.+22.+mar/,
    );
    expect(formatKey("month", { value: "2026-03-01", label: null }, "pt-BR", texts)).toBe("março de 2026");
    expect(formatKey("team", { value: "x", label: "Ana" }, "pt-BR", texts)).toBe("Ana");
    expect(formatKey("team", { value: null, label: null }, "pt-BR", texts)).toBe("—");
    // A key that is not a date under a date dimension (a grouping still loading) is shown as sent.
    expect(formatKey("week", { value: "lead-1", label: "Ana" }, "pt-BR", texts)).toBe("Ana");
  });
});

describe("the screen's copy of the contract", () => {
  it("lists the contract's dimensions, metrics and default columns, in its order", () => {
    expect([...pivotDimensions]).toEqual([...contractDimensions]);
    expect([...pivotMetrics]).toEqual([...contractMetrics]);
    expect([...defaultPivotColumns]).toEqual([...contractColumns]);
  });
});

describe("typed bounds", () => {
  it("reads them in the reader's language and keeps what the API keeps", () => {
    const result = checkBounds({ minRoi: "-12,50", maxRoi: "30", minSpend: "1.000,5" }, "pt-BR");
    expect(result).toEqual({ ok: true, values: { minRoi: "-12.5", maxRoi: "30", minSpend: "1000.50" } });
    if (result.ok) expect(pivotQuerySchema.safeParse(result.values).success).toBe(true);
  });

  it("refuses reversed bounds as the API does, and unreadable text with its message", () => {
    const reversed = checkBounds({ minRoi: "50", maxRoi: "10", minSpend: "" }, "en");
    expect(reversed).toEqual({ ok: false, errors: { maxRoi: "reports:validation.roi_bounds_reversed" } });
    expect(pivotQuerySchema.safeParse({ minRoi: "50", maxRoi: "10" }).success).toBe(false);
    const bad = checkBounds({ minRoi: "abc", maxRoi: "", minSpend: "-5" }, "en");
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.minRoi).toMatch(/^common:moneyInput\.percentErrors\./);
      expect(bad.errors.minSpend).toMatch(/^common:moneyInput\.errors\./);
    }
  });
});
