import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationAccess } from "../../domain/permissions";
import {
  type Operation,
  openOperationWorld,
  operationCalls,
  readOperations,
  type World,
} from "../api-operations";
import { authorizationMatrix, type Expectation, type Subject, subjects } from "../authorization-matrix";

// Calls every operation of /api/openapi.json as every subject, with real sessions, and compares the
// answer with tests/authorization-matrix.ts. Objects belong to "the buyer", so the other buyer and
// the other team lead probe object-level checks by id. Operations that change or delete their
// target get a fresh one per call (tests/api-operations.ts), so every subject meets the same state.

let world: World;
let operations: Operation[];
const calls = operationCalls;

/** What the matrix calls the answer: "ok" for any 2xx, otherwise the status code. */
function classify(status: number): Expectation {
  return status >= 200 && status < 300 ? "ok" : (status as Expectation);
}

beforeAll(async () => {
  world = await openOperationWorld();
  operations = await readOperations(world.ctx);
});
afterAll(async () => world?.ctx.close());

describe("authorization matrix", () => {
  it("lists every operation of the OpenAPI document, and nothing else", () => {
    const documented = operations.map((operation) => operation.key).sort();
    expect(Object.keys(authorizationMatrix).sort()).toEqual(documented);
    expect(Object.keys(calls).sort()).toEqual(documented);
    expect(Object.keys(operationAccess).sort()).toEqual(documented);
  });

  it("answers every operation, for every subject, as the matrix says", async () => {
    const actual: Record<string, Record<Subject, Expectation>> = {};
    const mismatches: string[] = [];
    for (const operation of operations) {
      const row = {} as Record<Subject, Expectation>;
      for (const subject of subjects) {
        const prepare = calls[operation.key];
        if (!prepare) continue;
        const call = await prepare(world);
        const response = await world.ctx.request(call.path, {
          method: operation.method,
          ...(subject === "anonymous" ? {} : { cookie: world.cookies.get(subject) }),
          ...(call.json !== undefined ? { json: call.json } : {}),
          ...(call.body !== undefined ? { body: call.body } : {}),
        });
        // Release the body (an SSE stream would otherwise stay open).
        await response.body?.cancel();
        row[subject] = classify(response.status);
        const expected = authorizationMatrix[operation.key]?.[subject];
        if (expected !== undefined && expected !== row[subject])
          mismatches.push(`${operation.key} as ${subject}: expected ${expected}, got ${row[subject]}`);
      }
      actual[operation.key] = row;
    }
    // AUTHZ_RECORD=file writes the answers, to review them when the matrix changes on purpose.
    if (process.env.AUTHZ_RECORD) writeFileSync(process.env.AUTHZ_RECORD, JSON.stringify(actual, null, 1));
    expect(mismatches).toEqual([]);
  });

  it("refuses a caller the role rules out before it looks at the input", async () => {
    // A bad body and a bad query string must not turn a 401/403 into a 400.
    const mismatches: string[] = [];
    let checked = 0;
    for (const operation of operations) {
      const call = await calls[operation.key]?.(world);
      if (!call) continue;
      for (const subject of subjects) {
        const expected = authorizationMatrix[operation.key]?.[subject];
        if (expected !== 401 && expected !== 403) continue;
        const separator = call.path.includes("?") ? "&" : "?";
        const response = await world.ctx.request(
          `${call.path}${separator}month=13-2024&page=-1&from=not-a-date&limit=x`,
          {
            method: operation.method,
            ...(subject === "anonymous" ? {} : { cookie: world.cookies.get(subject) }),
            ...(operation.method === "GET" ? {} : { json: { unexpected: ["not", "valid"] } }),
          },
        );
        await response.body?.cancel();
        checked += 1;
        if (response.status !== expected)
          mismatches.push(`${operation.key} as ${subject}: expected ${expected}, got ${response.status}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});
