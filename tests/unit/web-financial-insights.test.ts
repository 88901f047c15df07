import { describe, expect, it } from "vitest";
import { readRole, readSearch } from "../../web/features/financial-insights/search-params";
import { withParams } from "../../web/lib/use-url-state";

// The financial screens keep every filter in the URL; whatever a bookmark holds becomes a valid choice.
// Their periods are the one range picker's: web/lib/range.test.ts.

const params = (search: string) => new URLSearchParams(search);

describe("financial insights URL filters", () => {
  it("reads the role and the search text", () => {
    expect(readRole(params("role=financial"))).toBe("financial");
    expect(readRole(params("role=root"))).toBeUndefined();
    expect(readSearch(params("q=Bruno%20G"))).toBe("Bruno G");
    expect(readSearch(params(`q=${"x".repeat(150)}`))).toHaveLength(100);
  });

  it("sets and removes keys without touching the others", () => {
    const next = withParams(params("period=7d&q=ana&role=user"), { q: "", role: "admin", user: "u1" });
    expect(next.toString()).toBe("period=7d&role=admin&user=u1");
  });
});
