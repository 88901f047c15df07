import { randomUUID } from "node:crypto";
import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../factories";
import { createTestContext, type TestContext } from "../harness";

// /api/openapi.json as other tools read it (issue 29): generated clients name their methods by
// operationId, and pick the cookie or the token from each operation's security. Redocly's
// recommended rules are the bar; the structural and behaviour checks below name the offender.

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

let ctx: TestContext;
let document: Document;
let operations: { key: string; method: string; path: string; operation: Operation }[];

beforeAll(async () => {
  ctx = await createTestContext();
  document = (await (await ctx.request("/api/openapi.json")).json()) as Document;
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
});

afterAll(async () => {
  await ctx?.close();
});

/** Warnings accepted, each for a reason outside the document's reach. */
const acceptedWarnings = new Set([
  // The test app's APP_URL is http://localhost:3100; a deployment's servers entry is its own address.
  "no-server-example.com",
  // The project declares no licence (package.json is private); naming one is the owners' decision.
  "info-license",
]);

const describeProblem = (p: NormalizedProblem) =>
  `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? "?"}: ${p.message}`;

describe("the OpenAPI document", () => {
  it("passes Redocly's recommended rules: no error, and no warning but the accepted ones", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: "openapi.json",
      config,
    });
    const found = problems.filter((p) => !(p.severity === "warn" && acceptedWarnings.has(p.ruleId)));
    expect(found.map(describeProblem), found.map(describeProblem).join("\n")).toEqual([]);
  });

  it("gives every operation a unique camelCase operationId, its security and 4xx answers with the error body", () => {
    const offenders: string[] = [];
    const ids = new Map<string, string>();
    for (const { key, operation } of operations) {
      const id = operation.operationId;
      if (!id || !/^[a-z][a-zA-Z0-9]*$/.test(id)) offenders.push(`${key}: no camelCase operationId (${id})`);
      else if (ids.has(id)) offenders.push(`${key}: operationId ${id} is also ${ids.get(id)}'s`);
      else ids.set(id, key);
      if (!Array.isArray(operation.security)) offenders.push(`${key}: no security`);
      const refusals = Object.entries(operation.responses ?? {}).filter(([code]) => /^4\d\d$/.test(code));
      if (refusals.length === 0) offenders.push(`${key}: no 4xx answer`);
      for (const [code, response] of refusals)
        if (response.content?.["application/json"]?.schema?.$ref !== "#/components/schemas/Error")
          offenders.push(`${key}: ${code} without the Error body`);
    }
    expect(offenders, offenders.join("\n")).toEqual([]);
    expect(operations.length).toBeGreaterThan(80);
  });

  it("declares the security the server enforces: none where anyone may call, a token only where one is accepted", async () => {
    const mismatches: string[] = [];
    for (const { key, method, path, operation } of operations) {
      const url = path.replace(/\{[^}]+\}/g, randomUUID());
      const security = operation.security ?? [];
      const anonymous = await ctx.request(url, { method });
      await anonymous.body?.cancel();
      if ((anonymous.status === 401) !== security.length > 0)
        mismatches.push(
          `${key}: security ${JSON.stringify(security)}, anonymous call answered ${anonymous.status}`,
        );
      const withToken = await ctx.request(url, {
        method,
        headers: { authorization: "Bearer plc_no-such-token" },
      });
      const code = ((await withToken.json()) as { error?: { code?: string } }).error?.code;
      const tokenDeclared = security.some((requirement) => "bearerToken" in requirement);
      if (code !== (tokenDeclared ? "invalid_token" : "token_not_allowed_here"))
        mismatches.push(`${key}: security ${JSON.stringify(security)}, an unknown token answered ${code}`);
    }
    expect(mismatches, mismatches.join("\n")).toEqual([]);
  });

  it("names the session cookie by the name the server reads", async () => {
    const { components } = (await (await ctx.request("/api/openapi.json")).json()) as {
      components: { securitySchemes: Record<string, { name?: string }> };
    };
    expect(components.securitySchemes).toMatchObject({
      sessionCookie: { type: "apiKey", in: "cookie" },
      bearerToken: { type: "http", scheme: "bearer" },
    });
    const name = components.securitySchemes.sessionCookie?.name;
    const buyer = await createUser(ctx.db, { role: "user" });
    const cookies = (await ctx.signIn(buyer.email, buyer.password)).split("; ");
    const session = cookies.find((pair) => pair.startsWith(`${name}=`));
    expect(session, `${name} among ${cookies.join(", ")}`).toBeDefined();
    expect((await ctx.request("/api/me", { cookie: session })).status).toBe(200);
  });
});
