import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { operationAccess } from "../../domain/permissions";
import { authorizationDocPath, renderAuthorizationDoc } from "../authorization-doc";
import { authorizationMatrix } from "../authorization-matrix";

describe("docs/authorization.md", () => {
  it("is the rendering of tests/authorization-matrix.ts (npx tsx tests/authorization-doc.ts --write)", () => {
    expect(readFileSync(authorizationDocPath, "utf8")).toBe(renderAuthorizationDoc());
  });

  it("has a row for every operation that domain/permissions.ts guards", () => {
    expect(Object.keys(authorizationMatrix).sort()).toEqual(Object.keys(operationAccess).sort());
  });
});
