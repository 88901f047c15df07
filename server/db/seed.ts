import { count, sql } from "drizzle-orm";
import { calculateCommission, defaultCommissionSettings } from "../../domain/commission";
import { fromCents, toCents } from "../../domain/money";
import { addDays, addMonths, monthOf, monthRange, todayIn } from "../../domain/periods";
import { can } from "../../domain/permissions";
import { defaultLanguage, isLanguage, type Language, type Role } from "../../domain/roles";
import { openConfiguredDatabase } from "../bootstrap";
import { type Env, parseEnv } from "../env";
import { readWorkspaceSettings } from "../workspace-settings";
import type { DbOrTx } from "./client";
import { type DemoTexts, demoTexts } from "./demo-texts";
import {
  assignOffer,
  type CreatedUser,
  createAdjustment,
  createCreativeRequest,
  createNote,
  createNotification,
  createOffer,
  createPayout,
  createRandom,
  createStatement,
  createUser,
  type GeneratorBuyer,
  generateOfferInputs,
  hashPasswordCached,
  insertCampaignRows,
  iterateCampaignRows,
  type OfferRow,
} from "./factories";
import { campaigns, paymentStatements, paymentStatusChanges, payouts, users } from "./schema";

// `npm run seed` migrates the configured database; `npm run seed -- --demo` also fills an empty one
// with a believable team. The rows come from server/db/factories.ts, the same code the tests use.

export const demoPassword = "placar-demo";
export const demoDays = 180;
const demoSeed = 20_240_601;

export class SeedRefusedError extends Error {
  override name = "SeedRefusedError";
}

type DemoPerson = {
  key: string;
  role: Role;
  name: string;
  email: string;
  lead?: string;
  language?: Language;
  startedDaysAgo?: number;
};

const demoPeople: DemoPerson[] = [
  { key: "admin", role: "admin", name: "Ana Ribeiro", email: "admin@placar.demo", language: "pt-BR" },
  { key: "financial", role: "financial", name: "Fernanda Costa", email: "financeiro@placar.demo" },
  { key: "lead1", role: "manager", name: "Lucas Almeida", email: "lucas.lider@placar.demo" },
  { key: "lead2", role: "manager", name: "Marina Duarte", email: "marina.lider@placar.demo" },
  { key: "b1", role: "user", name: "Bruno Santos", email: "bruno@placar.demo", lead: "lead1" },
  { key: "b2", role: "user", name: "Camila Rocha", email: "camila@placar.demo", lead: "lead1" },
  { key: "b3", role: "user", name: "Diego Martins", email: "diego@placar.demo", lead: "lead1" },
  {
    key: "b4",
    role: "user",
    name: "Eduarda Lima",
    email: "eduarda@placar.demo",
    lead: "lead1",
    startedDaysAgo: 75,
  },
  { key: "b5", role: "user", name: "Felipe Araújo", email: "felipe@placar.demo", lead: "lead2" },
  { key: "b6", role: "user", name: "Gabriela Nunes", email: "gabriela@placar.demo", lead: "lead2" },
  {
    key: "b7",
    role: "user",
    name: "Henrique Gomes",
    email: "henrique@placar.demo",
    lead: "lead2",
    startedDaysAgo: 120,
  },
  {
    key: "b8",
    role: "user",
    name: "Isabela Ferreira",
    email: "isabela@placar.demo",
    lead: "lead2",
    startedDaysAgo: 40,
  },
];

/** Offers (by index) restricted to specific buyers (by key); every other offer is visible to all. */
const restrictedOffers: Record<number, string[]> = {
  2: ["b1", "b5"],
  6: ["b2"],
  9: ["b3", "b6", "b7"],
  12: ["b8", "b4"],
  14: ["b5"],
};

export type DemoSummary = {
  logins: { role: Role; name: string; email: string }[];
  password: string;
  firstDate: string;
  lastDate: string;
  counts: {
    users: number;
    offers: number;
    restrictedOffers: number;
    campaigns: number;
    creativeRequests: number;
    notes: number;
    notifications: number;
    statements: number;
    payouts: number;
  };
};

/**
 * Fills an empty database with the demo team, in one transaction (all or nothing).
 * `today` is the last day of campaigns: today in the workspace time zone.
 */
