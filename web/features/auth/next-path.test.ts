import { describe, expect, it } from "vitest";
import { landingPathFor, readNextPath } from "./next-path";

describe("landingPathFor", () => {
  const buyer = { role: "user", twoFactorRequired: false, twoFactorEnabled: false } as const;
  const financial = { role: "financial", twoFactorRequired: true, twoFactorEnabled: false } as const;

  it("goes to ?next= when there is one, else to the role's home", () => {
    expect(landingPathFor(buyer, "/campanhas?tab=all")).toBe("/campanhas?tab=all");
    expect(landingPathFor(buyer, null)).toBe("/");
    expect(landingPathFor({ ...financial, twoFactorRequired: false }, null)).toBe("/financial/dashboard");
  });

  it("goes to /account, whatever ?next= asks, while the role's two-factor is not set up", () => {
    // The guard would send them there anyway; going straight there leaves no redirect to race.
    expect(landingPathFor(financial, "/financial/payments")).toBe("/account");
    expect(landingPathFor(financial, null)).toBe("/account");
    expect(landingPathFor({ ...financial, twoFactorEnabled: true }, "/financial/payments")).toBe(
      "/financial/payments",
    );
  });

  it("never takes ?next= to another origin or back to the sign-in screens", () => {
    expect(landingPathFor(buyer, readNextPath("?next=%2F%2Fevil.example"))).toBe("/");
    expect(landingPathFor(buyer, readNextPath("?next=%2Flogin"))).toBe("/");
  });
});
