import { describe, expect, it } from "vitest";
import { totp } from "../totp";

// The test helper against RFC 6238's own test vectors (SHA-1, secret "12345678901234567890"),
// which give 8 digits; the last 6 are what a 6-digit authenticator shows.
const rfcSecret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"; // base32 of "12345678901234567890"

describe("totp test helper", () => {
  it.each([
    [59, "287082"],
    [1111111109, "081804"],
    [1111111111, "050471"],
    [1234567890, "005924"],
    [2000000000, "279037"],
  ])("matches RFC 6238 at T=%i", (seconds, code) => {
    expect(totp(rfcSecret, { at: seconds * 1000 })).toBe(code);
  });
});