export async function seedDemo(
  db: DbOrTx,
  options: { today: string; password?: string; language?: Language },
): Promise<DemoSummary> {
  const password = options.password ?? demoPassword;
  const texts = demoTexts[options.language ?? defaultLanguage];
  // Hash before the transaction opens so it stays short.
  await hashPasswordCached(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) {
      throw new SeedRefusedError(
        `The database already has ${existing?.n} user(s). The demo seed only fills an empty database; ` +
          "point DATA_DIR (or DATABASE_URL) at a new one.",
      );
    }
    const random = createRandom(demoSeed);
    const today = options.today;
    const firstDate = addDays(today, -(demoDays - 1));
    const now = Date.now();
    // Noon UTC of a past day, never later than now.
    const startOf = (daysAgo: number) =>
      new Date(Math.min(now, Date.parse(`${addDays(today, -daysAgo)}T12:00:00Z`)));

    const people = new Map<string, CreatedUser>();
    for (const person of demoPeople) {
      const lead = person.lead ? people.get(person.lead) : undefined;
      const created = await createUser(tx, {
        role: person.role,
        name: person.name,
        email: person.email,
        password,
        managerId: lead?.id ?? null,
        language: person.language ?? null,
        createdAt: startOf(person.startedDaysAgo ?? demoDays + 10),
      });
      people.set(person.key, created);
    }
    const person = (key: string) => people.get(key) as CreatedUser;
    const admin = person("admin");
    const buyers = demoPeople.filter((p) => can(p.role, "commission:earn"));

    const offerRows: OfferRow[] = [];
    const offerInputs = generateOfferInputs(15, demoSeed, {
      themes: texts.offerThemes,
      description: texts.offerDescription,
    });
    for (const [index, input] of offerInputs.entries()) {
      const restricted = restrictedOffers[index];
      const offer = await createOffer(tx, {
        ...input,
        visibleToAll: !restricted,
        createdAt: startOf(demoDays + 5 - index * 6),
      });
      if (restricted)
        await assignOffer(
          tx,
          offer.id,
          restricted.map((key) => person(key).id),
        );
      offerRows.push(offer);
    }

    const generatorBuyers: GeneratorBuyer[] = buyers.map((buyer) => {
      const id = person(buyer.key).id;
      const visible = offerRows
        .filter((offer, index) => offer.visibleToAll || restrictedOffers[index]?.includes(buyer.key))
        .map((offer) => offer.id);
      return {
        id,
        managerId: person(buyer.lead as string).id,
        offerIds: visible,
        ...(buyer.startedDaysAgo ? { startedDaysAgo: buyer.startedDaysAgo } : {}),
      };
    });
    const campaignCount = await insertCampaignRows(
      tx,
      iterateCampaignRows({
        buyers: generatorBuyers,
        offers: offerRows.map((o) => ({ id: o.id, payoutPerDeposit: o.payoutPerDeposit })),
        days: demoDays,
        endDate: today,
        seed: demoSeed,
        offersPerBuyer: [3, 6],
      }),
    );

    // Creative requests in every state, with the notifications they would have produced.
    const requestPlan = [
      { buyer: "b1", type: "Image", format: "Square", status: "pending", daysAgo: 1, notes: null },
      { buyer: "b2", type: "Video", format: "Vertical", status: "pending", daysAgo: 0, notes: null },
      {
        buyer: "b3",
        type: "GIF",
        format: "Horizontal",
        status: "in_progress",
        daysAgo: 4,
        notes: "firstDraft",
      },
      {
        buyer: "b5",
        type: "Video",
        format: "Vertical",
        status: "completed",
        daysAgo: 12,
        notes: "delivered",
      },
      { buyer: "b6", type: "Image", format: "Horizontal", status: "completed", daysAgo: 20, notes: null },
      {
        buyer: "b7",
        type: "Image",
        format: "Square",
        status: "rejected",
        daysAgo: 9,
        notes: "refused",
      },
      { buyer: "b8", type: "GIF", format: "Square", status: "in_progress", daysAgo: 2, notes: null },
    ] as const;
    const descriptions = texts.requestDescriptions;
    let notificationCount = 0;
    for (const [index, plan] of requestPlan.entries()) {
      const buyer = person(plan.buyer);
      const created = startOf(plan.daysAgo);
      const request = await createCreativeRequest(tx, {
        userId: buyer.id,
        type: plan.type,
        format: plan.format,
        status: plan.status,
        adminNotes: plan.notes ? texts.requestNotes[plan.notes] : null,
        deadline: addDays(today, 7 - plan.daysAgo + random.int(0, 5)),
        description: descriptions[index % descriptions.length] as string,
        createdAt: created,
      });
      await createNotification(tx, {
        userId: admin.id,
        type: "creative_request",
        metadata: {
          requestId: request.id,
          requestType: plan.type,
          requestFormat: plan.format,
          requesterId: buyer.id,
          requesterName: buyer.name,
        },
        read: plan.status !== "pending",
        createdAt: created,
      });
      notificationCount++;
      if (plan.status !== "pending") {
        await createNotification(tx, {
          userId: buyer.id,
          type: "creative_request_status",
          metadata: { requestId: request.id, requestType: plan.type, status: plan.status },
          read: plan.daysAgo > 5,
          createdAt: new Date(created.getTime() + 6 * 3_600_000),
        });
        notificationCount++;
      }
    }

    // Restricted offers announce themselves to the buyers they were assigned to.
    for (const [index, keys] of Object.entries(restrictedOffers)) {
      const offer = offerRows[Number(index)] as OfferRow;
      for (const key of keys) {
        await createNotification(tx, {
          userId: person(key).id,
          type: "new_offer",
          metadata: {
            offerId: offer.id,
            offerName: offer.name,
            casino: offer.casinoBrand,
            depositValue: offer.payoutPerDeposit,
          },
          read: random.chance(0.6),
          createdAt: offer.createdAt,
        });
        notificationCount++;
      }
    }

    const notePlan = [
      { buyer: "b1", daysAgo: 30 },
      { buyer: "b1", daysAgo: 3 },
      { buyer: "b2", daysAgo: 15 },
      { buyer: "b4", daysAgo: 60 },
      { buyer: "b6", daysAgo: 8 },
      { buyer: "b8", daysAgo: 2 },
    ].map((note, index) => ({ ...note, content: texts.notes[index] as string }));
    for (const note of notePlan) {
      await createNote(tx, {
        userId: person(note.buyer).id,
        createdBy: admin.id,
        content: note.content,
        createdAt: startOf(note.daysAgo),
      });
    }

    const payments = await seedPaymentsStory(tx, {
      today,
      texts,
      language: options.language ?? defaultLanguage,
      admin,
      financial: person("financial"),
      buyers: buyers.map((buyer) => ({ key: buyer.key, id: person(buyer.key).id })),
    });

    return {
      logins: demoPeople.map((p) => ({ role: p.role, name: p.name, email: p.email })),
      password,
      firstDate,
      lastDate: today,
      counts: {
        users: demoPeople.length,
        offers: offerRows.length,
        restrictedOffers: Object.keys(restrictedOffers).length,
        campaigns: campaignCount,
        creativeRequests: requestPlan.length,
        notes: notePlan.length,
        notifications: notificationCount,
        statements: payments.statements,
        payouts: payments.payouts,
      },
    };
  });
}

