import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { readSheet } from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../../domain/csv";
import { createTestContext, type TestContext } from "../../../tests/harness";
import { type CreatedUser, createPayout, createStatement, createUser } from "../../db/factories";
import { payeeDetails, paymentAdjustments, payouts } from "../../db/schema";
import { payoutReference } from "./payout-file";

// The payout file (issue 24): GET /api/payments.csv and .xlsx for a month, one row per buyer with
// something pending (due + adjustments − non-reversed payouts, floored at 0; 0 when paid; cancelled
// left out), with where to pay and a reference; CSV in the reader's dialect, XLSX with number cells.

let ctx: TestContext;
let financial: CreatedUser;
let admin: CreatedUser;
let lead: CreatedUser;
let buyer: CreatedUser;
const cookies = new Map<string, string>();
const as = (user: CreatedUser) => cookies.get(user.id)!;

const month = "2026-03";
const periodStart = "2026-03-01";
const ids: Record<string, string> = {};
// Fixed statement ids, so the expected references below are plain text: PLACAR-<month>-<id's first 8 hex>.
const statementIds: Record<string, string> = {
  ana: "a1a1a1a1-0000-4000-8000-000000000001",
  bia: "b2b2b2b2-0000-4000-8000-000000000002",
  caio: "c3c3c3c3-0000-4000-8000-000000000003",
  duda: "d4d4d4d4-0000-4000-8000-000000000004",
};
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

async function buyerWithStatement(
  key: string,
  name: string,
  statement: { amountDue: string; status?: "pending" | "processing" | "paid" | "cancelled" },
) {
  const user = await createUser(ctx.db, { role: "user", name, email: `${key}@example.test` });
  const row = await createStatement(ctx.db, {
    id: statementIds[key],
    userId: user.id,
    periodStart,
    ...statement,
  });
  ids[key] = user.id;
  return row.id;
}

const adjust = (statementId: string, amount: string) =>
  ctx.db.insert(paymentAdjustments).values({ statementId, amount, reason: "test" });

beforeAll(async () => {
  ctx = await createTestContext();
  financial = await createUser(ctx.db, { role: "financial", language: "en" });
  admin = await createUser(ctx.db, { role: "admin" });
  lead = await createUser(ctx.db, { role: "manager" });
  buyer = await createUser(ctx.db, { role: "user", managerId: lead.id });
  for (const user of [financial, admin, lead, buyer])
    cookies.set(user.id, await ctx.signIn(user.email, user.password));

  // Ana: Pix CPF, due 1030.73 + 50.00 bonus − 100.00 paid = 980.73; details saved 10 days ago.
  const ana = await buyerWithStatement("ana", "Ana Pix", { amountDue: "1030.73" });
  await adjust(ana, "50.00");
  await createPayout(ctx.db, { statementId: ana, amount: "100.00" });
  await ctx.db.insert(payeeDetails).values({
    userId: ids.ana!,
    method: "pix",
    pixKeyType: "cpf",
    pixKey: "52998224725",
    createdAt: daysAgo(10),
    updatedAt: daysAgo(10),
  });
  // Bia (name with the pt-BR delimiter): bank account saved just now; 200.00 − 50.00 clawback, a
  // reversed payout of 100.00 does not count: 150.00.
  const bia = await buyerWithStatement("bia", "Silva; Bia", { amountDue: "200.00" });
  await adjust(bia, "-50.00");
  const bounced = await createPayout(ctx.db, { statementId: bia, amount: "100.00" });
  await ctx.db
    .update(payouts)
    .set({ reversedAt: new Date(), reversalReason: "bounced" })
    .where(eq(payouts.id, bounced.id));
  await ctx.db.insert(payeeDetails).values({
    userId: ids.bia!,
    method: "bank",
    bankCode: "260",
    bankBranch: "0001",
    bankAccount: "1234567-8",
    bankAccountType: "savings",
    holderName: "Bia Silva",
    holderDocument: "11222333000181",
  });
  // Caio: processing, no details: 75.50, "not provided".
  await buyerWithStatement("caio", "Caio Sem Dados", { amountDue: "75.50", status: "processing" });
  // Duda: a Pix phone key (written without the formula apostrophe), details changed 6 days ago.
  await buyerWithStatement("duda", "Duda Fone", { amountDue: "10.00" });
  await ctx.db.insert(payeeDetails).values({
    userId: ids.duda!,
    method: "pix",
    pixKeyType: "phone",
    pixKey: "+5511987654321",
    updatedAt: daysAgo(6),
  });
  // Left out: paid, cancelled, fully paid while pending, overpaid, and another month.
  await buyerWithStatement("paid", "Eva Paga", { amountDue: "300.00", status: "paid" });
  await buyerWithStatement("cancelled", "Fabi Cancelada", { amountDue: "400.00", status: "cancelled" });
  const settled = await buyerWithStatement("settled", "Gil Quitado", { amountDue: "100.00" });
  await createPayout(ctx.db, { statementId: settled, amount: "100.00" });
  const overpaid = await buyerWithStatement("overpaid", "Hugo Estornado", { amountDue: "100.00" });
  await adjust(overpaid, "-150.00");
  await createStatement(ctx.db, { userId: ids.ana!, periodStart: "2026-04-01", amountDue: "999.00" });
});
afterAll(async () => ctx?.close());

