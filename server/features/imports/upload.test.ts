import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { receiveUpload } from "./upload";

// The multipart upload streamed to a temporary file: fields in any order, a size limit that stops
// the upload as soon as it is crossed, and no file left behind.

function formRequest(parts: [string, string | Blob, string?][]): Request {
  const form = new FormData();
  for (const [name, value, fileName] of parts) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, fileName);
  }
  return new Request("http://localhost/upload", { method: "POST", body: form });
}

const options = { fileField: "file", fieldNames: ["mapping", "userId"], maxFileBytes: 1000 };

describe("receiving an upload", () => {
  it("writes the file to disk and keeps the named fields, before or after the file", async () => {
    const upload = await receiveUpload(
      formRequest([
        ["mapping", '{"date":"Dia"}'],
        ["file", new Blob(["Dia;Oferta\r\n01/10/2026;Fortuna\r\n"]), "resultados.csv"],
        ["userId", "u1"],
        ["ignored", "x"],
      ]),
      options,
    );
    expect(upload.fields).toEqual({ mapping: '{"date":"Dia"}', userId: "u1" });
    expect(upload.file).toMatchObject({ name: "resultados.csv", bytes: 32 });
    expect(readFileSync(upload.file!.path, "utf8")).toBe("Dia;Oferta\r\n01/10/2026;Fortuna\r\n");
    await upload.cleanup();
    expect(existsSync(upload.file!.path)).toBe(false);
  });

  it("answers 413 past the limit and 400 for a body that is not a form", async () => {
    await expect(
      receiveUpload(formRequest([["file", new Blob([new Uint8Array(1001)]), "big.csv"]]), options),
    ).rejects.toMatchObject({ code: "payload_too_large", status: 413 });
    const exact = await receiveUpload(
      formRequest([["file", new Blob([new Uint8Array(1000)]), "ok.csv"]]),
      options,
    );
    expect(exact.file?.bytes).toBe(1000);
    await exact.cleanup();
    await expect(
      receiveUpload(new Request("http://localhost/upload", { method: "POST", body: "file=x" }), options),
    ).rejects.toMatchObject({ status: 400, fields: { file: "required" } });
    const broken = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nunterminated',
    });
    await expect(receiveUpload(broken, options)).rejects.toMatchObject({ status: 400 });
  });

  it("answers 400 for a text field over 64 KB", async () => {
    await expect(
      receiveUpload(
        formRequest([
          ["mapping", "x".repeat(70_000)],
          ["file", new Blob(["a"]), "a.csv"],
        ]),
        options,
      ),
    ).rejects.toMatchObject({ status: 400, fields: { mapping: "too_long" } });
  });
});