/**
 * The payments story of the two months before this one (issue 28): the older month closed and paid
 * for everyone, one payout of it sent to the wrong account, reversed with its reason and sent again;
 * last month paid for some (one with a bonus), closed and awaiting payment for one (with a
 * clawback), still open for the rest. Amounts are each buyer's month as the payments screen computes
 * it (default simple model), summed in SQL; every change is in the statement's history.
 */
async function seedPaymentsStory(
  tx: DbOrTx,
  input: {
    today: string;
    texts: DemoTexts;
    language: Language;
    admin: CreatedUser;
    financial: CreatedUser;
    buyers: { key: string; id: string }[];
  },
): Promise<{ statements: number; payouts: number }> {
  const { texts, financial } = input;
  const thisMonth = monthOf(input.today);
  const older = monthRange(monthOf(addMonths(`${thisMonth}-01`, -2)));
  const last = monthRange(monthOf(addMonths(`${thisMonth}-01`, -1)));
  const dateText = (iso: string) =>
    new Intl.DateTimeFormat(input.language, { dateStyle: "short", timeZone: "UTC" }).format(
      new Date(`${iso}T12:00:00Z`),
    );
  const at = (iso: string, hour = 15) => new Date(`${iso}T${String(hour).padStart(2, "0")}:00:00Z`);
  let statementCount = 0;
  let payoutCount = 0;

  const history = (
    statementId: string,
    changes: [
      action: string,
      from: string | null,
      to: string,
      when: Date,
      note?: string | null,
      payoutId?: string,
    ][],
  ) =>
    tx.insert(paymentStatusChanges).values(
      changes.map(([action, from, to, when, note, payoutId]) => ({
        statementId,
        payoutId: payoutId ?? null,
        action,
        previousStatus: from as "pending" | null,
        newStatus: to as "pending",
        changedBy: financial.id,
        note: note ?? null,
        createdAt: when,
      })),
    );

  for (const [monthIndex, month] of [older, last].entries()) {
    const sums = await tx
      .select({
        creatorId: campaigns.creatorId,
        spent: sql<string>`coalesce(sum(${campaigns.spent}), 0)::text`,
        revenue: sql<string>`coalesce(sum(${campaigns.depositPayment}), 0)::text`,
        profit: sql<string>`coalesce(sum(${campaigns.profit}), 0)::text`,
        roi: sql<string>`coalesce(round(sum(${campaigns.profit}) / nullif(sum(${campaigns.spent}), 0) * 100, 2), 0)::text`,
      })
      .from(campaigns)
      .where(sql`${campaigns.date} between ${month.from} and ${month.to}`)
      .groupBy(campaigns.creatorId);
    const paidOn = addDays(month.to, 5);
    for (const buyer of input.buyers) {
      const sum = sums.find((row) => row.creatorId === buyer.id);
      if (!sum) continue;
      const result = calculateCommission(defaultCommissionSettings, sum);
      // Older month: everyone paid. Last month: b3 closed awaiting payment, b6–b8 still open.
      const plan =
        monthIndex === 0
          ? "paid"
          : buyer.key === "b3"
            ? "processing"
            : ["b6", "b7", "b8"].includes(buyer.key)
              ? "pending"
              : "paid";
      const bonus = monthIndex === 1 && buyer.key === "b5" ? "100.00" : null;
      const clawback = monthIndex === 1 && buyer.key === "b3" ? "-50.00" : null;
      const statement = await createStatement(tx, {
        userId: buyer.id,
        periodStart: month.from,
        periodEnd: month.to,
        amountDue: result.commission,
        status: plan,
        paidAt: plan === "paid" ? at(paidOn) : null,
      });
      await tx
        .update(paymentStatements)
        .set({
          totalSpent: sum.spent,
          totalRevenue: sum.revenue,
          totalProfit: sum.profit,
          roiAchieved: sum.roi,
          commissionRate: result.rate,
          createdAt: at(addDays(month.to, 1), 9),
        })
        .where(sql`${paymentStatements.id} = ${statement.id}`);
      statementCount++;
      for (const [amount, reason] of [
        [bonus, texts.bonusReason],
        [clawback, texts.clawbackReason],
      ] as const) {
        if (!amount) continue;
        await createAdjustment(tx, { statementId: statement.id, amount, reason, createdBy: financial.id });
        await history(statement.id, [
          ["adjust", "pending", "pending", at(addDays(month.to, 2)), `${amount} · ${reason}`],
        ]);
      }
      if (plan === "pending") continue;
      await history(statement.id, [["process", "pending", "processing", at(addDays(month.to, 3))]]);
      if (plan === "processing") continue;
      const owed = fromCents(toCents(result.commission) + (bonus ? toCents(bonus) : 0n));
      if (monthIndex === 0 && buyer.key === "b1") {
        // Sent to the wrong account: reversed with its reason (statement back to pending), sent again.
        const wrong = await createPayout(tx, {
          statementId: statement.id,
          amount: owed,
          note: texts.payoutNote(dateText(addDays(paidOn, -2))),
          createdBy: financial.id,
          paidAt: at(addDays(paidOn, -2)),
        });
        await tx
          .update(payouts)
          .set({
            reversedAt: at(addDays(paidOn, -1)),
            reversedBy: financial.id,
            reversalReason: texts.reversalReason,
          })
          .where(sql`${payouts.id} = ${wrong.id}`);
        await history(statement.id, [
          ["confirm", "processing", "paid", at(addDays(paidOn, -2)), wrong.note, wrong.id],
          ["reverse-payout", "paid", "pending", at(addDays(paidOn, -1)), texts.reversalReason, wrong.id],
        ]);
        const again = await createPayout(tx, {
          statementId: statement.id,
          amount: owed,
          note: texts.resentNote,
          createdBy: financial.id,
          paidAt: at(paidOn),
        });
        await history(statement.id, [
          ["register-payout", "pending", "paid", at(paidOn), again.note, again.id],
        ]);
        payoutCount += 2;
        continue;
      }
      const payout = await createPayout(tx, {
        statementId: statement.id,
        amount: owed,
        note: texts.payoutNote(dateText(paidOn)),
        createdBy: financial.id,
        paidAt: at(paidOn),
      });
      await history(statement.id, [["confirm", "processing", "paid", at(paidOn), payout.note, payout.id]]);
      payoutCount++;
    }
  }
  return { statements: statementCount, payouts: payoutCount };
}

