import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { computeDepositPayment } from "../../domain/metrics";
import { fromCents, toCents } from "../../domain/money";
import { addDays, monthOf, monthRange, todayIn } from "../../domain/periods";
import { deriveNameFromEmail, type Language, type Role } from "../../domain/roles";
import type { DbOrTx } from "./client";
import { demoTexts } from "./demo-texts";
import {
  accounts,
  campaigns,
  commissionSettings,
  type creativeFormats,
  creativeRequests,
  type creativeStatuses,
  type creativeTypes,
  notifications,
  type notificationTypes,
  offerAssignments,
  offers,
  paymentAdjustments,
  paymentStatements,
  payouts,
  type statementStatuses,
  userNotes,
  users,
} from "./schema";

// The one source of test and demo data: tests, the demo seed (server/db/seed.ts) and the
// benchmarks all build their rows here. It lives beside the schema, not in tests/, because the
// seed is production code and production imports nothing from tests/. Each factory takes a drizzle handle (database or
// transaction) and a partial input, fills plausible defaults, and returns the inserted row.
// Bulk generators are deterministic: the same seed gives the same rows.

export type UserRow = typeof users.$inferSelect;
export type OfferRow = typeof offers.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaignRow = typeof campaigns.$inferInsert;
export type CreativeRequestRow = typeof creativeRequests.$inferSelect;
export type NoteRow = typeof userNotes.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type StatementRow = typeof paymentStatements.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
export type AdjustmentRow = typeof paymentAdjustments.$inferSelect;
export type CommissionSettingsRow = typeof commissionSettings.$inferSelect;

export const defaultTestPassword = "correct-horse-42";

let sequence = 0;
/** Unique within a process and unlikely to collide across processes sharing a database. */
function nextToken(): string {
  sequence += 1;
  return `${sequence.toString(36)}${randomUUID().slice(0, 6)}`;
}

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

// scrypt takes tens of milliseconds on purpose; one hash per distinct password keeps thousands of
// users fast. Better Auth salts each hash, so sharing one across test users changes nothing.
const hashCache = new Map<string, Promise<string>>();

export function hashPasswordCached(password: string): Promise<string> {
  let hash = hashCache.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashCache.set(password, hash);
  }
  return hash;
}

export type CreateUserInput = {
  role?: Role;
  email?: string;
  name?: string;
  /** Signs in through the real API. Default: defaultTestPassword. */
  password?: string;
  managerId?: string | null;
  language?: Language | null;
  emailVerified?: boolean;
  deactivatedAt?: Date | null;
  createdAt?: Date;
};

/** A user with a credential account (Better Auth's own hash), plus the plain password for tests. */
export type CreatedUser = UserRow & { password: string };

export async function createUser(db: DbOrTx, input: CreateUserInput = {}): Promise<CreatedUser> {
  const role = input.role ?? "user";
  const email = (input.email ?? `${role}-${nextToken()}@example.test`).toLowerCase();
  const password = input.password ?? defaultTestPassword;
  const passwordHash = await hashPasswordCached(password);
  const id = randomUUID();
  const [user] = await db
    .insert(users)
    .values({
      id,
      email,
      name: input.name ?? deriveNameFromEmail(email),
      role,
      managerId: input.managerId ?? null,
      language: input.language ?? null,
      emailVerified: input.emailVerified ?? true,
      deactivatedAt: input.deactivatedAt ?? null,
      // As the app deactivates: the admin plugin's ban goes with it.
      ...(input.deactivatedAt ? { banned: true, banReason: "deactivated" } : {}),
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: passwordHash,
  });
  return { ...required(user, "user"), password };
}

// ---------------------------------------------------------------------------------------------
// Offers
// ---------------------------------------------------------------------------------------------

export type CreateOfferInput = {
  name?: string;
  casinoBrand?: string;
  description?: string | null;
  value?: string;
  currency?: "USD" | "BRL";
  payoutPerDeposit?: string;
  visibleToAll?: boolean;
  /** The code a postback may name the offer by. */
  code?: string | null;
  /** Buyers the offer is assigned to (makes sense with visibleToAll false). */
  assignTo?: string[];
  createdAt?: Date;
};

