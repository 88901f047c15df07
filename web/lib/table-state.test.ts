import { describe, expect, it } from "vitest";
import { compareDecimal, nextSort, pageCount, toggleHidden, visibilityFromHidden } from "./table-sort";
import { decodeSort, encodeSort, readTableUrlState, writeTableUrlState } from "./use-url-state";

describe("the data table's state in the address", () => {
  it("reads sort, page and hidden columns, with a prefix per table", () => {
    const params = new URLSearchParams("users.sort=-spent&users.page=3&users.hide=roi,epc&sort=name");
    expect(readTableUrlState(params, "users")).toEqual({
      sort: { id: "spent", desc: true },
      page: 3,
      hidden: ["roi", "epc"],
    });
    expect(readTableUrlState(params).sort).toEqual({ id: "name", desc: false });
  });

  it("falls back to the defaults on anything malformed", () => {
    const params = new URLSearchParams("sort=-a%20b&page=0&hide=x;y,ok");
    const state = readTableUrlState(params, "", { sort: { id: "date", desc: true } });
    expect(state).toEqual({ sort: { id: "date", desc: true }, page: 1, hidden: ["ok"] });
    expect(readTableUrlState(new URLSearchParams("page=2.5")).page).toBe(1);
    expect(readTableUrlState(new URLSearchParams("page=-4")).page).toBe(1);
  });

  it("writes only what differs from the defaults and keeps other parameters", () => {
    const defaults = { sort: { id: "date", desc: true } };
    const base = new URLSearchParams("month=2026-11&page=4");
    const written = writeTableUrlState(base, { sort: { id: "spent", desc: false }, page: 1 }, "", defaults);
    expect(written.toString()).toBe("month=2026-11&sort=spent");
    const back = writeTableUrlState(written, { sort: { id: "date", desc: true } }, "", defaults);
    expect(back.toString()).toBe("month=2026-11");
    // No sort at all, where a default exists, must survive a reload.
    const none = writeTableUrlState(base, { sort: null }, "", defaults);
    expect(readTableUrlState(none, "", defaults).sort).toBeNull();
    const hidden = writeTableUrlState(base, { hidden: ["roi", "epc"] }, "t");
    expect(hidden.get("t.hide")).toBe("epc,roi");
    expect(writeTableUrlState(hidden, { hidden: [] }, "t").has("t.hide")).toBe(false);
  });

  it("round-trips a sort", () => {
    for (const sort of [
      { id: "spent", desc: true },
      { id: "name", desc: false },
    ])
      expect(decodeSort(encodeSort(sort))).toEqual(sort);
    expect(decodeSort("-")).toBeNull();
    expect(decodeSort("")).toBeNull();
  });
});

describe("the data table's sorting and visibility rules", () => {
  it("compares decimal strings exactly, not as floats", () => {
    // As doubles these two are equal; as money they are not.
    expect(compareDecimal("9007199254740993.02", "9007199254740993.01")).toBe(1);
    expect(compareDecimal("-1.5", "-1.25")).toBe(-1);
    expect(compareDecimal("10", "9.9999")).toBe(1);
    expect(compareDecimal("0.10", "0.1")).toBe(0);
    expect(compareDecimal(null, "0")).toBe(-1);
    expect(compareDecimal("", null)).toBe(0);
  });

  it("a header click flips the active column, and starts figures largest first, names A to Z", () => {
    expect(nextSort(null, "spent", true)).toEqual({ id: "spent", desc: true });
    expect(nextSort(null, "name", false)).toEqual({ id: "name", desc: false });
    expect(nextSort({ id: "spent", desc: true }, "spent", true)).toEqual({ id: "spent", desc: false });
    expect(nextSort({ id: "spent", desc: false }, "name", false)).toEqual({ id: "name", desc: false });
  });

  it("hides only hideable columns and never the last visible one", () => {
    expect(visibilityFromHidden(["roi", "id"], ["roi", "epc"])).toEqual({ roi: false });
    expect(toggleHidden([], "roi", false, ["roi", "epc"])).toEqual(["roi"]);
    expect(toggleHidden(["roi"], "epc", false, ["roi", "epc"])).toEqual(["roi"]);
    expect(toggleHidden(["roi"], "roi", true, ["roi", "epc"])).toEqual([]);
  });

  it("counts pages", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
