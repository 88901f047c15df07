import { describe, expect, it } from "vitest";
import { acceptsCompression, chosenEncoding } from "../../server/compression";

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

describe("chosenEncoding", () => {
  it("picks the preferred of gzip and deflate (gzip on a tie), and never one named with q=0", () => {
    expect(chosenEncoding("gzip, deflate, br")).toBe("gzip");
    expect(chosenEncoding("gzip;q=0.5, deflate")).toBe("deflate");
    expect(chosenEncoding("*")).toBe("gzip");
    expect(chosenEncoding("gzip;q=0, *")).toBe("deflate");
    expect(chosenEncoding("gzip;q=0, deflate;q=0, *")).toBeNull();
    expect(chosenEncoding("br")).toBeNull();
  });
});