export async function createOffer(db: DbOrTx, input: CreateOfferInput = {}): Promise<OfferRow> {
  const token = nextToken();
  const [offer] = await db
    .insert(offers)
    .values({
      name: input.name ?? `Offer ${token}`,
      casinoBrand: input.casinoBrand ?? "Test Casino",
      description: input.description ?? null,
      value: input.value ?? "100.00",
      currency: input.currency ?? "USD",
      payoutPerDeposit: input.payoutPerDeposit ?? "50.00",
      visibleToAll: input.visibleToAll ?? true,
      code: input.code ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();
  const row = required(offer, "offer");
  if (input.assignTo?.length) await assignOffer(db, row.id, input.assignTo);
  return row;
}

export async function assignOffer(db: DbOrTx, offerId: string, userIds: string | string[]): Promise<void> {
  const list = Array.isArray(userIds) ? userIds : [userIds];
  if (list.length === 0) return;
  await db
    .insert(offerAssignments)
    .values(list.map((userId) => ({ offerId, userId })))
    .onConflictDoNothing();
}

// ---------------------------------------------------------------------------------------------
// Campaigns
// ---------------------------------------------------------------------------------------------

export type CreateCampaignInput = {
  /** Default: a new buyer. */
  creatorId?: string;
  /** Default: a new offer; null for a campaign whose offer was deleted. */
  offerId?: string | null;
  /** YYYY-MM-DD. Default: today in UTC. */
  date?: string;
  spent?: string;
  clicks?: number;
  installations?: number;
  registrations?: number;
  deposits?: number;
  /** Default: deposits × the offer's payout per deposit (0 without an offer). */
  depositPayment?: string;
  /** Default: the creator's team lead. */
  managerId?: string | null;
  /** Default (the column's): the workspace's reporting currency at insert time. */
  spentCurrency?: "USD" | "BRL";
  revenueCurrency?: "USD" | "BRL";
};

export async function createCampaign(db: DbOrTx, input: CreateCampaignInput = {}): Promise<CampaignRow> {
  const creatorId = input.creatorId ?? (await createUser(db)).id;
  const offerId = input.offerId === undefined ? (await createOffer(db)).id : input.offerId;
  const deposits = input.deposits ?? 0;

  let depositPayment = input.depositPayment;
  if (depositPayment === undefined) {
    const payout = offerId
      ? (await db.select({ payout: offers.payoutPerDeposit }).from(offers).where(eq(offers.id, offerId)))[0]
          ?.payout
      : undefined;
    depositPayment = computeDepositPayment(deposits, payout ?? "0");
  }
  let managerId = input.managerId;
  if (managerId === undefined) {
    const [creator] = await db
      .select({ managerId: users.managerId })
      .from(users)
      .where(eq(users.id, creatorId));
    managerId = creator?.managerId ?? null;
  }

  const [campaign] = await db
    .insert(campaigns)
    .values({
      date: input.date ?? todayIn("UTC"),
      offerId,
      creatorId,
      managerId,
      spent: input.spent ?? "0.00",
      clicks: input.clicks ?? 0,
      installations: input.installations ?? 0,
      registrations: input.registrations ?? 0,
      deposits,
      depositPayment,
      ...(input.spentCurrency ? { spentCurrency: input.spentCurrency } : {}),
      ...(input.revenueCurrency ? { revenueCurrency: input.revenueCurrency } : {}),
    })
    .returning();
  return required(campaign, "campaign");
}

/**
 * The rows with at most one per buyer, offer and day (the unique key of migration 0013, decision
 * 0083): the first of each is kept. Rows without an offer are all kept, as the key leaves them.
 */
export function onePerDay<T extends Pick<NewCampaignRow, "creatorId" | "offerId" | "date">>(
  rows: Iterable<T>,
): T[] {
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const row of rows) {
    const key = `${row.creatorId}|${row.offerId}|${row.date}`;
    if (row.offerId && seen.has(key)) continue;
    seen.add(key);
    kept.push(row);
  }
  return kept;
}

/** Inserts campaign rows in chunks (one statement per chunk); returns how many were inserted. */
export async function insertCampaignRows(
  db: DbOrTx,
  rows: Iterable<NewCampaignRow>,
  chunkSize = 1000,
): Promise<number> {
  let chunk: NewCampaignRow[] = [];
  let inserted = 0;
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length >= chunkSize) {
      await db.insert(campaigns).values(chunk);
      inserted += chunk.length;
      chunk = [];
    }
  }
  if (chunk.length > 0) {
    await db.insert(campaigns).values(chunk);
    inserted += chunk.length;
  }
  return inserted;
}

