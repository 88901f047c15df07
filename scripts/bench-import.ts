// Benchmark of issue 11: preview and import of a 50,000-row CSV on PGlite (in a temporary folder,
// like the embedded default). Run: npx tsx scripts/bench-import.ts [rows]
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { addDays } from "../domain/periods";
import { openDatabase } from "../server/db/client";
import { commitImport, createPreviewStore, previewImport } from "../server/features/imports/imports.service";
import { createOffer, createUser } from "../tests/factories";

const rows = Number(process.argv[2] ?? 50_000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "placar-bench-import-"));
const database = await openDatabase({ kind: "pglite", dataDir });
try {
  await database.migrate();
  const db = database.db;
  const buyer = await createUser(db, { role: "user" });
  const offerNames: string[] = [];
  for (let i = 0; i < 20; i++) {
    const offer = await createOffer(db, { name: `Bench Offer ${i}`, payoutPerDeposit: "25.00" });
    offerNames.push(offer.name);
  }
  // 20 offers × 2,500 days: every (offer, day) once, semicolons and decimal commas.
  const lines = ["Data;Oferta;Gasto;Cliques;Instalações;Cadastros;Depósitos"];
  for (let i = 0; i < rows; i++) {
    const date = addDays("2019-01-01", Math.floor(i / offerNames.length));
    const [y, m, d] = date.split("-");
    lines.push(
      `${d}/${m}/${y};${offerNames[i % offerNames.length]};${(i % 997) + 10},${i % 100};${1000 + (i % 50)};${300};${40};${i % 7}`,
    );
  }
  const bytes = new TextEncoder().encode(lines.join("\r\n"));
  const actor = {
    id: buyer.id,
    email: buyer.email,
    name: buyer.name,
    role: "user" as const,
    managerId: null,
    language: null,
  };
  const store = createPreviewStore();

  const memoryBefore = process.memoryUsage().rss;
  let started = performance.now();
  const preview = await previewImport({ db, actor, store, file: { name: "bench.csv", bytes } });
  const previewMs = performance.now() - started;
  const memoryAfter = process.memoryUsage().rss;
  started = performance.now();
  const result = await commitImport({ db, actor, store, token: preview.token, duplicates: "skip" });
  const commitMs = performance.now() - started;
  process.stdout.write(
    `${JSON.stringify(
      {
        rows,
        fileMB: +(bytes.length / 1e6).toFixed(2),
        counts: preview.counts,
        previewMs: Math.round(previewMs),
        commitMs: Math.round(commitMs),
        totalMs: Math.round(previewMs + commitMs),
        rssGrowthMB: Math.round((memoryAfter - memoryBefore) / 1e6),
        result,
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
