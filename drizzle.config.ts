import { defineConfig } from "drizzle-kit";

// Generates SQL migrations only; they are applied by the app at start (server/db/client.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
  casing: "snake_case",
});
