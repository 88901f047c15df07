import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../domain/periods";
import { createTestContext, type TestContext } from "../../../tests/harness";
import { type CreatedUser, createCampaign, createOffer, createUser, type OfferRow } from "../../db/factories";
import { campaigns, importMappings, importPreviewRows, importPreviews, offers } from "../../db/schema";
import { previewImport, purgeExpiredImportPreviews } from "./imports.service";

let ctx: TestContext;
let admin: CreatedUser;
let buyerA: CreatedUser;
let buyerB: CreatedUser;
let financial: CreatedUser;
let lead: CreatedUser;
let fortuna: OfferRow;
let hidden: OfferRow;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: "admin" });
  lead = await createUser(ctx.db, { role: "manager" });
  buyerA = await createUser(ctx.db, { role: "user", managerId: lead.id });
  buyerB = await createUser(ctx.db, { role: "user" });
  financial = await createUser(ctx.db, { role: "financial" });
  for (const user of [admin, lead, buyerA, buyerB, financial]) {
    cookies[user.id] = await ctx.signIn(user.email, user.password);
  }
  fortuna = await createOffer(ctx.db, { name: "Fortuna BR", payoutPerDeposit: "30.00" });
  hidden = await createOffer(ctx.db, { name: "Hidden Offer", visibleToAll: false, assignTo: [buyerB.id] });
});

afterAll(async () => {
  await ctx?.close();
});

// A minimal XLSX (stored ZIP, inline strings, one date-formatted column), so the reader is tested on
// a real workbook without a spreadsheet writer dependency.
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function zipStored(files: Record<string, string>): Uint8Array<ArrayBuffer> {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text, "utf8");
    const nameBytes = Buffer.from(name, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    chunks.push(local, nameBytes, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = central.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...chunks, ...central, end]));
}
function buildXlsx(rows: (string | number | { date: number })[][]): Uint8Array<ArrayBuffer> {
  const cell = (value: string | number | { date: number }, ref: string) =>
    typeof value === "string"
      ? `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`
      : typeof value === "number"
        ? `<c r="${ref}"><v>${value}</v></c>`
        : `<c r="${ref}" s="1"><v>${value.date}</v></c>`;
  const sheet = rows
    .map(
      (row, i) =>
        `<row r="${i + 1}">${row.map((value, j) => cell(value, `${String.fromCharCode(65 + j)}${i + 1}`)).join("")}</row>`,
    )
    .join("");
  const ns = "http://schemas.openxmlformats.org";
  return zipStored({
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Resultados" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${ns}/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    "xl/styles.xml": `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${ns}/spreadsheetml/2006/main"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    "xl/worksheets/sheet1.xml": `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheet}</sheetData></worksheet>`,
  });
}

type Upload = {
  text?: string;
  bytes?: Uint8Array<ArrayBuffer>;
  name?: string;
  mapping?: unknown;
  userId?: string;
};

async function preview(user: CreatedUser, upload: Upload) {
  const form = new FormData();
  const content = upload.bytes ?? new TextEncoder().encode(upload.text ?? "");
  form.set("file", new File([content], upload.name ?? "results.csv", { type: "text/csv" }));
  if (upload.mapping !== undefined) form.set("mapping", JSON.stringify(upload.mapping));
  if (upload.userId) form.set("userId", upload.userId);
  return ctx.request("/api/imports/preview", { method: "POST", cookie: cookies[user.id], body: form });
}

