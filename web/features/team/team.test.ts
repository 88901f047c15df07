import { describe, expect, it } from "vitest";
import { navFor } from "@/components/layout/navigation";
import { analyticsPath, dashboardPath } from "./components/team-screen";

describe("team screen links and nav", () => {
  it("opens the buyer's analytics for the same range, and their campaigns", () => {
    expect(analyticsPath("u1", { period: "7d" })).toBe("/user/analytics?userId=u1&period=7d");
    expect(analyticsPath("u 2", { period: "custom", from: "2026-10-01", to: "2026-10-31" })).toBe(
      "/user/analytics?userId=u+2&period=custom&from=2026-10-01&to=2026-10-31",
    );
    expect(dashboardPath("u1")).toBe("/?userId=u1");
  });

  it("lists /team for team leads, financial users and admins, not for buyers", () => {
    const hasTeam = (role: Parameters<typeof navFor>[0]) =>
      navFor(role, "/").items.some((item) => item.to === "/team");
    expect(hasTeam("manager")).toBe(true);
    expect(hasTeam("financial")).toBe(true);
    expect(hasTeam("admin")).toBe(true);
    expect(hasTeam("user")).toBe(false);
  });
});
