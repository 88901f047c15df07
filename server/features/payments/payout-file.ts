import { and, asc, eq, ne, sql } from "drizzle-orm";
import writeXlsxFile, { type Row as XlsxRow } from "write-excel-file/node";
import {
  type CsvDialectName,
  csvBom,
  formatCsvDecimal,
  formatCsvRow,
  resolveCsvDialect,
} from "../../../domain/csv";
import {
  type BankAccountType,
  type PayeeMethod,
  type PixKeyType,
  recentPayeeChangeDays,
} from "../../../domain/payee";
import { monthRange } from "../../../domain/periods";
import type { Language } from "../../../domain/roles";
import type { Actor } from "../../context";
import type { Db } from "../../db/client";
import { payeeDetails, paymentStatements, users } from "../../db/schema";
import { toIsoString } from "../../db/values";
import { assertCan } from "../../permissions";
import { adjustmentsSum, paidSum } from "./statements";

// The payout file (issue 24, docs/decisions/0064): one row per buyer with something pending in a
// month, with where to send it, ready for a bank or Pix batch. Its own read of the ledger, in SQL:
// pending = due + Σ adjustments − Σ non-reversed payouts, never below 0, 0 when paid; cancelled
// statements are left out. Statements as stored: the payments screen loads (refreshes) the month
// first, so a month nobody opened yet gives an empty file.

export type PayoutFileRow = {
  statementId: string;
  buyerId: string;
  name: string;
  email: string;
  /** "1030.73" */
  pending: string;
  reference: string;
  payee: {
    method: PayeeMethod;
    pixKeyType: PixKeyType | null;
    pixKey: string | null;
    bankCode: string | null;
    bankBranch: string | null;
    bankAccount: string | null;
    bankAccountType: BankAccountType | null;
    holderName: string | null;
    holderDocument: string | null;
    usdtAddress: string | null;
    updatedAt: string;
  } | null;
  /** the payee details were saved in the last 7 days */
  payeeChangedRecently: boolean;
};

