// `npm run api:types`: writes web/lib/api-schema.d.ts, the types of every API operation, from the
// OpenAPI document the app serves at /api/openapi.json. The web's client (web/lib/api-client.ts)
// checks each call's path, parameters, body and answer against them; a test
// (tests/unit/api-types.test.ts) fails when the committed file no longer matches the document.
//
// The app is built in-process (no port, no server to start) on an empty in-memory database: the
// document depends on the routes only. openapi-typescript 6 writes the types as text; version 7
// needs TypeScript 5's compiler API, which TypeScript 7 (the project's) no longer ships.
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { type OpenAPI3 } from "openapi-typescript";
import { createApp } from "../server/app";
import { createAuth } from "../server/auth";
import { openDatabase } from "../server/db/client";
import { parseEnv } from "../server/env";
import { createLogger } from "../server/logger";
import { createRefusalAudit } from "../server/refusal-audit";

const root = path.resolve(import.meta.dirname, "..");
export const apiTypesFile = path.join(root, "web", "lib", "api-schema.d.ts");
export const apiTypesCommand = "npm run api:types";

/** The OpenAPI document as the app serves it. */
export async function servedOpenApiDocument(): Promise<OpenAPI3> {
  const env = parseEnv(
    {
      APP_URL: "http://localhost:3000",
      AUTH_SECRET: "placar-api-types-secret-0123456789-abcdefghij",
      DATA_DIR: path.join(root, "data", "api-types"),
      CAPTCHA_PROVIDER: "none",
      LOG_LEVEL: "silent",
    },
    { persistSecret: false },
  );
  const database = await openDatabase({ kind: "memory" });
  try {
    const logger = createLogger("silent");
    const mailer = { transport: "memory", send: () => Promise.resolve() } as const;
    const auth = createAuth({ env, db: database.db, mailer, logger });
    const refusals = createRefusalAudit({ db: database.db, logger, intervalMs: 0 });
    // No built web app is needed: the document is all this app is asked for.
    const app = createApp({ env, database, logger, mailer, auth, refusals }, { webRoot: os.tmpdir() });
    const response = await app.fetch(new Request(new URL("/api/openapi.json", env.appUrl)));
    if (!response.ok) throw new Error(`/api/openapi.json answered ${response.status}`);
    return (await response.json()) as OpenAPI3;
  } finally {
    await database.close();
  }
}

/** The file's text for a document: openapi-typescript's output under a header naming the command. */
export async function renderApiTypes(document: OpenAPI3): Promise<string> {
  return openapiTS(document, {
    silent: true,
    // A file upload's part (format: binary) is a Blob in the browser, not a string.
    transform: (schema) => (schema.format === "binary" ? "Blob" : undefined),
    commentHeader:
      "/**\n * Generated from the served /api/openapi.json by `npm run api:types` (scripts/api-types.ts).\n" +
      " * Do not edit: change the routes' schemas and run the command again.\n */\n\n",
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = await renderApiTypes(await servedOpenApiDocument());
  writeFileSync(apiTypesFile, text);
  process.stdout.write(`Wrote ${path.relative(root, apiTypesFile)}\n`);
}