async function previewOk(user: CreatedUser, upload: Upload) {
  const response = await preview(user, upload);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

async function commit(user: CreatedUser, token: string, duplicates?: "skip" | "replace") {
  return ctx.request("/api/imports", {
    method: "POST",
    cookie: cookies[user.id],
    json: { token, ...(duplicates ? { duplicates } : {}) },
  });
}

async function campaignsOf(userId: string) {
  return ctx.db
    .select({ date: campaigns.date, spent: campaigns.spent, depositPayment: campaigns.depositPayment })
    .from(campaigns)
    .where(eq(campaigns.creatorId, userId))
    .orderBy(campaigns.date);
}

describe("mapping guesses", () => {
  it("recognizes a pt-BR spreadsheet export with semicolons and decimal commas", async () => {
    const body = await previewOk(buyerA, {
      text: "\uFEFFData;Oferta;Gasto (R$);Cliques;Instalações;Cadastros;Depósitos\r\n01/10/2026;Fortuna BR;1.234,50;2.000;300;40;5\r\n",
    });
    expect(body.mapping).toEqual({
      date: "Data",
      offer: "Oferta",
      spent: "Gasto (R$)",
      clicks: "Cliques",
      installations: "Instalações",
      registrations: "Cadastros",
      deposits: "Depósitos",
      revenue: null,
    });
    expect(body.rows[0]).toMatchObject({
      line: 2,
      status: "ok",
      values: {
        date: "2026-10-01",
        offerName: "Fortuna BR",
        spent: "1234.50",
        clicks: 2000,
        revenue: "150.00",
      },
      metrics: { profit: "-1084.50", roi: "-87.8493", epc: "0.0750" },
    });
  });

  it("recognizes a Russian export and an English tracker export", async () => {
    const ru = await previewOk(buyerA, {
      text: "Дата,Оффер,Расход,Клики,Установки,Регистрации,Депозиты,Доход\n2026-10-02,Fortuna BR,10.5,100,10,5,1,42\n",
    });
    expect(ru.mapping).toMatchObject({ date: "Дата", offer: "Оффер", spent: "Расход", revenue: "Доход" });
    expect(ru.rows[0].values).toMatchObject({ spent: "10.50", revenue: "42.00" });

    const keitaro = await previewOk(buyerA, {
      text: 'Day,Campaign,Clicks,Installs,Leads,Sales,Cost,Revenue\n2026-10-03 00:00:00,Fortuna BR,"1,000",50,20,2,"1,250.00",60\n',
    });
    expect(keitaro.mapping).toEqual({
      date: "Day",
      offer: "Campaign",
      spent: "Cost",
      clicks: "Clicks",
      installations: "Installs",
      registrations: "Leads",
      deposits: "Sales",
      revenue: "Revenue",
    });
    expect(keitaro.rows[0].values).toMatchObject({ date: "2026-10-03", clicks: 1000, spent: "1250.00" });
  });

  it("reads Windows-1252 text", async () => {
    const text = "Data;Oferta;Gasto;Instalações\n05/10/2026;Fortuna BR;1,5;3\n";
    const bytes = Uint8Array.from([...text].map((ch) => ch.charCodeAt(0)));
    const body = await previewOk(buyerA, { bytes });
    expect(body.headers).toContain("Instalações");
    expect(body.rows[0].values).toMatchObject({ spent: "1.50", installations: 3 });
  });

  it("reads an XLSX workbook with real date cells and numbers", async () => {
    // 46327 is 2026-11-01 in Excel's day count.
    const bytes = buildXlsx([
      ["Date", "Offer", "Cost", "Clicks", "Deposits"],
      [{ date: 46327 }, "Fortuna BR", 12.5, 1000, 2],
      ["02/11/2026", "Fortuna BR", 7, 10, 0],
    ]);
    const body = await previewOk(buyerA, { bytes, name: "tracker.xlsx" });
    expect(body.rows.map((r: { values: unknown }) => r.values)).toEqual([
      expect.objectContaining({ date: "2026-11-01", spent: "12.50", clicks: 1000, revenue: "60.00" }),
      expect.objectContaining({ date: "2026-11-02", spent: "7.00" }),
    ]);
  });

  it("takes a corrected mapping and remembers it after an import", async () => {
    const text = "Quando;Oferta;Custo;Depósitos\n06/10/2026;Fortuna BR;7,00;1\n";
    const guessed = await previewOk(buyerA, { text });
    expect(guessed.mapping.date).toBeNull();
    expect(guessed.rows[0].problems).toEqual([{ code: "bad_date", field: "date" }]);
    const fixed = await previewOk(buyerA, {
      text,
      mapping: { ...guessed.mapping, date: "Quando" },
    });
    expect(fixed.rows[0].status).toBe("ok");
    expect((await commit(buyerA, fixed.token)).status).toBe(200);
    const [stored] = await ctx.db.select().from(importMappings).where(eq(importMappings.userId, buyerA.id));
    expect(stored?.mapping).toMatchObject({ date: "Quando", spent: "Custo" });
    const again = await previewOk(buyerA, { text: "Quando;Oferta;Custo\n07/10/2026;Fortuna BR;1\n" });
    expect(again.mapping.date).toBe("Quando");
  });

  it("refuses a mapping to a column that is not in the file", async () => {
    const response = await preview(buyerA, { text: "Date,Offer\n2026-10-01,x\n", mapping: { date: "Nope" } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual({ "mapping.date": "invalid_option" });
  });
});

describe("per-row problems", () => {
  it("flags every kind of bad row with a code and pages the preview", async () => {
    await createCampaign(ctx.db, {
      creatorId: buyerB.id,
      offerId: fortuna.id,
      date: "2026-09-01",
      spent: "1.00",
    });
    const text = [
      "Date,Offer,Cost,Clicks,Installs,Registrations,Deposits",
      "2026-09-01,Fortuna BR,5,1,0,0,0", // already logged → duplicate
      "2026-09-02,Fortuna BR,5,1,0,0,0", // ok
      "2026-09-02,Fortuna BR,6,1,0,0,0", // repeats line 3
      "2026-09-03,Unknown Offer,5,1,0,0,0",
      `2026-09-04,${hidden.name},5,1,0,0,0`, // visible to buyer B only → fine for B
      "31/02/2026,Fortuna BR,5,1,0,0,0",
      "2026-09-05,Fortuna BR,-5,1,0,0,0",
      "2026-09-06,Fortuna BR,5,many,0,0,0",
      "2026-09-07,,5,1,0,0,0",
      "2026-09-08,Fortuna BR,1000000000000,1,0,0,0",
      "2026-09-09,Fortuna BR,5,1,1.5,0,0",
      "2026-09-10,Fortuna BR,5.123,1,0,0,0",
    ].join("\n");
    const body = await previewOk(buyerB, { text });
    const codes = body.rows.map((r: { line: number; status: string; problems: { code: string }[] }) => [
      r.line,
      r.status,
      r.problems.map((p) => p.code),
    ]);
    expect(codes).toEqual([
      [2, "duplicate", ["duplicate_existing"]],
      [3, "ok", []],
      [4, "error", ["duplicate_in_file"]],
      [5, "error", ["unknown_offer"]],
      [6, "ok", []],
      [7, "error", ["bad_date"]],
      [8, "error", ["negative_number"]],
      [9, "error", ["not_a_number"]],
      [10, "error", ["missing_offer"]],
      [11, "error", ["too_large"]],
      [12, "error", ["not_integer"]],
      [13, "error", ["too_many_decimals"]],
    ]);
    expect(body.counts).toEqual({ ok: 2, duplicate: 1, error: 9 });

    // The same offer is not visible to buyer A.
    const forA = await previewOk(buyerA, { text: `Date,Offer,Cost\n2026-09-04,${hidden.name},5\n` });
    expect(forA.rows[0].problems).toEqual([{ code: "offer_not_visible", field: "offer" }]);

    const page = await ctx.request(`/api/imports/preview/${body.token}?page=2&pageSize=2&status=error`, {
      cookie: cookies[buyerB.id],
    });
    expect(page.status).toBe(200);
    const second = await page.json();
    expect(second.total).toBe(9);
    expect(second.rows.map((r: { line: number }) => r.line)).toEqual([7, 8]);

    // Another user cannot read or commit the preview.
    const stolen = await ctx.request(`/api/imports/preview/${body.token}`, { cookie: cookies[buyerA.id] });
    expect(stolen.status).toBe(404);
    expect((await commit(buyerA, body.token)).status).toBe(404);
  });

  it("refuses to guess between two offers with the same name", async () => {
    const buyer = await createUser(ctx.db, { role: "user" });
    cookies[buyer.id] = await ctx.signIn(buyer.email, buyer.password);
    const first = await createOffer(ctx.db, { name: "Twin Casino" });
    const second = await createOffer(ctx.db, { name: "Twin Casino" });
    const body = await previewOk(buyer, {
      text: `Date,Offer,Cost\n2026-09-01,Twin Casino,1\n2026-09-01,${second.id},1\n2026-09-02,${first.id},1\n`,
    });
    expect(
      body.rows.map((r: { problems: unknown[]; values: { offerId: string } | null }) => [
        r.problems,
        r.values?.offerId,
      ]),
    ).toEqual([
      [[{ code: "ambiguous_offer", field: "offer" }], undefined],
      [[], second.id],
      [[], first.id],
    ]);
  });

  it("keeps the cells as read, without characters the database cannot hold", async () => {
    const body = await previewOk(buyerA, { text: "Date,Offer,Cost\n2026-09-0\u00001,Fortuna BR,1\u0000\n" });
    expect(body.rows[0]).toMatchObject({ status: "ok", values: { date: "2026-09-01", spent: "1.00" } });
  });

  it("refuses a file of more than 50,000 rows and keeps nothing of it", async () => {
    const buyer = await createUser(ctx.db, { role: "user" });
    cookies[buyer.id] = await ctx.signIn(buyer.email, buyer.password);
    const text = `Date,Offer\n${"2026-01-01,x\n".repeat(50_001)}`;
    const [rowsBefore] = await ctx.db.select({ n: count() }).from(importPreviewRows);
    const response = await preview(buyer, { text });
    expect(response.status).toBe(422);
    expect((await response.json()).error).toMatchObject({
      code: "import_too_many_rows",
      fields: { file: "import_too_many_rows" },
    });
    const [left] = await ctx.db
      .select({ n: count() })
      .from(importPreviews)
      .where(eq(importPreviews.actorId, buyer.id));
    expect(Number(left?.n)).toBe(0);
    const [rowsAfter] = await ctx.db.select({ n: count() }).from(importPreviewRows);
    expect(Number(rowsAfter?.n)).toBe(Number(rowsBefore?.n));
  });

  it("refuses too many rows while reading when the first scan could not count them", async () => {
    // Rows without an ASCII letter or digit escape the byte scan; the reader still stops at the limit.
    const dir = mkdtempSync(path.join(tmpdir(), "placar-import-test-"));
    const file = path.join(dir, "rows.csv");
    writeFileSync(file, `Date,Offer\n${"é,é\n".repeat(6)}`);
    const buyer = await createUser(ctx.db, { role: "user" });
    const actor = {
      id: buyer.id,
      email: buyer.email,
      name: buyer.name,
      role: "user" as const,
      managerId: null,
      language: null,
    };
    try {
      const [rowsBefore] = await ctx.db.select({ n: count() }).from(importPreviewRows);
      await expect(
        previewImport({
          db: ctx.db,
          actor,
          file: { name: "rows.csv", path: file, bytes: 100 },
          maxRows: 5,
          timeZone: "America/Sao_Paulo",
        }),
      ).rejects.toMatchObject({ reason: "import_too_many_rows" });
      const [rowsAfter] = await ctx.db.select({ n: count() }).from(importPreviewRows);
      expect(Number(rowsAfter?.n)).toBe(Number(rowsBefore?.n));
      expect(await ctx.db.select().from(importPreviews).where(eq(importPreviews.actorId, buyer.id))).toEqual(
        [],
      );
      const five = await previewImport({
        db: ctx.db,
        actor,
        file: { name: "rows.csv", path: file, bytes: 100 },
        maxRows: 6,
        timeZone: "America/Sao_Paulo",
      });
      expect(five.counts).toEqual({ ok: 0, duplicate: 0, error: 6 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answers 400 for a body that is not a form with a file", async () => {
    const noFile = new FormData();
    noFile.set("mapping", "{}");
    const missing = await ctx.request("/api/imports/preview", {
      method: "POST",
      cookie: cookies[buyerA.id],
      body: noFile,
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.fields).toEqual({ file: "required" });
    const json = await ctx.request("/api/imports/preview", {
      method: "POST",
      cookie: cookies[buyerA.id],
      json: { file: "x" },
    });
    expect(json.status).toBe(400);
  });

  it("rejects an empty file and an unreadable spreadsheet", async () => {
    const empty = await preview(buyerA, { text: "Date,Offer\n" });
    expect(empty.status).toBe(422);
    expect((await empty.json()).error.code).toBe("import_empty_file");
    const broken = await preview(buyerA, {
      bytes: Uint8Array.from([0x50, 0x4b, 3, 4, 1, 2]),
      name: "x.xlsx",
    });
    expect(broken.status).toBe(422);
    expect((await broken.json()).error.code).toBe("import_unreadable_file");
  });
});

describe("importing", () => {
  it("adds the accepted rows, skips the rest and reports the counts", async () => {
    const buyer = await createUser(ctx.db, { role: "user", managerId: lead.id });
    const cookie = await ctx.signIn(buyer.email, buyer.password);
    cookies[buyer.id] = cookie;
    await createCampaign(ctx.db, {
      creatorId: buyer.id,
      offerId: fortuna.id,
      date: "2026-08-01",
      spent: "1.00",
    });
    const text = [
      "Date;Offer;Cost;Deposits",
      "2026-08-01;Fortuna BR;9,99;1",
      "2026-08-02;Fortuna BR;10,5;2",
      "2026-08-03;Nope;1;1",
    ].join("\n");
    const skip = await previewOk(buyer, { text });
    const skipped = await commit(buyer, skip.token, "skip");
    expect(await skipped.json()).toEqual({ added: 1, replaced: 0, skipped: 2 });
    expect(await campaignsOf(buyer.id)).toEqual([
      { date: "2026-08-01", spent: "1.00", depositPayment: "0.00" },
      { date: "2026-08-02", spent: "10.50", depositPayment: "60.00" },
    ]);
    const [row] = await ctx.db
      .select({ managerId: campaigns.managerId })
      .from(campaigns)
      .where(and(eq(campaigns.creatorId, buyer.id), eq(campaigns.date, "2026-08-02")));
    expect(row?.managerId).toBe(lead.id);

    // The preview is used up.
    expect((await commit(buyer, skip.token)).status).toBe(404);

    const replace = await previewOk(buyer, { text });
    expect(replace.counts).toEqual({ ok: 0, duplicate: 2, error: 1 });
    const replaced = await commit(buyer, replace.token, "replace");
    expect(await replaced.json()).toEqual({ added: 0, replaced: 2, skipped: 1 });
    expect(await campaignsOf(buyer.id)).toEqual([
      { date: "2026-08-01", spent: "9.99", depositPayment: "30.00" },
      { date: "2026-08-02", spent: "10.50", depositPayment: "60.00" },
    ]);
  });

  it("saves nothing when the import fails part-way", async () => {
    const buyer = await createUser(ctx.db, { role: "user" });
    cookies[buyer.id] = await ctx.signIn(buyer.email, buyer.password);
    const doomed = await createOffer(ctx.db, { name: "Doomed Offer" });
    // 1,500 rows over nine offers; the last offer disappears between preview and import.
    const names = Array.from({ length: 9 }, (_, i) => `Fortuna BR x${i}`);
    for (const name of names.slice(0, 8)) await createOffer(ctx.db, { name });
    await ctx.db.update(offers).set({ name: names[8]! }).where(eq(offers.id, doomed.id));
    const text = [
      "Date,Offer,Cost",
      ...Array.from({ length: 1500 }, (_, i) => `${addDays("2020-01-01", i)},${names[i % 9]},1`),
    ].join("\n");
    const body = await previewOk(buyer, { text });
    expect(body.counts.error).toBe(0);
    await ctx.db.update(offers).set({ visibleToAll: false }).where(eq(offers.id, doomed.id));
    const response = await commit(buyer, body.token);
    expect(response.status).toBe(409);
    expect((await response.json()).error.code).toBe("import_offer_changed");
    const [n] = await ctx.db.select({ n: count() }).from(campaigns).where(eq(campaigns.creatorId, buyer.id));
    expect(Number(n?.n)).toBe(0);
  });
  it("rolls everything back, replaced days included, when the database refuses one row", async () => {
    const buyer = await createUser(ctx.db, { role: "user" });
    cookies[buyer.id] = await ctx.signIn(buyer.email, buyer.password);
    await createCampaign(ctx.db, {
      creatorId: buyer.id,
      offerId: fortuna.id,
      date: "2020-01-01",
      spent: "1.00",
    });
    // A trigger stands in for any failure after the replaced days were deleted.
    await ctx.db.execute(sql`create function refuse_777() returns trigger language plpgsql as $$
      begin if new.spent = 777.77 then raise exception 'refused'; end if; return new; end $$`);
    await ctx.db.execute(
      sql`create trigger refuse_777 before insert on campaigns for each row execute function refuse_777()`,
    );
    try {
      const text = [
        "Date,Offer,Cost",
        ...Array.from(
          { length: 1500 },
          (_, i) => `${addDays("2020-01-01", i)},Fortuna BR,${i === 1400 ? "777.77" : "1"}`,
        ),
      ].join("\n");
      const body = await previewOk(buyer, { text });
      expect(body.counts).toEqual({ ok: 1499, duplicate: 1, error: 0 });
      const response = await commit(buyer, body.token, "replace");
      expect(response.status).toBe(500);
      expect(await campaignsOf(buyer.id)).toEqual([
        { date: "2020-01-01", spent: "1.00", depositPayment: "0.00" },
      ]);
    } finally {
      await ctx.db.execute(sql`drop trigger refuse_777 on campaigns`);
      await ctx.db.execute(sql`drop function refuse_777`);
    }
  });
});

describe("the stored preview", () => {
  it("is the uploader's only pending preview, pages from SQL and expires after 30 minutes", async () => {
    const buyer = await createUser(ctx.db, { role: "user" });
    cookies[buyer.id] = await ctx.signIn(buyer.email, buyer.password);
    const text = [
      "Date,Offer,Cost",
      ...Array.from(
        { length: 120 },
        (_, i) => `${addDays("2021-01-01", i)},${i % 10 === 9 ? "Nope" : "Fortuna BR"},1`,
      ),
    ].join("\n");
    const older = await previewOk(buyer, { text });
    const newer = await previewOk(buyer, { text });
    expect(newer.token).not.toBe(older.token);
    // A new upload replaces the older preview, rows and all.
    const gone = await ctx.request(`/api/imports/preview/${older.token}`, { cookie: cookies[buyer.id] });
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.code).toBe("import_expired");
    const mine = await ctx.db.select().from(importPreviews).where(eq(importPreviews.actorId, buyer.id));
    expect(mine.map((p) => p.id)).toEqual([newer.token]);
    const [olderRows] = await ctx.db
      .select({ n: count() })
      .from(importPreviewRows)
      .where(eq(importPreviewRows.previewId, older.token));
    expect(Number(olderRows?.n)).toBe(0);

    expect(newer.counts).toEqual({ ok: 108, duplicate: 0, error: 12 });
    expect(newer.total).toBe(120);
    const last = await ctx.request(`/api/imports/preview/${newer.token}?page=3&pageSize=50`, {
      cookie: cookies[buyer.id],
    });
    const lastPage = await last.json();
    expect(lastPage.rows.map((r: { line: number }) => r.line)).toEqual(
      Array.from({ length: 20 }, (_, i) => 102 + i),
    );
    expect(lastPage.rows[0].metrics).toMatchObject({ profit: "-1.00" });
    const errors = await ctx.request(`/api/imports/preview/${newer.token}?status=error&pageSize=5&page=3`, {
      cookie: cookies[buyer.id],
    });
    const errorPage = await errors.json();
    expect(errorPage.total).toBe(12);
    expect(errorPage.rows.map((r: { line: number }) => r.line)).toEqual([111, 121]);
    const bad = await ctx.request(`/api/imports/preview/not-a-token`, { cookie: cookies[buyer.id] });
    expect(bad.status).toBe(404);

    // 30 minutes later: gone for the user, and deleted by the next clean-up.
    await ctx.db
      .update(importPreviews)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(importPreviews.id, newer.token));
    const late = await commit(buyer, newer.token);
    expect(late.status).toBe(404);
    expect((await late.json()).error.code).toBe("import_expired");
    expect(await purgeExpiredImportPreviews(ctx.db)).toBeGreaterThanOrEqual(1);
    const [rowsLeft] = await ctx.db
      .select({ n: count() })
      .from(importPreviewRows)
      .where(eq(importPreviewRows.previewId, newer.token));
    expect(Number(rowsLeft?.n)).toBe(0);
    expect(await campaignsOf(buyer.id)).toEqual([]);
  });

  it("is committed once when two commits race", async () => {
    const buyer = await createUser(ctx.db, { role: "user" });
    cookies[buyer.id] = await ctx.signIn(buyer.email, buyer.password);
    const body = await previewOk(buyer, {
      text: "Date,Offer,Cost\n2020-05-01,Fortuna BR,2\n2020-05-02,Fortuna BR,3\n",
    });
    const answers = await Promise.all([commit(buyer, body.token), commit(buyer, body.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(await campaignsOf(buyer.id)).toHaveLength(2);
    const left = await ctx.db.select().from(importPreviews).where(eq(importPreviews.actorId, buyer.id));
    expect(left).toEqual([]);
  });
});

describe("permissions", () => {
  it("lets an admin import for a buyer, with the buyer's offers and team lead", async () => {
    const text = "Date,Offer,Cost\n2026-07-01,Fortuna BR,3\n";
    const body = await previewOk(admin, { text, userId: buyerA.id });
    expect(body.userId).toBe(buyerA.id);
    expect(await (await commit(admin, body.token)).json()).toEqual({ added: 1, replaced: 0, skipped: 0 });
    const [row] = await ctx.db
      .select({ creatorId: campaigns.creatorId, managerId: campaigns.managerId })
      .from(campaigns)
      .where(and(eq(campaigns.creatorId, buyerA.id), eq(campaigns.date, "2026-07-01")));
    expect(row).toEqual({ creatorId: buyerA.id, managerId: lead.id });
  });

  it("refuses a buyer or a team lead importing for someone else, and financial staff", async () => {
    const text = "Date,Offer,Cost\n2026-07-02,Fortuna BR,3\n";
    expect((await preview(buyerA, { text, userId: buyerB.id })).status).toBe(403);
    expect((await preview(lead, { text, userId: buyerA.id })).status).toBe(403);
    expect((await preview(financial, { text })).status).toBe(403);
    const form = new FormData();
    form.set("file", new File([text], "a.csv"));
    const anonymous = await ctx.request("/api/imports/preview", { method: "POST", body: form });
    expect(anonymous.status).toBe(401);
    const forFinancial = await preview(admin, { text, userId: financial.id });
    expect(forFinancial.status).toBe(422);
  });
});
