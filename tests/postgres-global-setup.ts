import type { TestProject } from "vitest/node";
import { openDatabase } from "../server/db/client";
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  dropStaleTestDatabases,
  newTestDatabaseName,
} from "./postgres";

// Once per run of the api-postgres project: migrate a template database that every test file
// copies (tests/harness.ts), and drop it at the end.

declare module "vitest" {
  export interface ProvidedContext {
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  try {
    await dropStaleTestDatabases(baseUrl, 6 * 60 * 60 * 1000);
  } catch (error) {
    throw new Error(
      `PostgreSQL at ${baseUrl.replace(/\/\/[^@]*@/, "//***@")} is needed by the api-postgres project but does not answer: ${String(error)}`,
    );
  }
  const template = newTestDatabaseName("tpl");
  await createDatabase(baseUrl, template);
  try {
    // Two connections: migrate() holds one for its advisory lock and migrates through another.
    const database = await openDatabase({
      kind: "postgres",
      url: databaseUrl(baseUrl, template),
      poolSize: 2,
    });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  } catch (error) {
    await dropDatabase(baseUrl, template).catch(() => {});
    throw error;
  }
  project.provide("postgresTemplate", template);
  return async () => {
    await dropDatabase(baseUrl, template);
  };
}
