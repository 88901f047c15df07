import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, todayIn } from "../../../domain/periods";
import type { GuardrailWarning } from "../../../domain/schemas/guardrails";
import { createTestContext, type TestContext } from "../../../tests/harness";
import { type CreatedUser, createCampaign, createOffer, createUser, type OfferRow } from "../../db/factories";
import { campaigns, workspaceSettings } from "../../db/schema";
import { refuseFutureDates } from "./guardrails";

// Guardrails on every write path (issue 26, docs/decisions/0084): a day after today in the workspace
// time zone is refused; a funnel that runs backwards, or a value above 10× the buyer's median for the
// offer over the previous 30 logged days, is saved only with acknowledgeWarnings: true. Each path:
// the form (POST), PATCH, the batch API and the import.

let ctx: TestContext;
let buyer: CreatedUser;
let newcomer: CreatedUser;
let fortuna: OfferRow;
let fresh: OfferRow;
const cookies: Record<string, string> = {};

const zone = "America/Sao_Paulo";
const today = () => todayIn(zone);
const day = (n: number) => addDays(today(), -n);

/** The buyer's history for Fortuna: 10 logged days (20 to 11 days ago), median 100 clicks. */
const median = { spent: "100.00", clicks: 100, installations: 50, registrations: 20, deposits: 5 };

beforeAll(async () => {
  ctx = await createTestContext();
  buyer = await createUser(ctx.db, { role: "user" });
  newcomer = await createUser(ctx.db, { role: "user" });
  for (const user of [buyer, newcomer]) cookies[user.id] = await ctx.signIn(user.email, user.password);
  fortuna = await createOffer(ctx.db, { name: "Fortuna Guard", payoutPerDeposit: "30.00" });
  fresh = await createOffer(ctx.db, { name: "Fresh Guard", payoutPerDeposit: "10.00" });
  // Clicks around the median (the two middle values of ten are 100), spend 100.00, revenue 150.00.
  const clicks = [80, 90, 100, 100, 100, 100, 100, 110, 120, 130];
  for (const [i, n] of clicks.entries())
    await createCampaign(ctx.db, {
      creatorId: buyer.id,
      offerId: fortuna.id,
      date: day(11 + i),
      ...median,
      clicks: n,
    });
  // Only four logged days: no median yet.
  for (let n = 11; n <= 14; n++)
    await createCampaign(ctx.db, { creatorId: newcomer.id, offerId: fortuna.id, date: day(n), ...median });
});

