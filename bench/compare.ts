import { readFileSync } from "node:fs";
import { comparePgliteWithPostgres, type Report, renderPgliteComparison } from "./report";

// The PGlite budget of issue 9 (p95 ≤ 3× the PostgreSQL figures), from two saved runs:
// npx tsx bench/compare.ts bench/results/<date>-pglite.json bench/results/<date>-postgres.json
const [pgliteFile, postgresFile] = process.argv.slice(2);
if (!pgliteFile || !postgresFile)
  throw new Error("Usage: tsx bench/compare.ts <pglite run>.json <postgresql run>.json");
const read = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Report;
const pglite = read(pgliteFile);
const postgres = read(postgresFile);
if (pglite.database !== "pglite" || postgres.database !== "postgres")
  throw new Error("The first file must be a PGlite run and the second a PostgreSQL run.");
console.info(renderPgliteComparison(comparePgliteWithPostgres(pglite, postgres)));
