import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { addDays, todayIn } from "../domain/periods";
import {
  type CreatedUser,
  createCampaign,
  createCreativeRequest,
  createNote,
  createNotification,
  createOffer,
  createPayout,
  createStatement,
  createUser,
} from "../server/db/factories";
import { backups, sessions } from "../server/db/schema";
import type { Subject } from "./authorization-matrix";
import { subjects } from "./authorization-matrix";
import { createTestContext, type TestContext } from "./harness";

// A seeded world and one valid call per API operation, shared by the authorization matrix test
// and the fuzz test. Objects belong to "the buyer" (in "lead"'s team); "otherBuyer" is in
// "otherLead"'s team. Calls that change or delete their target create a fresh one each time.

export type Operation = { method: string; path: string; key: string };
export type Call = { path: string; json?: unknown; body?: FormData };
export type World = {
  ctx: TestContext;
  cookies: Map<Subject, string>;
  users: Record<Exclude<Subject, "anonymous">, CreatedUser>;
  offerId: string;
  campaignId: string;
  noteId: string;
  creativeRequestId: string;
  statementId: string;
};

let monthCursor = 0;

/** A month of its own for each fresh statement (one statement per buyer and month). */
function nextPeriodStart(): string {
  monthCursor += 1;
  const year = 2000 + Math.floor(monthCursor / 12);
  const month = (monthCursor % 12) + 1;
  return `${year}-${String(month).padStart(2, "0")}-01`;
}

const unique = () => Math.random().toString(36).slice(2, 10);

/** A new buyer in the buyer's team, for calls that change or remove a user. */
const freshTeamBuyer = async (w: World) => createUser(w.ctx.db, { role: "user", managerId: w.users.lead.id });

let importDay = 0;
let campaignDay = 0;

/** A day no other call logs for the world's offer (one entry per buyer, offer and day: decision 0083). */
function nextCampaignDay(): string {
  campaignDay += 1;
  return addDays(todayIn("UTC"), -campaignDay);
}

/** A two-row CSV upload for the world's offer, on days no other call logs. */
function importForm(w: World): FormData {
  importDay += 2;
  const day = (offset: number) => addDays(todayIn("UTC"), -600 - importDay - offset);
  const csv = `Data;Oferta;Gasto;Cliques\n${day(0)};${w.offerId};10,50;5\n${day(1)};${w.offerId};3,00;2\n`;
  const form = new FormData();
  form.set("file", new File([csv], "results.csv", { type: "text/csv" }));
  return form;
}

/** A preview the buyer uploaded (previews belong to whoever uploaded them). */
async function buyerPreviewToken(w: World): Promise<string> {
  const response = await w.ctx.request("/api/imports/preview", {
    method: "POST",
    cookie: w.cookies.get("buyer"),
    body: importForm(w),
  });
  if (response.status !== 200) throw new Error(`preview: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** A personal API token of the buyer's. */
async function buyerTokenId(w: World): Promise<string> {
  const response = await w.ctx.request("/api/tokens", {
    method: "POST",
    cookie: w.cookies.get("buyer"),
    json: { name: `script ${unique()}` },
  });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** A day no other call logs (postbacks add to the buyer's entry for it). */
const postbackDay = () => addDays(todayIn("UTC"), -400);

/** A postback key of the buyer's (its id and the secret of its URL). */
async function buyerPostbackKey(w: World): Promise<{ id: string; token: string }> {
  const response = await w.ctx.request("/api/postback-keys", {
    method: "POST",
    cookie: w.cookies.get("buyer"),
    json: { label: `network ${unique()}` },
  });
  if (response.status !== 201) throw new Error(`postback key: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; token: string };
}

