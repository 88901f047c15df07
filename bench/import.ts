import { loadavg } from "node:os";
import { eq } from "drizzle-orm";
import { addDays } from "../domain/periods";
import type { Db } from "../server/db/client";
import {
  type CreatedUser,
  createUser,
  type GeneratorOffer,
  iterateCampaignRows,
  type OfferRow,
} from "../server/db/factories";
import { users } from "../server/db/schema";
import { takeFirst } from "./dataset";
import { readRss, sampleRss } from "./server";

// Issue 11's import at its target size: a spreadsheet export of daily results (semicolons, decimal
// commas, day-first dates, BOM and CRLF, as Excel writes "CSV (;)"), previewed and committed over
// HTTP against the built server, with the server's resident memory sampled throughout.

export type ImportFixture = {
  importer: CreatedUser;
  rows: number;
  csv: Uint8Array<ArrayBuffer>;
};

export type ImportBenchResult = {
  rows: number;
  fileBytes: number;
  counts: { ok: number; duplicate: number; error: number };
  previewMs: number;
  /** One more page of the preview (page 2, 50 rows), as the screen asks for it. */
  pageMs: number;
  commitMs: number;
  added: number;
  replaced: number;
  skipped: number;
  rssBeforeMb: number;
  previewPeakRssMb: number;
  commitPeakRssMb: number;
  loadAvgBefore: number;
  loadAvgAfter: number;
};

const brDate = (iso: string) => iso.split("-").reverse().join("/");
const decimalComma = (money: string) => money.replace(".", ",");

/**
 * A buyer without campaigns and a file of `rows` distinct (offer, day) rows for them, from the
 * factories' campaign generator over the offers everybody sees. Runs before the server starts
 * (PGlite allows one process per folder).
 */
export async function prepareImport(
  db: Db,
  options: {
    offers: readonly OfferRow[];
    rows: number;
    endDate: string;
    password: string;
    /** Extra columns Placar does not map, as tracker exports have (sub ids, campaign ids, costs in other currencies). */
    extraColumns?: number;
  },
): Promise<ImportFixture> {
  const extra = options.extraColumns ?? 0;
  // A reused (--keep) database has the importer from the run that made it; that run's cleanup
  // removed its campaigns, so it starts again without any.
  const email = "importer@bench.test";
  const [kept] = await db.select().from(users).where(eq(users.email, email));
  const importer = kept
    ? { ...kept, password: options.password }
    : await createUser(db, { role: "user", email, password: options.password });
  // Offers everybody sees, under a name no other offer has (a shared name is flagged ambiguous).
  const nameCount = new Map<string, number>();
  for (const offer of options.offers) nameCount.set(offer.name, (nameCount.get(offer.name) ?? 0) + 1);
  const offers = options.offers.filter((offer) => offer.visibleToAll && nameCount.get(offer.name) === 1);
  const nameById = new Map(offers.map((offer) => [offer.id, offer.name]));
  const generatorOffers: GeneratorOffer[] = offers.map((o) => ({
    id: o.id,
    payoutPerDeposit: o.payoutPerDeposit,
  }));
  const extraHeaders = Array.from({ length: extra }, (_, i) => `;Sub ID ${i + 1}`).join("");
  const lines = [`Data;Oferta;Gasto (R$);Cliques;Instalações;Cadastros;Depósitos${extraHeaders}`];
  // Each buyer works an offer on most days of a window: widen the range until there are enough rows.
  for (let days = 2000; lines.length <= options.rows; days *= 2) {
    lines.length = 1;
    const generated = iterateCampaignRows({
      buyers: [{ id: importer.id, managerId: null, offerIds: generatorOffers.map((o) => o.id) }],
      offers: generatorOffers,
      days,
      endDate: addDays(options.endDate, -1),
      seed: 11,
      offersPerBuyer: [generatorOffers.length, generatorOffers.length],
    });
    for (const row of takeFirst(generated, options.rows)) {
      lines.push(
        [
          brDate(row.date),
          nameById.get(row.offerId ?? "") ?? "",
          decimalComma(row.spent ?? "0"),
          row.clicks ?? 0,
          row.installations ?? 0,
          row.registrations ?? 0,
          row.deposits ?? 0,
          ...Array.from(
            { length: extra },
            (_, i) => `sub-${i}-${lines.length.toString(36)}-${row.clicks ?? 0}`,
          ),
        ].join(";"),
      );
    }
  }
  const csv = new TextEncoder().encode(`\uFEFF${lines.join("\r\n")}\r\n`);
  return { importer, rows: lines.length - 1, csv };
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Uploads the file, reads one more page and commits, timing each step and sampling the server's RSS. */
export async function measureImport(
  server: { url: string; pid: number },
  cookie: string,
  fixture: ImportFixture,
): Promise<ImportBenchResult> {
  const headers = { cookie, origin: server.url };
  const loadAvgBefore = loadavg()[0] ?? 0;
  const rssBefore = readRss(server.pid);

  let rss = sampleRss(server.pid, 20);
  let started = performance.now();
  const form = new FormData();
  form.set("file", new Blob([fixture.csv], { type: "text/csv" }), "resultados.csv");
  const preview = (await expectOk(
    await fetch(`${server.url}/api/imports/preview`, { method: "POST", headers, body: form }),
    "The preview",
  )) as { token: string; counts: ImportBenchResult["counts"] };
  const previewMs = performance.now() - started;
  started = performance.now();
  await expectOk(
    await fetch(`${server.url}/api/imports/preview/${preview.token}?page=2&pageSize=50`, { headers }),
    "A preview page",
  );
  const pageMs = performance.now() - started;
  const previewPeak = rss.stop();

  rss = sampleRss(server.pid, 20);
  started = performance.now();
  const result = (await expectOk(
    await fetch(`${server.url}/api/imports`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ token: preview.token, duplicates: "skip" }),
    }),
    "The commit",
  )) as { added: number; replaced: number; skipped: number };
  const commitMs = performance.now() - started;
  const commitPeak = rss.stop();

  return {
    rows: fixture.rows,
    fileBytes: fixture.csv.byteLength,
    counts: preview.counts,
    previewMs,
    pageMs,
    commitMs,
    ...result,
    rssBeforeMb: rssBefore / 1024 / 1024,
    previewPeakRssMb: previewPeak / 1024 / 1024,
    commitPeakRssMb: commitPeak / 1024 / 1024,
    loadAvgBefore,
    loadAvgAfter: loadavg()[0] ?? 0,
  };
}

/** One line of the report. */
export function describeImport(r: ImportBenchResult): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return (
    `Import: ${r.rows.toLocaleString("en")} rows (${(r.fileBytes / 1e6).toFixed(1)} MB CSV; ` +
    `${r.counts.ok} ok, ${r.counts.duplicate} duplicate, ${r.counts.error} error): preview ${s(r.previewMs)}, ` +
    `next page ${r.pageMs.toFixed(0)} ms, commit ${s(r.commitMs)}, ${s(r.previewMs + r.commitMs)} in all ` +
    `(budget 30 s: ${r.previewMs + r.commitMs <= 30_000 ? "met" : "**missed**"}); ` +
    `${r.added} added, ${r.replaced} replaced, ${r.skipped} skipped; server RSS ${r.rssBeforeMb.toFixed(0)} MB before, ` +
    `peak ${r.previewPeakRssMb.toFixed(0)} MB during the preview, ${r.commitPeakRssMb.toFixed(0)} MB during the commit; ` +
    `load average ${r.loadAvgBefore.toFixed(1)} → ${r.loadAvgAfter.toFixed(1)}.`
  );
}