// ---------------------------------------------------------------------------------------------
// Creative requests, notes, notifications
// ---------------------------------------------------------------------------------------------

export type CreateCreativeRequestInput = {
  userId?: string;
  type?: (typeof creativeTypes)[number];
  format?: (typeof creativeFormats)[number];
  deadline?: string;
  description?: string;
  status?: (typeof creativeStatuses)[number];
  adminNotes?: string | null;
  createdAt?: Date;
};

export async function createCreativeRequest(
  db: DbOrTx,
  input: CreateCreativeRequestInput = {},
): Promise<CreativeRequestRow> {
  const userId = input.userId ?? (await createUser(db)).id;
  const [row] = await db
    .insert(creativeRequests)
    .values({
      userId,
      type: input.type ?? "Image",
      format: input.format ?? "Square",
      deadline: input.deadline ?? addDays(todayIn("UTC"), 7),
      description: input.description ?? "Three banner variations for the weekend campaign.",
      status: input.status ?? "pending",
      adminNotes: input.adminNotes ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();
  return required(row, "creative request");
}

export type CreateNoteInput = {
  userId?: string;
  content?: string;
  /** The admin who wrote it. Default: a new admin. */
  createdBy?: string | null;
  createdAt?: Date;
};

export async function createNote(db: DbOrTx, input: CreateNoteInput = {}): Promise<NoteRow> {
  const userId = input.userId ?? (await createUser(db)).id;
  const createdBy =
    input.createdBy === undefined ? (await createUser(db, { role: "admin" })).id : input.createdBy;
  const [row] = await db
    .insert(userNotes)
    .values({
      userId,
      content: input.content ?? "Keep daily spend under control this week.",
      createdBy,
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();
  return required(row, "note");
}

export type CreateNotificationInput = {
  userId?: string;
  type?: (typeof notificationTypes)[number];
  metadata?: Record<string, unknown>;
  read?: boolean;
  createdAt?: Date;
};

export async function createNotification(
  db: DbOrTx,
  input: CreateNotificationInput = {},
): Promise<NotificationRow> {
  const userId = input.userId ?? (await createUser(db)).id;
  const [row] = await db
    .insert(notifications)
    .values({
      userId,
      type: input.type ?? "new_offer",
      metadata: input.metadata ?? { offerName: "Test offer", casino: "Test Casino", depositValue: "50.00" },
      read: input.read ?? false,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return required(row, "notification");
}

// ---------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------

export type CreateStatementInput = {
  /** Default: a random uuid. A fixed one lets a test state what is derived from it (a reference). */
  id?: string;
  userId?: string;
  /** First day of the month, YYYY-MM-01. Default: the current month (UTC). */
  periodStart?: string;
  periodEnd?: string;
  amountDue?: string;
  status?: (typeof statementStatuses)[number];
  paidAt?: Date | null;
};

export async function createStatement(db: DbOrTx, input: CreateStatementInput = {}): Promise<StatementRow> {
  const userId = input.userId ?? (await createUser(db)).id;
  const month = monthRange(monthOf(input.periodStart ?? todayIn("UTC")));
  const periodStart = input.periodStart ?? month.from;
  const periodEnd = input.periodEnd ?? month.to;
  const [row] = await db
    .insert(paymentStatements)
    .values({
      ...(input.id ? { id: input.id } : {}),
      userId,
      periodStart,
      periodEnd,
      amountDue: input.amountDue ?? "0.00",
      status: input.status ?? "pending",
      paidAt: input.paidAt ?? null,
    })
    .returning();
  return required(row, "statement");
}

export type CreatePayoutInput = {
  /** Default: a new statement for a new buyer. */
  statementId?: string;
  amount?: string;
  note?: string | null;
  createdBy?: string | null;
  paidAt?: Date;
};

export async function createPayout(db: DbOrTx, input: CreatePayoutInput = {}): Promise<PayoutRow> {
  const statementId = input.statementId ?? (await createStatement(db)).id;
  const [row] = await db
    .insert(payouts)
    .values({
      statementId,
      amount: input.amount ?? "100.00",
      note: input.note ?? null,
      createdBy: input.createdBy ?? null,
      ...(input.paidAt ? { paidAt: input.paidAt } : {}),
    })
    .returning();
  return required(row, "payout");
}

export type CreateAdjustmentInput = {
  /** Default: a new statement for a new buyer. */
  statementId?: string;
  /** + bonus, − clawback. Default "-10.00". */
  amount?: string;
  reason?: string;
  createdBy?: string | null;
};

/** A manual adjustment (carried overpayments are written by the server in pairs). */
export async function createAdjustment(
  db: DbOrTx,
  input: CreateAdjustmentInput = {},
): Promise<AdjustmentRow> {
  const statementId = input.statementId ?? (await createStatement(db)).id;
  const [row] = await db
    .insert(paymentAdjustments)
    .values({
      statementId,
      amount: input.amount ?? "-10.00",
      reason: input.reason ?? "Chargeback",
      kind: "manual",
      createdBy: input.createdBy ?? null,
    })
    .returning();
  return required(row, "adjustment");
}

export type CreateCommissionSettingsInput = Partial<
  Omit<typeof commissionSettings.$inferInsert, "userId" | "updatedAt" | "createdAt">
> & {
  userId: string;
};

/**
 * A buyer's commission settings from a month on (effectiveFrom "YYYY-MM-01"; default 2000-01-01,
 * "from the start"), the simple model's defaults unless given.
 */
export async function createCommissionSettings(
  db: DbOrTx,
  input: CreateCommissionSettingsInput,
): Promise<CommissionSettingsRow> {
  const [row] = await db.insert(commissionSettings).values(input).returning();
  return required(row, "commission settings");
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------

export type Random = {
  /** Uniform in [0, 1). */
  next: () => number;
  /** Uniform integer in [min, max]. */
  int: (min: number, max: number) => number;
  /** Uniform in [min, max). */
  between: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** k distinct items in random order. */
  sample: <T>(items: readonly T[], k: number) => T[];
  /** Standard normal (mean 0, deviation 1). */
  normal: () => number;
  /** A positive factor around 1 (median 1) with the given spread. */
  logNormal: (sigma: number) => number;
  /** Successes among n trials of probability p. */
  binomial: (n: number, p: number) => number;
};

/** mulberry32: tiny, fast, and good enough for plausible demo data. Same seed, same sequence. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => {
    // Box-Muller; 1 - next() is in (0, 1], so the log is finite.
    const u = 1 - next();
    const v = next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const random: Random = {
    next,
    int,
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new RangeError("pick from an empty list");
      return items[int(0, items.length - 1)] as (typeof items)[number];
    },
    sample: (items, k) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy.slice(0, Math.max(0, Math.min(k, copy.length)));
    },
    normal,
    logNormal: (sigma) => Math.exp(sigma * normal()),
    binomial: (n, p) => {
      if (n <= 0 || p <= 0) return 0;
      if (p >= 1) return n;
      const mean = n * p;
      const variance = mean * (1 - p);
      if (variance > 9) {
        // Normal approximation: exact enough for a demo, fast for millions of rows.
        return Math.min(n, Math.max(0, Math.round(mean + Math.sqrt(variance) * normal())));
      }
      if (n <= 200) {
        let successes = 0;
        for (let i = 0; i < n; i++) if (next() < p) successes++;
        return successes;
      }
      // Large n, small p: Poisson with λ = np (Knuth).
      const limit = Math.exp(-mean);
      let k = 0;
      let product = next();
      while (product > limit) {
        k++;
        product *= next();
      }
      return Math.min(n, k);
    },
  };
  return random;
}

// ---------------------------------------------------------------------------------------------
// Bulk generators (demo seed, benchmarks)
// ---------------------------------------------------------------------------------------------

const casinoBrands = [
  "Lucky Palms",
  "Rio Royale",
  "Golden Spin",
  "Vegas Tropical",
  "Copacabana Bet",
  "Jackpot Azul",
  "Fortuna Club",
  "Samba Slots",
] as const;
/** English themes unless the caller brings its language's (the demo seed does; benchmarks do not). */
const offerThemes = demoTexts.en.offerThemes;
const regions = ["BR", "MX", "CL", "PE", "CO", "AR"] as const;

/**
 * Offer inputs with varied brands, currencies and payouts, deterministic from the seed. `words`
 * gives the themes and description in another language (the demo seed's workspace language).
 */
export function generateOfferInputs(
  count: number,
  seed: number,
  words?: { themes: readonly string[]; description: (theme: string, region: string) => string },
): CreateOfferInput[] {
  const random = createRandom(seed ^ 0x0ff3);
  const inputs: CreateOfferInput[] = [];
  for (let i = 0; i < count; i++) {
    const brand = casinoBrands[i % casinoBrands.length] as string;
    const themeIndex = (i * 3 + Math.floor(i / offerThemes.length)) % offerThemes.length;
    const theme = (words?.themes[themeIndex] ?? offerThemes[themeIndex]) as string;
    // Every third offer is a Brazilian deal valued in BRL; the rest are in USD.
    const currency = i % 3 === 1 ? "BRL" : "USD";
    const region = currency === "BRL" ? "BR" : random.pick(regions);
    // Payout per deposit (reporting currency) between 15 and 90, in whole or half units.
    const payout = fromCents(BigInt(random.int(30, 180)) * 50n);
    const value = fromCents(BigInt(random.int(10, 100)) * (currency === "BRL" ? 2500n : 500n));
    inputs.push({
      name: `${brand} ${theme} ${region}`,
      casinoBrand: brand,
      description: random.chance(0.7)
        ? (words?.description(theme, region) ??
          `${theme} for new players in ${region}. Minimum deposit applies.`)
        : null,
      value,
      currency,
      payoutPerDeposit: payout,
      visibleToAll: true,
    });
  }
  return inputs;
}

export type GeneratorBuyer = {
  id: string;
  managerId: string | null;
  /** Offers this buyer may log (visible to all or assigned). Default: every offer. */
  offerIds?: readonly string[];
  /** Days before the end date on which the buyer started (default: the whole range). */
  startedDaysAgo?: number;
};

export type GeneratorOffer = { id: string; payoutPerDeposit: string };

export type GenerateCampaignRowsInput = {
  buyers: readonly GeneratorBuyer[];
  offers: readonly GeneratorOffer[];
  /** Number of calendar days, ending on endDate inclusive. */
  days: number;
  /** YYYY-MM-DD; default today in UTC. Pass it explicitly for fully reproducible rows. */
  endDate?: string;
  seed: number;
  /** How many offers each buyer works over the period (clamped to what they may see). */
  offersPerBuyer?: [min: number, max: number];
};

type Funnel = { clickToInstall: number; installToRegistration: number; registrationToDeposit: number };

/**
 * Plausible daily funnels: clicks → installs → registrations → deposits with offer-specific rates,
 * a cost per click set by each buyer's margin with daily noise (so some days lose money), weekly
 * seasonality, and buyers who work a few offers each in windows, not every offer every day.
 * Yields rows in date order per buyer; the same input always yields the same rows.
 */
export function* iterateCampaignRows(input: GenerateCampaignRowsInput): Generator<NewCampaignRow> {
  const random = createRandom(input.seed);
  const endDate = input.endDate ?? todayIn("UTC");
  const firstDate = addDays(endDate, -(input.days - 1));
  const [minOffers, maxOffers] = input.offersPerBuyer ?? [3, 6];
  const payoutById = new Map(input.offers.map((o) => [o.id, toCents(o.payoutPerDeposit)]));
  const funnels = new Map<string, Funnel>();
  for (const offer of input.offers) {
    funnels.set(offer.id, {
      clickToInstall: random.between(0.12, 0.34),
      installToRegistration: random.between(0.22, 0.48),
      registrationToDeposit: random.between(0.1, 0.28),
    });
  }
  const firstWeekday = new Date(`${firstDate}T00:00:00Z`).getUTCDay();

  for (const buyer of input.buyers) {
    const visible = buyer.offerIds ?? input.offers.map((o) => o.id);
    const workable = visible.filter((id) => payoutById.has(id));
    if (workable.length === 0) continue;
    // A buyer's skill: the margin they aim for over the offer's expected earnings per click.
    const margin = random.between(-0.05, 0.6);
    const volume = random.logNormal(0.5);
    const startDay = Math.max(0, input.days - (buyer.startedDaysAgo ?? input.days));
    const chosen = random.sample(workable, random.int(minOffers, maxOffers));
    for (const offerId of chosen) {
      const funnel = funnels.get(offerId) as Funnel;
      const payoutCents = payoutById.get(offerId) as bigint;
      const payout = Number(payoutCents) / 100;
      const expectedEpc =
        funnel.clickToInstall * funnel.installToRegistration * funnel.registrationToDeposit * payout;
      const baseCpc = Math.max(0.01, (expectedEpc / (1 + margin)) * random.logNormal(0.15));
      const baseClicks = Math.round(random.between(100, 1200) * volume);
      // Each offer is worked in one window: from some day to the end, or paused before it.
      const span = input.days - startDay;
      const from = startDay + (random.chance(0.5) ? 0 : random.int(0, Math.floor(span * 0.6)));
      const to = random.chance(0.75) ? input.days - 1 : random.int(from, input.days - 1);
      let trend = 1;
      for (let day = from; day <= to; day++) {
        trend = Math.min(1.8, Math.max(0.5, trend * random.logNormal(0.05)));
        const weekday = (firstWeekday + day) % 7;
        const weekend = weekday === 0 || weekday === 6;
        const isLastDay = day === input.days - 1;
        // Today is logged only by some (results come in at the end of the day).
        const activeChance = isLastDay ? 0.45 : weekend ? 0.55 : 0.82;
        if (!random.chance(activeChance)) continue;
        const clicks = Math.max(
          0,
          Math.round(baseClicks * trend * (weekend ? 0.8 : 1) * random.logNormal(0.35)),
        );
        const installations = random.binomial(clicks, funnel.clickToInstall * random.logNormal(0.1));
        const registrations = random.binomial(
          installations,
          funnel.installToRegistration * random.logNormal(0.1),
        );
        const deposits = random.binomial(
          registrations,
          funnel.registrationToDeposit * random.logNormal(0.15),
        );
        const cpc = baseCpc * random.logNormal(0.25);
        const spentCents = BigInt(Math.max(0, Math.round(clicks * cpc * 100)));
        yield {
          date: addDays(firstDate, day),
          offerId,
          creatorId: buyer.id,
          managerId: buyer.managerId,
          spent: fromCents(spentCents),
          clicks,
          installations,
          registrations,
          deposits,
          depositPayment: fromCents(BigInt(deposits) * payoutCents),
        };
      }
    }
  }
}

export function generateCampaignRows(input: GenerateCampaignRowsInput): NewCampaignRow[] {
  return Array.from(iterateCampaignRows(input));
}

function required<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw new Error(`Inserting the ${what} returned no row`);
  return row;
}
