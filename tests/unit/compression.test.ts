import { describe, expect, it } from "vitest";
import { acceptsCompression } from "../../server/compression";

describe("acceptsCompression", () => {
  it("accepts gzip, deflate or any encoding a client names without q=0", () => {
    expect(acceptsCompression("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsCompression("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsCompression("DEFLATE")).toBe(true);
    expect(acceptsCompression("*")).toBe(true);
  });

  it("refuses a missing header, other encodings and q=0", () => {
    expect(acceptsCompression(undefined)).toBe(false);
    expect(acceptsCompression("")).toBe(false);
    expect(acceptsCompression("identity")).toBe(false);
    expect(acceptsCompression("br, zstd")).toBe(false);
    expect(acceptsCompression("gzip;q=0, identity")).toBe(false);
    expect(acceptsCompression("gzip; q=0.0")).toBe(false);
  });
});