/** A saved report view of the buyer's. */
async function buyerSavedReportId(w: World): Promise<string> {
  const response = await w.ctx.request("/api/saved-reports", {
    method: "POST",
    cookie: w.cookies.get("buyer"),
    json: { name: `view ${unique()}`, query: "groupBy=offer" },
  });
  if (response.status !== 201) throw new Error(`saved report: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** A finished backup with a (tiny) file, for download and delete. */
async function freshBackup(w: World) {
  const fileName = `placar-test-${unique()}.tar.gz`;
  await mkdir(w.ctx.env.backupDir, { recursive: true });
  await writeFile(path.join(w.ctx.env.backupDir, fileName), "backup");
  const [row] = await w.ctx.db
    .insert(backups)
    .values({
      status: "success",
      trigger: "manual",
      databaseKind: w.ctx.database.kind,
      fileName,
      sizeBytes: 6,
      finishedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error("no backup row");
  return row;
}

/** Another session of the buyer's (say, their phone), to end by id. */
async function freshBuyerSession(w: World): Promise<string> {
  const id = randomBytes(16).toString("hex");
  await w.ctx.db.insert(sessions).values({
    id,
    token: randomBytes(24).toString("base64url"),
    userId: w.users.buyer.id,
    expiresAt: new Date(Date.now() + 24 * 60 * 60_000),
    ipAddress: "192.0.2.7",
    userAgent: "Mozilla/5.0 (iPhone)",
  });
  return id;
}

/** A network's statement (month 2025-01) naming the world's offer, uploaded by the financial user. */
function statementForm(): FormData {
  const form = new FormData();
  form.set("network", `Network ${unique()}`);
  form.set("month", "2025-01");
  form.set("file", new File([`Offer,FTD\nworld-offer-ref,1\n`], "statement.csv", { type: "text/csv" }));
  return form;
}

const sharedStatements = new WeakMap<World, Promise<string>>();

/** One committed statement per world for the calls that only read or map it. */
function sharedStatement(w: World): Promise<string> {
  let id = sharedStatements.get(w);
  if (!id) {
    id = financialStatement(w, true);
    sharedStatements.set(w, id);
  }
  return id;
}

async function financialStatement(w: World, commit: boolean): Promise<string> {
  const form = new FormData();
  form.set("network", `Network ${unique()}`);
  form.set("month", "2025-01");
  form.set("file", new File([`Offer,FTD\n${w.offerId},1\n`], "statement.csv", { type: "text/csv" }));
  const cookie = w.cookies.get("financial");
  const response = await w.ctx.request("/api/reconciliations/preview", {
    method: "POST",
    cookie,
    body: form,
  });
  if (response.status !== 200) throw new Error(`statement: ${response.status} ${await response.text()}`);
  const id = ((await response.json()) as { statement: { id: string } }).statement.id;
  if (commit) {
    const done = await w.ctx.request(`/api/reconciliations/${id}/commit`, { method: "POST", cookie });
    if (done.status !== 200) throw new Error(`commit: ${done.status} ${await done.text()}`);
  }
  return id;
}

export const operationCalls: Record<string, (w: World) => Promise<Call> | Call> = {
  "GET /api/health": () => ({ path: "/api/health" }),
  "GET /api/config": () => ({ path: "/api/config" }),
  "GET /api/captcha/challenge": () => ({ path: "/api/captcha/challenge" }),
  "GET /api/password-reset/validate": () => ({ path: "/api/password-reset/validate?token=nothing-here" }),
  "GET /api/session": () => ({ path: "/api/session" }),
  "GET /api/me": () => ({ path: "/api/me" }),
  "PATCH /api/me": () => ({ path: "/api/me", json: { language: "en" } }),
  "GET /api/me/sessions": () => ({ path: "/api/me/sessions" }),
  "DELETE /api/me/sessions/{id}": async (w) => ({ path: `/api/me/sessions/${await freshBuyerSession(w)}` }),
  "POST /api/me/sessions/revoke-others": () => ({ path: "/api/me/sessions/revoke-others" }),
  "GET /api/campaigns": () => ({ path: "/api/campaigns" }),
  "POST /api/campaigns": (w) => ({
    path: "/api/campaigns",
    json: { date: nextCampaignDay(), offerId: w.offerId, spent: "10.00", clicks: 5 },
  }),
  "GET /api/campaigns/export.csv": () => ({ path: "/api/campaigns/export.csv" }),
  "GET /api/campaigns/{id}": (w) => ({ path: `/api/campaigns/${w.campaignId}` }),
  "PATCH /api/campaigns/{id}": (w) => ({ path: `/api/campaigns/${w.campaignId}`, json: { clicks: 7 } }),
  "DELETE /api/campaigns/{id}": async (w) => {
    const campaign = await createCampaign(w.ctx.db, {
      creatorId: w.users.buyer.id,
      offerId: w.offerId,
      date: nextCampaignDay(),
    });
    return { path: `/api/campaigns/${campaign.id}` };
  },
  "GET /api/metrics/summary": () => ({ path: "/api/metrics/summary" }),
  "GET /api/analytics": () => ({ path: "/api/analytics" }),
  "GET /api/offers": () => ({ path: "/api/offers" }),
  "POST /api/offers": () => ({
    path: "/api/offers",
    json: { name: `Offer ${unique()}`, value: "100.00", casinoBrand: "Casino", payoutPerDeposit: "40.00" },
  }),
  "GET /api/offers/{id}": (w) => ({ path: `/api/offers/${w.offerId}` }),
  "PATCH /api/offers/{id}": (w) => ({ path: `/api/offers/${w.offerId}`, json: { description: "Updated" } }),
  "DELETE /api/offers/{id}": async (w) => ({ path: `/api/offers/${(await createOffer(w.ctx.db)).id}` }),
  // An offer of its own per call: archiving the shared one would hide it from the entry calls.
  "POST /api/offers/{id}/archive": async (w) => ({
    path: `/api/offers/${(await createOffer(w.ctx.db)).id}/archive`,
  }),
  "POST /api/offers/{id}/restore": async (w) => ({
    path: `/api/offers/${(await createOffer(w.ctx.db)).id}/restore`,
  }),
  "GET /api/notes": () => ({ path: "/api/notes" }),
  "GET /api/users/{id}/notes": (w) => ({ path: `/api/users/${w.users.buyer.id}/notes` }),
  "POST /api/users/{id}/notes": (w) => ({
    path: `/api/users/${w.users.buyer.id}/notes`,
    json: { content: "A new note." },
  }),
  "PATCH /api/notes/{id}": (w) => ({ path: `/api/notes/${w.noteId}`, json: { content: "Changed." } }),
  "DELETE /api/notes/{id}": async (w) => {
    const note = await createNote(w.ctx.db, { userId: w.users.buyer.id, createdBy: w.users.admin.id });
    return { path: `/api/notes/${note.id}` };
  },
  "GET /api/creative-requests": () => ({ path: "/api/creative-requests" }),
  "POST /api/creative-requests": () => ({
    path: "/api/creative-requests",
    json: { deadline: addDays(todayIn("UTC"), 10), description: "Two square banners." },
  }),
  "PATCH /api/creative-requests/{id}": (w) => ({
    path: `/api/creative-requests/${w.creativeRequestId}`,
    json: { status: "in_progress", adminNotes: null },
  }),
  "GET /api/notifications": () => ({ path: "/api/notifications" }),
  "POST /api/notifications/read-all": () => ({ path: "/api/notifications/read-all" }),
  "POST /api/notifications/{id}/read": async (w) => {
    const notification = await createNotification(w.ctx.db, { userId: w.users.buyer.id });
    return { path: `/api/notifications/${notification.id}/read` };
  },
  "GET /api/notifications/stream": () => ({ path: "/api/notifications/stream" }),
  "GET /api/payments": () => ({ path: `/api/payments?month=${todayIn("UTC").slice(0, 7)}` }),
  "POST /api/payments/{statementId}/payouts": async (w) => {
    // Processing: a pending statement is recalculated from its (here absent) campaigns first.
    const statement = await freshStatement(w, "processing");
    return { path: `/api/payments/${statement.id}/payouts`, json: { amount: "10.00", note: null } };
  },
  "POST /api/payouts/{id}/reverse": async (w) => {
    const statement = await freshStatement(w, "paid");
    const payout = await createPayout(w.ctx.db, { statementId: statement.id, amount: "1000.00" });
    return { path: `/api/payouts/${payout.id}/reverse`, json: { reason: "Paid twice." } };
  },
  "PATCH /api/payouts/{id}": async (w) => {
    const statement = await freshStatement(w, "pending");
    const payout = await createPayout(w.ctx.db, { statementId: statement.id, amount: "10.00" });
    return { path: `/api/payouts/${payout.id}`, json: { note: "Bank transfer." } };
  },
  "POST /api/payments/{statementId}/adjustments": async (w) => ({
    path: `/api/payments/${(await freshStatement(w, "pending")).id}/adjustments`,
    json: { amount: "-10.00", reason: "Chargeback." },
  }),
  "GET /api/payments/{statementId}/history": (w) => ({ path: `/api/payments/${w.statementId}/history` }),
  "GET /api/me/payment": () => ({ path: "/api/me/payment" }),
  "GET /api/me/payments": () => ({ path: "/api/me/payments" }),
  "GET /api/me/commission": () => ({ path: "/api/me/commission" }),
  "GET /api/me/payee": () => ({ path: "/api/me/payee" }),
  "PUT /api/me/payee": () => ({
    path: "/api/me/payee",
    json: { method: "pix", pixKeyType: "random", pixKey: randomUUID() },
  }),
  "GET /api/users/{id}/payee": (w) => ({ path: `/api/users/${w.users.buyer.id}/payee` }),
  "GET /api/payments.csv": () => ({ path: `/api/payments.csv?month=${todayIn("UTC").slice(0, 7)}` }),
  "GET /api/payments.xlsx": () => ({ path: `/api/payments.xlsx?month=${todayIn("UTC").slice(0, 7)}` }),
  "GET /api/reconciliations": () => ({ path: "/api/reconciliations?month=2025-01" }),
  "POST /api/reconciliations/preview": () => ({
    path: "/api/reconciliations/preview",
    body: statementForm(),
  }),
  "GET /api/reconciliations/tolerance": () => ({ path: "/api/reconciliations/tolerance" }),
  "PUT /api/reconciliations/tolerance": () => ({
    path: "/api/reconciliations/tolerance",
    json: { percent: "2", amount: "50" },
  }),
  "GET /api/reconciliations/{id}/rows": async (w) => ({
    path: `/api/reconciliations/${await sharedStatement(w)}/rows`,
  }),
  "POST /api/reconciliations/{id}/commit": async (w) => ({
    path: `/api/reconciliations/${await financialStatement(w, false)}/commit`,
  }),
  "POST /api/reconciliations/{id}/aliases": async (w) => ({
    path: `/api/reconciliations/${await sharedStatement(w)}/aliases`,
    json: { kind: "offer", reference: "world-offer-ref", targetId: w.offerId },
  }),
  "GET /api/reconciliations/{id}/lines": async (w) => ({
    path: `/api/reconciliations/${await sharedStatement(w)}/lines`,
  }),
  "GET /api/reconciliations/{id}/lines/days": async (w) => ({
    path: `/api/reconciliations/${await sharedStatement(w)}/lines/days?offerId=${w.offerId}`,
  }),
  "GET /api/reconciliations/{id}/lines/proposal": async (w) => ({
    path: `/api/reconciliations/${await sharedStatement(w)}/lines/proposal?offerId=${w.offerId}`,
  }),
  "POST /api/reconciliations/{id}/resolutions": async (w) => ({
    path: `/api/reconciliations/${await financialStatement(w, true)}/resolutions`,
    json: { kind: "accepted", offerId: w.offerId, note: "Within what the network pays" },
  }),
  "POST /api/imports/preview": (w) => ({ path: "/api/imports/preview", body: importForm(w) }),
  "GET /api/imports/preview/{token}": async (w) => ({
    path: `/api/imports/preview/${await buyerPreviewToken(w)}`,
  }),
  "POST /api/imports": async (w) => ({
    path: "/api/imports",
    json: { token: await buyerPreviewToken(w), duplicates: "skip" },
  }),
  "POST /api/campaigns/batch": (w) => {
    importDay += 1;
    return {
      path: "/api/campaigns/batch",
      json: {
        rows: [
          { date: addDays(todayIn("UTC"), -300 - importDay), offerId: w.offerId, spent: "4.00", clicks: 2 },
        ],
      },
    };
  },
  "GET /api/tokens": () => ({ path: "/api/tokens" }),
  "POST /api/tokens": () => ({ path: "/api/tokens", json: { name: `script ${unique()}` } }),
  "DELETE /api/tokens/{id}": async (w) => ({ path: `/api/tokens/${await buyerTokenId(w)}` }),
  "GET /api/fx-rates": () => ({ path: "/api/fx-rates?from=2025-01-01&to=2025-01-31" }),
  "PUT /api/fx-rates": () => ({
    path: "/api/fx-rates",
    json: { rates: [{ date: "2024-01-02", rate: "4.9" }] },
  }),
  "POST /api/fx-rates/import": () => {
    const form = new FormData();
    form.set("file", new File(["date,rate\n2024-01-03,4.95\n"], "rates.csv", { type: "text/csv" }));
    return { path: "/api/fx-rates/import", body: form };
  },
  "POST /api/fx-rates/fetch": () => ({
    path: "/api/fx-rates/fetch",
    json: { from: "2024-01-01", to: "2024-01-05" },
  }),
  "GET /api/settings": () => ({ path: "/api/settings" }),
  "PUT /api/settings": () => ({
    path: "/api/settings",
    json: {
      reportingCurrency: "USD",
      defaultLanguage: "pt-BR",
      timezone: "America/Sao_Paulo",
      notifications: { email: false, daily: false, weekly: false, monthly: false },
      backupFrequency: "daily",
      retentionDays: 30,
    },
  }),
  "POST /api/settings/test-report": () => ({
    path: "/api/settings/test-report",
    json: { key: randomUUID() },
  }),
  "GET /api/backups": () => ({ path: "/api/backups" }),
  "POST /api/backups": () => ({ path: "/api/backups" }),
  "GET /api/backups/{id}/download": async (w) => ({
    path: `/api/backups/${(await freshBackup(w)).id}/download`,
  }),
  "DELETE /api/backups/{id}": async (w) => ({ path: `/api/backups/${(await freshBackup(w)).id}` }),
  "GET /api/commission-settings/{userId}": (w) => ({ path: `/api/commission-settings/${w.users.buyer.id}` }),
  "PUT /api/commission-settings/{userId}": (w) => ({
    path: `/api/commission-settings/${w.users.buyer.id}`,
    json: {
      modelType: "simple",
      baseCommissionRate: "10",
      highRoiCommissionRate: "15",
      roiThreshold: "50",
      tieredRoiThreshold: "50",
      revenueTiers: [],
    },
  }),
  "POST /api/payments/{statementId}/process": async (w) => ({
    path: `/api/payments/${(await freshStatement(w, "pending")).id}/process`,
    json: {},
  }),
  "POST /api/payments/{statementId}/reject": async (w) => ({
    path: `/api/payments/${(await freshStatement(w, "pending")).id}/reject`,
    json: { note: "Wrong month." },
  }),
  "POST /api/payments/{statementId}/reopen": async (w) => ({
    path: `/api/payments/${(await freshStatement(w, "cancelled")).id}/reopen`,
    json: {},
  }),
  "POST /api/payments/{statementId}/confirm": async (w) => ({
    path: `/api/payments/${(await freshStatement(w, "processing")).id}/confirm`,
    json: {},
  }),
  "GET /api/admin/dashboard": () => ({ path: "/api/admin/dashboard" }),
  "GET /api/financial/dashboard": () => ({ path: "/api/financial/dashboard" }),
  "GET /api/financial/analytics": () => ({ path: "/api/financial/analytics" }),
  "GET /api/financial/users": () => ({ path: "/api/financial/users" }),
  "GET /api/financial/users/{id}/stats": (w) => ({ path: `/api/financial/users/${w.users.buyer.id}/stats` }),
  "GET /api/reports": () => ({ path: "/api/reports?groupBy=buyer,week&compare=previous" }),
  "GET /api/reports.csv": () => ({ path: "/api/reports.csv?groupBy=team" }),
  "GET /api/reports.xlsx": () => ({ path: "/api/reports.xlsx?groupBy=offer" }),
  "GET /api/saved-reports": () => ({ path: "/api/saved-reports" }),
  "POST /api/saved-reports": () => ({
    path: "/api/saved-reports",
    json: { name: `view ${unique()}`, query: "groupBy=team,week" },
  }),
  "DELETE /api/saved-reports/{id}": async (w) => ({
    path: `/api/saved-reports/${await buyerSavedReportId(w)}`,
  }),
  "GET /api/team/buyers": () => ({ path: "/api/team/buyers?period=7d" }),
  "GET /api/postback-keys": () => ({ path: "/api/postback-keys" }),
  "POST /api/postback-keys": () => ({ path: "/api/postback-keys", json: { label: `network ${unique()}` } }),
  "DELETE /api/postback-keys/{id}": async (w) => ({
    path: `/api/postback-keys/${(await buyerPostbackKey(w)).id}`,
  }),
  "GET /api/postbacks": () => ({ path: "/api/postbacks?outcome=counted" }),
  "GET /api/postback/{key}": async (w) => ({
    path: `/api/postback/${(await buyerPostbackKey(w)).token}?event=reg&tid=${unique()}&offer=${w.offerId}&date=${postbackDay()}`,
  }),
  "POST /api/postback/{key}": async (w) => ({
    path: `/api/postback/${(await buyerPostbackKey(w)).token}`,
    json: { event: "ftd", amount: "12.50", tid: unique(), offer: w.offerId, date: postbackDay() },
  }),
  "GET /api/users": () => ({ path: "/api/users" }),
  "POST /api/users": () => ({
    path: "/api/users",
    json: { email: `new-${unique()}@example.com`, name: "New Buyer", role: "user" },
  }),
  "GET /api/users/{id}": (w) => ({ path: `/api/users/${w.users.buyer.id}` }),
  "PATCH /api/users/{id}": async (w) => ({
    path: `/api/users/${(await freshTeamBuyer(w)).id}`,
    json: { name: "Renamed Buyer" },
  }),
  "DELETE /api/users/{id}": async (w) => ({ path: `/api/users/${(await freshTeamBuyer(w)).id}` }),
  "POST /api/users/{id}/deactivate": async (w) => ({
    path: `/api/users/${(await freshTeamBuyer(w)).id}/deactivate`,
  }),
  "POST /api/users/{id}/reactivate": async (w) => ({
    path: `/api/users/${(await createUser(w.ctx.db, { role: "user", deactivatedAt: new Date() })).id}/reactivate`,
  }),
  "POST /api/users/{id}/sessions/revoke": async (w) => ({
    path: `/api/users/${(await freshTeamBuyer(w)).id}/sessions/revoke`,
  }),
  "POST /api/users/{id}/two-factor/disable": async (w) => ({
    path: `/api/users/${(await freshTeamBuyer(w)).id}/two-factor/disable`,
  }),
  "GET /api/audit": () => ({ path: "/api/audit?limit=5" }),
};

function freshStatement(w: World, status: "pending" | "processing" | "paid" | "cancelled") {
  return createStatement(w.ctx.db, {
    userId: w.users.buyer.id,
    periodStart: nextPeriodStart(),
    amountDue: "1000.00",
    status,
    paidAt: status === "paid" ? new Date() : null,
  });
}

export async function readOperations(ctx: TestContext): Promise<Operation[]> {
  const document = (await (await ctx.request("/api/openapi.json")).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({
      method: method.toUpperCase(),
      path,
      key: `${method.toUpperCase()} ${path}`,
    })),
  );
}

export async function openOperationWorld(): Promise<World> {
  const ctx = await createTestContext();
  const admin = await createUser(ctx.db, { role: "admin" });
  const financial = await createUser(ctx.db, { role: "financial" });
  const lead = await createUser(ctx.db, { role: "manager" });
  const otherLead = await createUser(ctx.db, { role: "manager" });
  const buyer = await createUser(ctx.db, { role: "user", managerId: lead.id });
  const otherBuyer = await createUser(ctx.db, { role: "user", managerId: otherLead.id });
  const offer = await createOffer(ctx.db, { visibleToAll: true });
  const campaign = await createCampaign(ctx.db, { creatorId: buyer.id, offerId: offer.id, spent: "5.00" });
  const note = await createNote(ctx.db, { userId: buyer.id, createdBy: admin.id });
  const creativeRequest = await createCreativeRequest(ctx.db, { userId: buyer.id });
  const statement = await createStatement(ctx.db, { userId: buyer.id, amountDue: "100.00" });
  const cookies = new Map<Subject, string>();
  const users = { admin, financial, lead, otherLead, buyer, otherBuyer };
  for (const subject of subjects) {
    if (subject === "anonymous") continue;
    const user = users[subject];
    cookies.set(subject, await ctx.signIn(user.email, user.password));
  }
  return {
    ctx,
    cookies,
    users,
    offerId: offer.id,
    campaignId: campaign.id,
    noteId: note.id,
    creativeRequestId: creativeRequest.id,
    statementId: statement.id,
  };
}