const download = (path: string, user: CreatedUser = financial) => ctx.request(path, { cookie: as(user) });
/** The CSV body with its byte order mark checked and removed (Response.text() would drop it unseen). */
async function csvText(response: Response): Promise<string> {
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  expect(text.startsWith("\uFEFF")).toBe(true);
  return text.slice(1);
}

describe("the payout file", () => {
  it("answers the month's rows with something pending in pt-BR: ';', decimal comma, BOM, file name", async () => {
    const response = await download(`/api/payments.csv?month=${month}&lang=pt-BR`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="placar-pagamentos-2026-03.csv"',
    );
    const [header, ...rows] = parseCsv(await csvText(response), ";");
    expect(header).toEqual([
      "Nome",
      "E-mail",
      "Forma de pagamento",
      "Tipo de chave Pix",
      "Chave Pix",
      "Banco",
      "Agência",
      "Conta",
      "Tipo de conta",
      "Titular",
      "CPF/CNPJ do titular",
      "Endereço USDT (TRC-20)",
      "Valor pendente",
      "Moeda",
      "Referência",
      "Dados alterados nos últimos 7 dias",
    ]);
    expect(rows).toEqual([
      [
        "Ana Pix",
        "ana@example.test",
        "Pix",
        "CPF",
        "52998224725",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "980,73",
        "USD",
        "PLACAR-2026-03-A1A1A1A1",
        "Não",
      ],
      [
        "Caio Sem Dados",
        "caio@example.test",
        "Não informado",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "75,50",
        "USD",
        "PLACAR-2026-03-C3C3C3C3",
        "Não",
      ],
      [
        "Duda Fone",
        "duda@example.test",
        "Pix",
        "Celular",
        "+5511987654321",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "10,00",
        "USD",
        "PLACAR-2026-03-D4D4D4D4",
        "Sim",
      ],
      [
        "Silva; Bia",
        "bia@example.test",
        "Transferência bancária",
        "",
        "",
        "260",
        "0001",
        "1234567-8",
        "Poupança",
        "Bia Silva",
        "11222333000181",
        "",
        "150,00",
        "USD",
        "PLACAR-2026-03-B2B2B2B2",
        "Sim",
      ],
    ]);
  });

  it("writes PLACAR-YYYY-MM and the statement id's first 8 hex digits, upper case, as the reference", () => {
    expect(payoutReference("2026-11", "1a2b3c4d-0000-4000-8000-000000000000")).toBe(
      "PLACAR-2026-11-1A2B3C4D",
    );
    expect(payoutReference(month, statementIds.ana!)).toBe("PLACAR-2026-03-A1A1A1A1");
  });

  it("answers en with ',' and a decimal point; the profile's language when the link names none", async () => {
    // The financial user's profile says en.
    const response = await download(`/api/payments.csv?month=${month}`);
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="placar-payouts-2026-03.csv"',
    );
    const [header, ...rows] = parseCsv(await csvText(response), ",");
    expect(header?.slice(0, 3)).toEqual(["Name", "E-mail", "Payment method"]);
    expect(header?.[12]).toBe("Amount pending");
    expect(rows.map((row) => [row[0], row[2], row[12], row[15]])).toEqual([
      ["Ana Pix", "Pix", "980.73", "No"],
      ["Caio Sem Dados", "Not provided", "75.50", "No"],
      ["Duda Fone", "Pix", "10.00", "Yes"],
      ["Silva; Bia", "Bank transfer", "150.00", "Yes"],
    ]);
  });

  it("answers ru with ';' and a decimal comma", async () => {
    const response = await download(`/api/payments.csv?month=${month}&lang=ru`, admin);
    expect(response.status).toBe(200);
    const [header, ...rows] = parseCsv(await csvText(response), ";");
    expect(header?.[0]).toBe("Имя");
    expect(rows.map((row) => row[12])).toEqual(["980,73", "75,50", "10,00", "150,00"]);
  });

  it("writes the dialect the reader chose over the language's (decision 0092)", async () => {
    const comma = await download(`/api/payments.csv?month=${month}&lang=pt-BR&dialect=comma`);
    const [header, ...rows] = parseCsv(await csvText(comma), ",");
    expect(header?.[0]).toBe("Nome");
    expect(rows.map((row) => row[12])).toEqual(["980.73", "75.50", "10.00", "150.00"]);
    const semicolon = await download(`/api/payments.csv?month=${month}&lang=en&dialect=semicolon`);
    const [enHeader, ...enRows] = parseCsv(await csvText(semicolon), ";");
    expect(enHeader?.[0]).toBe("Name");
    expect(enRows.map((row) => row[12])).toEqual(["980,73", "75,50", "10,00", "150,00"]);
  });

  it("writes an XLSX whose amounts are number cells with 2 decimals", async () => {
    const response = await download(`/api/payments.xlsx?month=${month}&lang=pt-BR`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="placar-pagamentos-2026-03.xlsx"',
    );
    const file = Buffer.from(await response.arrayBuffer());
    const sheet = await readSheet(file);
    expect(sheet[0]?.[12]).toBe("Valor pendente");
    expect(sheet.slice(1).map((row) => [row[0], row[4], row[12], row[14]])).toEqual([
      ["Ana Pix", "52998224725", 980.73, "PLACAR-2026-03-A1A1A1A1"],
      ["Caio Sem Dados", null, 75.5, "PLACAR-2026-03-C3C3C3C3"],
      ["Duda Fone", "+5511987654321", 10, "PLACAR-2026-03-D4D4D4D4"],
      ["Silva; Bia", null, 150, "PLACAR-2026-03-B2B2B2B2"],
    ]);
    // The amount cells carry the 2-decimal number format.
    const files = unzipSync(new Uint8Array(file));
    const styles = new TextDecoder().decode(files["xl/styles.xml"]);
    expect(styles).toContain('formatCode="#,##0.00"');
    const xml = new TextDecoder().decode(files["xl/worksheets/sheet1.xml"]);
    expect(xml).toMatch(/<c r="M2"[^>]*s="\d+"[^>]*><v>980\.73<\/v><\/c>/);
  });

  it("is empty (header only) for a month without statements", async () => {
    const csv = await download("/api/payments.csv?month=2025-01&lang=en");
    expect(parseCsv(await csvText(csv), ",")).toHaveLength(1);
    const xlsx = await download("/api/payments.xlsx?month=2025-01&lang=en");
    expect(await readSheet(Buffer.from(await xlsx.arrayBuffer()))).toHaveLength(1);
  });

  it("is for financial users and admins only, and refuses a malformed month", async () => {
    for (const user of [buyer, lead]) {
      expect((await download(`/api/payments.csv?month=${month}`, user)).status).toBe(403);
      expect((await download(`/api/payments.xlsx?month=${month}`, user)).status).toBe(403);
    }
    expect((await ctx.request(`/api/payments.csv?month=${month}`)).status).toBe(401);
    const bad = await download("/api/payments.csv?month=2026-13");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { fields: { month: "invalid_month" } } });
    expect((await download(`/api/payments.csv?month=${month}&lang=fr`)).status).toBe(400);
  });
});