afterAll(async () => {
  await ctx?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

const entry = (overrides: Record<string, unknown> = {}) => ({
  date: day(1),
  offerId: fortuna.id,
  spent: "100.00",
  clicks: 100,
  installations: 50,
  registrations: 20,
  deposits: 5,
  ...overrides,
});

/** The example: 10 clicks, 500 installs, 900 registrations, 1,000 deposits. */
const backwards = { clicks: 10, installations: 500, registrations: 900, deposits: 1000 };

type ErrorAnswer = {
  error: { code: string; fields?: Record<string, string>; warnings?: GuardrailWarning[] };
};

async function send(user: CreatedUser, path: string, method: string, json: unknown) {
  const response = await ctx.request(path, { method, cookie: cookies[user.id], json });
  return { status: response.status, body: (await response.json()) as ErrorAnswer & Record<string, unknown> };
}

const post = (user: CreatedUser, json: unknown) => send(user, "/api/campaigns", "POST", json);
const patch = (user: CreatedUser, id: string, json: unknown) =>
  send(user, `/api/campaigns/${id}`, "PATCH", json);
const batch = (user: CreatedUser, json: unknown) => send(user, "/api/campaigns/batch", "POST", json);

async function rowsOn(userId: string, offerId: string, date: string) {
  return ctx.db
    .select({ clicks: campaigns.clicks, deposits: campaigns.deposits })
    .from(campaigns)
    .where(and(eq(campaigns.creatorId, userId), eq(campaigns.offerId, offerId), eq(campaigns.date, date)));
}

async function setWorkspaceZone(timezone: string) {
  await ctx.db
    .insert(workspaceSettings)
    .values({ id: 1, timezone })
    .onConflictDoUpdate({ target: workspaceSettings.id, set: { timezone } });
}

describe("future dates", () => {
  it("are refused on the form, PATCH and the batch; today is accepted", async () => {
    const tomorrow = addDays(today(), 1);
    const form = await post(buyer, entry({ date: tomorrow, offerId: fresh.id }));
    expect(form.status).toBe(400);
    expect(form.body.error).toMatchObject({ code: "future_date", fields: { date: "future_date" } });
    expect(await rowsOn(buyer.id, fresh.id, tomorrow)).toEqual([]);

    const saved = await post(buyer, entry({ date: today(), offerId: fresh.id }));
    expect(saved.status).toBe(201);
    const moved = await patch(buyer, String(saved.body.id), { date: tomorrow });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toMatchObject({ code: "future_date", fields: { date: "future_date" } });

    const rows = [entry({ date: day(2), offerId: fresh.id }), entry({ date: tomorrow, offerId: fresh.id })];
    const refused = await batch(buyer, { rows, acknowledgeWarnings: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: "future_date",
      fields: { "rows.1.date": "future_date" },
    });
    expect(await rowsOn(buyer.id, fresh.id, day(2))).toEqual([]);
  });

  it("follow the workspace's time zone: at 23:30 in São Paulo tomorrow is refused there, not in UTC", async () => {
    const spToday = today();
    const spTomorrow = addDays(spToday, 1);
    // 23:30 in São Paulo (UTC−3) is 02:30 UTC of the next day.
    const lateEvening = new Date(`${spTomorrow}T02:30:00Z`);
    expect(() => refuseFutureDates([["date", spTomorrow]], zone, lateEvening)).toThrow();
    expect(() => refuseFutureDates([["date", spToday]], zone, lateEvening)).not.toThrow();
    expect(() => refuseFutureDates([["date", spTomorrow]], "UTC", lateEvening)).not.toThrow();

    vi.useFakeTimers({ toFake: ["Date"], now: lateEvening });
    const there = await post(newcomer, entry({ date: spTomorrow, offerId: fresh.id }));
    expect(there.status).toBe(400);
    expect(there.body.error.code).toBe("future_date");
    await setWorkspaceZone("UTC");
    try {
      const inUtc = await post(newcomer, entry({ date: spTomorrow, offerId: fresh.id }));
      expect(inUtc.status).toBe(201);
    } finally {
      await setWorkspaceZone(zone);
    }
  });
});

describe("the form", () => {
  it("asks to confirm the issue's backwards funnel and saves it only with acknowledgeWarnings", async () => {
    const body = entry({ date: day(3), offerId: fresh.id, ...backwards });
    const refused = await post(buyer, body);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("needs_confirmation");
    expect(refused.body.error.fields).toEqual({
      deposits: "deposits_over_registrations",
      registrations: "registrations_over_clicks",
      installations: "installations_over_clicks",
    });
    expect(refused.body.error.warnings).toEqual([
      { field: "installations", code: "installations_over_clicks", value: "500" },
      { field: "registrations", code: "registrations_over_clicks", value: "900" },
      { field: "deposits", code: "deposits_over_registrations", value: "1000" },
    ]);
    expect(await rowsOn(buyer.id, fresh.id, day(3))).toEqual([]);
    const confirmed = await post(buyer, { ...body, acknowledgeWarnings: true });
    expect(confirmed.status).toBe(201);
    expect(await rowsOn(buyer.id, fresh.id, day(3))).toEqual([{ clicks: 10, deposits: 1000 }]);
  });

  it("does not compare a step with an earlier one that was not entered (0 clicks)", async () => {
    const saved = await post(buyer, entry({ date: day(4), offerId: fresh.id, clicks: 0 }));
    expect(saved.status).toBe(201);
  });

  it("warns at 11× the buyer's median for the offer and not at 9×", async () => {
    const eleven = await post(buyer, entry({ date: day(5), clicks: 1100 }));
    expect(eleven.status).toBe(422);
    expect(eleven.body.error.fields).toEqual({ clicks: "above_median" });
    expect(eleven.body.error.warnings).toEqual([
      { field: "clicks", code: "above_median", value: "1100", median: "100", limit: "1000" },
    ]);
    const nine = await post(buyer, entry({ date: day(5), clicks: 900 }));
    expect(nine.status).toBe(201);
  });

  it("compares money exactly, revenue included", async () => {
    // Median spend 100.00: 1000.00 is not above 10×, 1000.01 is.
    const atLimit = await post(buyer, entry({ date: day(6), spent: "1000.00" }));
    expect(atLimit.status).toBe(201);
    const above = await post(buyer, entry({ date: day(7), spent: "1000.01", depositPayment: "1500.01" }));
    expect(above.status).toBe(422);
    expect(above.body.error.warnings).toEqual([
      { field: "spent", code: "above_median", value: "1000.01", median: "100", limit: "1000" },
      { field: "depositPayment", code: "above_median", value: "1500.01", median: "150", limit: "1500" },
    ]);
  });

  it("has no median when it is 0", async () => {
    // Five logged days without a deposit on Fresh: 3 deposits are not "above 10× 0".
    for (let n = 11; n <= 15; n++)
      await createCampaign(ctx.db, {
        creatorId: newcomer.id,
        offerId: fresh.id,
        date: day(n),
        ...median,
        deposits: 0,
      });
    const saved = await post(newcomer, entry({ date: day(2), offerId: fresh.id, deposits: 3 }));
    expect(saved.status).toBe(201);
  });

  it("has no median with fewer than five logged days", async () => {
    const saved = await post(newcomer, entry({ date: day(1), clicks: 5000 }));
    expect(saved.status).toBe(201);
  });
});

describe("PATCH", () => {
  it("asks to confirm the edited row's warnings", async () => {
    const created = await post(buyer, entry({ date: day(8) }));
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    const eleven = await patch(buyer, id, { clicks: 1100 });
    expect(eleven.status).toBe(422);
    expect(eleven.body.error).toMatchObject({
      code: "needs_confirmation",
      fields: { clicks: "above_median" },
    });
    const nine = await patch(buyer, id, { clicks: 900 });
    expect(nine.status).toBe(200);
    const funnel = await patch(buyer, id, backwards);
    expect(funnel.status).toBe(422);
    // Installs of 500 are not above 10 × 50; revenue follows deposits (1,000 × 30.00).
    expect(funnel.body.error.warnings?.map((w) => [w.field, w.code])).toEqual([
      ["installations", "installations_over_clicks"],
      ["registrations", "registrations_over_clicks"],
      ["registrations", "above_median"],
      ["deposits", "deposits_over_registrations"],
      ["deposits", "above_median"],
      ["depositPayment", "above_median"],
    ]);
    expect(await rowsOn(buyer.id, fortuna.id, day(8))).toEqual([{ clicks: 900, deposits: 5 }]);
    const confirmed = await patch(buyer, id, { ...backwards, acknowledgeWarnings: true });
    expect(confirmed.status).toBe(200);
    expect(await rowsOn(buyer.id, fortuna.id, day(8))).toEqual([{ clicks: 10, deposits: 1000 }]);
  });
});

describe("the batch", () => {
  it("names each row's warnings and saves only with acknowledgeWarnings", async () => {
    const rows = [
      entry({ date: day(9), clicks: 900 }),
      entry({ date: day(9), offerId: fresh.id, ...backwards }),
      entry({ date: day(10), clicks: 1100 }),
    ];
    const refused = await batch(buyer, { rows });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("needs_confirmation");
    expect(refused.body.error.fields).toEqual({
      "rows.1.installations": "installations_over_clicks",
      "rows.1.registrations": "registrations_over_clicks",
      "rows.1.deposits": "deposits_over_registrations",
      "rows.2.clicks": "above_median",
    });
    expect(refused.body.error.warnings?.map((w) => [w.row, w.field])).toEqual([
      [1, "installations"],
      [1, "registrations"],
      [1, "deposits"],
      [2, "clicks"],
    ]);
    expect(await rowsOn(buyer.id, fortuna.id, day(9))).toEqual([]);
    const confirmed = await batch(buyer, { rows, acknowledgeWarnings: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ added: 3 });
  });
});

describe("the import", () => {
  async function preview(user: CreatedUser, bytes: Uint8Array<ArrayBuffer>, name = "results.csv") {
    const form = new FormData();
    form.set("file", new File([bytes], name, { type: "text/csv" }));
    return ctx.request("/api/imports/preview", { method: "POST", cookie: cookies[user.id], body: form });
  }
  const csv = (lines: string[]) =>
    new TextEncoder().encode(
      ["Date,Offer,Cost,Clicks,Installs,Registrations,Deposits", ...lines].join("\n"),
    ) as Uint8Array<ArrayBuffer>;

  it("marks future rows as errors, shows each row's warnings and asks once at the commit", async () => {
    const tomorrow = addDays(today(), 1);
    const response = await preview(
      buyer,
      csv([
        `${day(21)},${fortuna.name},100.00,100,50,20,5`,
        `${day(21)},${fresh.name},100.00,10,500,900,1000`,
        `${day(22)},${fortuna.name},100.00,1100,50,20,5`,
        `${tomorrow},${fortuna.name},100.00,100,50,20,5`,
      ]),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      token: string;
      rows: { line: number; status: string; problems: { code: string }[]; warnings: GuardrailWarning[] }[];
    };
    // Days 21 and 22 ago are before the history: no median there, only the funnel's warnings.
    expect(body.rows.map((r) => [r.line, r.status, r.problems.map((p) => p.code)])).toEqual([
      [2, "ok", []],
      [3, "ok", []],
      [4, "ok", []],
      [5, "error", ["future_date"]],
    ]);
    expect(body.rows[1]!.warnings.map((w) => [w.row, w.code])).toEqual([
      [3, "installations_over_clicks"],
      [3, "registrations_over_clicks"],
      [3, "deposits_over_registrations"],
    ]);
    expect(body.rows[0]!.warnings).toEqual([]);
    const commit = (json: Record<string, unknown>) =>
      send(buyer, "/api/imports", "POST", { token: body.token, ...json });
    const refused = await commit({});
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("needs_confirmation");
    expect(refused.body.error.fields).toMatchObject({ "rows.3.deposits": "deposits_over_registrations" });
    expect(await rowsOn(buyer.id, fresh.id, day(21))).toEqual([]);
    const confirmed = await commit({ acknowledgeWarnings: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ added: 3, skipped: 1 });
    expect(await rowsOn(buyer.id, fortuna.id, tomorrow)).toEqual([]);
  });

  it("warns at 11× the median and not at 9×", async () => {
    const response = await preview(
      buyer,
      csv([`${day(2)},${fortuna.name},100.00,1100,50,20,5`, `${day(3)},${fortuna.name},100.00,900,50,20,5`]),
    );
    const body = (await response.json()) as { token: string; rows: { warnings: GuardrailWarning[] }[] };
    expect(body.rows[0]!.warnings).toEqual([
      { row: 2, field: "clicks", code: "above_median", value: "1100", median: "100", limit: "1000" },
    ]);
    expect(body.rows[1]!.warnings).toEqual([]);
    // Only the 9× row: nothing to confirm.
    const only = await preview(buyer, csv([`${day(3)},${fortuna.name},100.00,900,50,20,5`]));
    const token = ((await only.json()) as { token: string }).token;
    const saved = await send(buyer, "/api/imports", "POST", { token });
    expect(saved.status).toBe(200);
  });

  it("refuses a binary file as unreadable instead of listing rows of problems", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x41, 0x42, 0x0a, 0x43]);
    // No signature, but bytes of every value, as in compressed or encrypted data.
    const noise = Uint8Array.from({ length: 4096 }, (_, i) => (i * 151 + 7) % 256);
    const pdf = new TextEncoder().encode("%PDF-1.7\nDate,Offer\n2026-01-01,x\n");
    for (const [bytes, name] of [
      [png, "photo.csv"],
      [noise, "results.csv"],
      [pdf, "report.csv"],
    ] as const) {
      const response = await preview(buyer, bytes as Uint8Array<ArrayBuffer>, name);
      expect(response.status, name).toBe(422);
      expect(((await response.json()) as ErrorAnswer).error).toMatchObject({
        code: "import_unreadable_file",
        fields: { file: "import_unreadable_file" },
      });
    }
  });
});
