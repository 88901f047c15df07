import { describe, expect, it } from "vitest";
import { createStatementNamer } from "../../server/db/named-statements";

describe("createStatementNamer", () => {
  it("gives one text one name, and another text another", () => {
    const nameOf = createStatementNamer();
    const first = nameOf("select $1::int", [1]);
    expect(first).toMatch(/^placar_\d+$/);
    expect(nameOf("select $1::int", [2])).toBe(first);
    expect(nameOf("select $1::text", ["a"])).not.toBe(first);
  });

  it("leaves a text without parameters unnamed (DDL and several statements need the simple protocol)", () => {
    const nameOf = createStatementNamer();
    expect(nameOf("begin", undefined)).toBeUndefined();
    expect(nameOf("create table t (a int); create index on t (a)", [])).toBeUndefined();
  });

  it("names at most its limit of texts, and keeps naming those", () => {
    const nameOf = createStatementNamer(2);
    const a = nameOf("select $1", [1]);
    const b = nameOf("select $1, 2", [1]);
    expect(nameOf("select $1, 3", [1])).toBeUndefined();
    expect([nameOf("select $1", [1]), nameOf("select $1, 2", [1])]).toEqual([a, b]);
  });
});