const roleLabels: Record<Role, string> = {
  admin: "admin",
  financial: "financial",
  manager: "team lead",
  user: "buyer",
};

/** The demo logins as a plain-text table. */
export function formatDemoSummary(summary: DemoSummary): string {
  const rows = summary.logins.map((l) => [roleLabels[l.role], l.name, l.email]);
  const header = ["Role", "Name", "E-mail"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  const { counts } = summary;
  return [
    `Demo data ready: ${counts.users} users, ${counts.offers} offers (${counts.restrictedOffers} assigned to specific buyers), ` +
      `${counts.campaigns} campaigns from ${summary.firstDate} to ${summary.lastDate}, ` +
      `${counts.creativeRequests} creative requests, ${counts.notes} notes, ` +
      `${counts.statements} payment statements of the last two months with ${counts.payouts} payouts.`,
    "",
    line(header),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map(line),
    "",
    `Password for every demo account: ${summary.password}`,
    "",
  ].join("\n");
}

const usage =
  "Usage: npm run seed [-- --demo [--language pt-BR|en|ru]]\n  (no option)  apply the migrations\n" +
  "  --demo       also fill an EMPTY database with demo data\n" +
  "  --language   the demo's words (default: the workspace's default language, pt-BR)";

/**
 * The `seed` command of the CLI. Opens the configured database (PGlite in DATA_DIR, holding its
 * lock, or DATABASE_URL), migrates it, optionally adds the demo data, and closes it.
 */
export async function runSeed(
  args: string[],
  options: { env?: Env; write?: (text: string) => void } = {},
): Promise<DemoSummary | undefined> {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const languageAt = args.indexOf("--language");
  const language = languageAt === -1 ? undefined : args[languageAt + 1];
  if (languageAt !== -1 && !isLanguage(language))
    throw new SeedRefusedError(`--language takes pt-BR, en or ru.\n${usage}`);
  const unknown = args.filter(
    (a, i) => a !== "--demo" && (languageAt === -1 || (i !== languageAt && i !== languageAt + 1)),
  );
  if (args.includes("--help") || args.includes("-h")) {
    write(`${usage}\n`);
    return undefined;
  }
  if (unknown.length > 0) throw new SeedRefusedError(`Unknown option ${unknown.join(" ")}.\n${usage}`);

  const env = options.env ?? parseEnv();
  const database = await openConfiguredDatabase(env);
  try {
    await database.migrate();
    const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${env.dataDir}`;
    if (!args.includes("--demo")) {
      write(`Migrations applied to ${where}.\n`);
      return undefined;
    }
    const started = performance.now();
    // The workspace's language (settings; pt-BR on a new installation) unless --language says otherwise.
    const workspace = await readWorkspaceSettings(database.db, env.workspaceTimezone);
    const summary = await seedDemo(database.db, {
      today: todayIn(env.workspaceTimezone),
      language: isLanguage(language) ? language : workspace.defaultLanguage,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    write(`${formatDemoSummary(summary)}Seeded ${where} in ${seconds} s.\n`);
    return summary;
  } finally {
    await database.close();
  }
}
