import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  apiTypesCommand,
  apiTypesFile,
  renderApiTypes,
  servedOpenApiDocument,
} from "../../scripts/api-types";

// The web's typed client (web/lib/api.ts) checks every call against web/lib/api-schema.d.ts. That
// file is generated from the document the app serves; a route whose schema changed without the
// file being regenerated would let the web call the old shape with no type error.

describe("the web's API types", () => {
  it("match the served OpenAPI document", { timeout: 60_000 }, async () => {
    const expected = await renderApiTypes(await servedOpenApiDocument());
    const committed = readFileSync(apiTypesFile, "utf8");
    if (committed !== expected) {
      const committedLines = committed.split("\n");
      const expectedLines = expected.split("\n");
      const line = expectedLines.findIndex((text, i) => text !== committedLines[i]);
      expect.fail(
        `web/lib/api-schema.d.ts is out of date with /api/openapi.json (first difference at line ${line + 1}: ` +
          `expected ${JSON.stringify(expectedLines[line])}, found ${JSON.stringify(committedLines[line])}). ` +
          `Run \`${apiTypesCommand}\` and commit the file.`,
      );
    }
  });

  it("type a file upload's part as a Blob, as the browser sends it", async () => {
    const text = await renderApiTypes({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/upload": {
          post: {
            requestBody: {
              content: {
                "multipart/form-data": {
                  schema: {
                    type: "object",
                    required: ["file"],
                    properties: { file: { type: "string", format: "binary" } },
                  },
                },
              },
            },
            responses: { 200: { description: "ok" } },
          },
        },
      },
    });
    expect(text).toMatch(/file: Blob;/);
  });
});
