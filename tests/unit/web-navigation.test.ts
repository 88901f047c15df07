import { describe, expect, it } from "vitest";
import { adminNav, buyerNav, financialNav, navAreaFor } from "@/components/layout/navigation";
import { loginPathFor, readNextPath } from "@/features/auth/next-path";

describe("sidebars (spec section 2)", () => {
  it("uses the admin sidebar for admins and on /admin paths", () => {
    expect(navAreaFor("admin", "/")).toBe("admin");
    expect(navAreaFor("admin", "/financial/payments")).toBe("admin");
    expect(navAreaFor("user", "/admin/users")).toBe("admin");
  });

  it("uses the financial sidebar for financial users and on /financial paths", () => {
    expect(navAreaFor("financial", "/")).toBe("financial");
    expect(navAreaFor("manager", "/financial/payments")).toBe("financial");
  });

  it("uses the buyer sidebar otherwise", () => {
    expect(navAreaFor("user", "/")).toBe("buyer");
    expect(navAreaFor("manager", "/campanhas")).toBe("buyer");
    // Only whole path segments count.
    expect(navAreaFor("user", "/administrator")).toBe("buyer");
  });

  it("lists the spec's entries", () => {
    expect(buyerNav.map((item) => item.to)).toEqual([
      "/",
      "/campanhas",
      "/request-creative",
      "/user/analytics",
      "/team",
      "/reports",
      "/user/notes",
      "/user/payments",
      "/postbacks",
    ]);
    // The spec's seven, the team and the pivot report (issue 25), then the audit log (issue 10).
    expect(adminNav).toHaveLength(12);
    expect(adminNav.map((item) => item.to)).toContain("/postbacks");
    expect(adminNav.map((item) => item.to)).toContain("/team");
    expect(adminNav.map((item) => item.to)).toContain("/reports");
    expect(adminNav.at(-1)?.to).toBe("/admin/audit");
    expect(financialNav.map((item) => item.to)).toEqual([
      "/financial/dashboard",
      "/financial/analytics",
      "/team",
      "/financial/users",
      "/reports",
      "/financial/payments",
      "/reconciliation",
    ]);
  });
});

describe("the return path after sign-in", () => {
  it("keeps a path of this app with its query and hash", () => {
    expect(readNextPath("?next=%2Fuser%2Fnotes%3Fa%3D1%23x")).toBe("/user/notes?a=1#x");
    expect(loginPathFor("/user/notes?a=1#x")).toBe("/login?next=%2Fuser%2Fnotes%3Fa%3D1%23x");
    expect(loginPathFor("/")).toBe("/login");
  });

  it("refuses other origins and the auth screens", () => {
    for (const next of [
      "https://evil.test/",
      "//evil.test",
      "/\\evil.test",
      "javascript:alert(1)",
      "/login",
      "/register?x",
      "",
    ]) {
      expect(readNextPath(`?next=${encodeURIComponent(next)}`), next).toBeNull();
    }
    expect(readNextPath("")).toBeNull();
  });
});
