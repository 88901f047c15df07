import { readFileSync } from "node:fs";
import { type Report, renderMarkdown } from "./report";

// Renders a saved run's markdown again: npx tsx bench/render.ts bench/results/<date>-<db>.json
const file = process.argv[2];
if (!file) throw new Error("Usage: tsx bench/render.ts bench/results/<date>-<database>.json");
console.info(renderMarkdown(JSON.parse(readFileSync(file, "utf8")) as Report));