/** "PLACAR-2026-11-1A2B3C4D": the month and the statement id's first 8 hex digits. */
export function payoutReference(month: string, statementId: string): string {
  return `PLACAR-${month}-${statementId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

/** The month's rows with something pending, by buyer name. */
export async function listPayoutFileRows({
  db,
  actor,
  month,
}: {
  db: Db;
  actor: Actor;
  month: string;
}): Promise<PayoutFileRow[]> {
  assertCan(actor, "payments:manage");
  const adjustments = adjustmentsSum(sql`${paymentStatements.id}`);
  const paid = paidSum(sql`${paymentStatements.id}`);
  const pending = sql`(case when ${paymentStatements.status} = 'paid' then 0
    else greatest(${paymentStatements.amountDue} + ${adjustments} - ${paid}, 0) end)`;
  const rows = await db
    .select({
      statementId: paymentStatements.id,
      buyerId: users.id,
      name: users.name,
      email: users.email,
      pending: sql<string>`round(${pending}, 2)::text`,
      payee: payeeDetails,
      changedRecently: sql<boolean>`coalesce(${payeeDetails.updatedAt} > now() - make_interval(days => ${recentPayeeChangeDays}), false)`,
    })
    .from(paymentStatements)
    .innerJoin(users, eq(users.id, paymentStatements.userId))
    .leftJoin(payeeDetails, eq(payeeDetails.userId, paymentStatements.userId))
    .where(
      and(
        eq(paymentStatements.periodStart, monthRange(month).from),
        ne(paymentStatements.status, "cancelled"),
        sql`${pending} > 0`,
      ),
    )
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  return rows.map((row) => ({
    statementId: row.statementId,
    buyerId: row.buyerId,
    name: row.name,
    email: row.email,
    pending: row.pending,
    reference: payoutReference(month, row.statementId),
    payee: row.payee
      ? {
          method: row.payee.method,
          pixKeyType: row.payee.pixKeyType,
          pixKey: row.payee.pixKey,
          bankCode: row.payee.bankCode,
          bankBranch: row.payee.bankBranch,
          bankAccount: row.payee.bankAccount,
          bankAccountType: row.payee.bankAccountType,
          holderName: row.payee.holderName,
          holderDocument: row.payee.holderDocument,
          usdtAddress: row.payee.usdtAddress,
          updatedAt: toIsoString(row.payee.updatedAt),
        }
      : null,
    payeeChangedRecently: Boolean(row.changedRecently),
  }));
}

// ---------------------------------------------------------------------------------------------
// The file in the reader's language: the same columns in CSV and XLSX.
// ---------------------------------------------------------------------------------------------

type Labels = {
  fileName: string;
  sheet: string;
  header: string[];
  method: Record<PayeeMethod | "none", string>;
  pixKeyType: Record<PixKeyType, string>;
  accountType: Record<BankAccountType, string>;
  yes: string;
  no: string;
};

export const payoutFileLabels: Record<Language, Labels> = {
  "pt-BR": {
    fileName: "placar-pagamentos",
    sheet: "Pagamentos",
    header: [
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
    ],
    method: { pix: "Pix", bank: "Transferência bancária", usdt: "USDT (TRC-20)", none: "Não informado" },
    pixKeyType: { cpf: "CPF", cnpj: "CNPJ", email: "E-mail", phone: "Celular", random: "Chave aleatória" },
    accountType: { checking: "Conta corrente", savings: "Poupança" },
    yes: "Sim",
    no: "Não",
  },
  en: {
    fileName: "placar-payouts",
    sheet: "Payouts",
    header: [
      "Name",
      "E-mail",
      "Payment method",
      "Pix key type",
      "Pix key",
      "Bank",
      "Branch",
      "Account",
      "Account type",
      "Account holder",
      "Holder CPF/CNPJ",
      "USDT address (TRC-20)",
      "Amount pending",
      "Currency",
      "Reference",
      "Details changed in the last 7 days",
    ],
    method: { pix: "Pix", bank: "Bank transfer", usdt: "USDT (TRC-20)", none: "Not provided" },
    pixKeyType: { cpf: "CPF", cnpj: "CNPJ", email: "E-mail", phone: "Mobile phone", random: "Random key" },
    accountType: { checking: "Checking", savings: "Savings" },
    yes: "Yes",
    no: "No",
  },
  ru: {
    fileName: "placar-vyplaty",
    sheet: "Выплаты",
    header: [
      "Имя",
      "E-mail",
      "Способ выплаты",
      "Тип ключа Pix",
      "Ключ Pix",
      "Банк",
      "Отделение",
      "Счёт",
      "Тип счёта",
      "Владелец счёта",
      "CPF/CNPJ владельца",
      "Адрес USDT (TRC-20)",
      "К выплате",
      "Валюта",
      "Назначение платежа",
      "Реквизиты изменены за последние 7 дней",
    ],
    method: { pix: "Pix", bank: "Банковский перевод", usdt: "USDT (TRC-20)", none: "Не указаны" },
    pixKeyType: {
      cpf: "CPF",
      cnpj: "CNPJ",
      email: "E-mail",
      phone: "Мобильный телефон",
      random: "Случайный ключ",
    },
    accountType: { checking: "Текущий", savings: "Сберегательный" },
    yes: "Да",
    no: "Нет",
  },
};

/** "placar-pagamentos-2026-11.csv" (the prefix in the reader's language, ASCII only). */
export function payoutFileName(language: Language, month: string, extension: "csv" | "xlsx"): string {
  return `${payoutFileLabels[language].fileName}-${month}.${extension}`;
}

const amountColumn = 12;

/** One row's cells in column order; the amount stays a decimal string for the caller to place. */
function toCells(row: PayoutFileRow, labels: Labels, currency: string): string[] {
  const p = row.payee;
  return [
    row.name,
    row.email,
    labels.method[p?.method ?? "none"],
    p?.pixKeyType ? labels.pixKeyType[p.pixKeyType] : "",
    p?.pixKey ?? "",
    p?.bankCode ?? "",
    p?.bankBranch ?? "",
    p?.bankAccount ?? "",
    p?.bankAccountType ? labels.accountType[p.bankAccountType] : "",
    p?.holderName ?? "",
    p?.holderDocument ?? "",
    p?.usdtAddress ?? "",
    row.pending,
    currency,
    row.reference,
    row.payeeChangedRecently ? labels.yes : labels.no,
  ];
}

/** A phone key is "+55…": validated digits, not a formula, so it is written without the apostrophe. */
const phoneKey = /^\+\d{8,15}$/;

/**
 * Whether an amount survives a spreadsheet number (a binary double, 15 significant digits) digit for
 * digit; a longer one is written as its exact text instead (issue 27, docs/decisions/0067).
 */
export function fitsSpreadsheetNumber(amount: string): boolean {
  return amount.replace(/[-.]/g, "").replace(/^0+/, "").length <= 15;
}

/** The CSV text: BOM, header, one line per row, in the reader's dialect (pt-BR and ru: ";" and "1030,73"). */
export function buildPayoutCsv(
  rows: PayoutFileRow[],
  language: Language,
  currency: string,
  dialectName?: CsvDialectName,
): string {
  const labels = payoutFileLabels[language];
  const dialect = resolveCsvDialect(language, dialectName);
  let text = csvBom + formatCsvRow(labels.header, new Set(), dialect.delimiter);
  for (const row of rows) {
    const cells = toCells(row, labels, currency);
    cells[amountColumn] = formatCsvDecimal(row.pending, dialect);
    const raw = new Set([amountColumn]);
    if (phoneKey.test(cells[4] ?? "")) raw.add(4);
    text += formatCsvRow(cells, raw, dialect.delimiter);
  }
  return text;
}

const columnWidths = [28, 32, 22, 18, 40, 8, 10, 16, 16, 28, 20, 38, 16, 8, 26, 18];

/** The XLSX file: text cells as text (never formulas), the amount a number cell with 2 decimals. */
export async function buildPayoutXlsx(
  rows: PayoutFileRow[],
  language: Language,
  currency: string,
): Promise<Buffer> {
  const labels = payoutFileLabels[language];
  const data: XlsxRow[] = [
    labels.header.map((title) => ({ value: title, type: String, fontWeight: "bold" as const })),
  ];
  for (const row of rows) {
    data.push(
      toCells(row, labels, currency).map((value, column) =>
        column === amountColumn && fitsSpreadsheetNumber(row.pending)
          ? { value: Number(row.pending), type: Number, format: "#,##0.00" }
          : { value, type: String },
      ),
    );
  }
  return writeXlsxFile(data, {
    sheet: labels.sheet,
    columns: columnWidths.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBuffer();
}
