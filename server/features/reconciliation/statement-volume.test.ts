import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMonths, monthOf, monthRange, todayIn } from "../../../domain/periods";
import { createTestContext, type TestContext } from "../../../tests/harness";
import type { Actor } from "../../context";
import {
  type CreatedUser,
  createOffer,
  createUser,
  insertCampaignRows,
  type OfferRow,
} from "../../db/factories";
import { users } from "../../db/schema";
import {
  commitReconciliation,
  getReconciliationLines,
  previewReconciliation,
} from "./reconciliation.service";

// A 20,000-row network statement read, matched, committed and compared (issue 32). Not timed here:
// the duration is a benchmark's business (DEVELOPERS.md, rule 9); this proves the volume goes
// through whole and exact.

let ctx: TestContext;
let financial: CreatedUser;
const buyers: CreatedUser[] = [];
const offerRows: OfferRow[] = [];
let dir: string;
const month = monthOf(addMonths(monthRange(monthOf(todayIn("America/Sao_Paulo"))).from, -1));

beforeAll(async () => {
  ctx = await createTestContext();
  dir = mkdtempSync(path.join(tmpdir(), "placar-statement-"));
  financial = await createUser(ctx.db, { role: "financial" });
  for (let i = 0; i < 40; i++) {
    const buyer = await createUser(ctx.db, { role: "user" });
    await ctx.db
      .update(users)
      .set({ code: `b${i}` })
      .where(eq(users.id, buyer.id));
    buyers.push(buyer);
  }
  for (let i = 0; i < 100; i++)
    offerRows.push(await createOffer(ctx.db, { name: `Volume Offer ${i}`, payoutPerDeposit: "10.00" }));
  // Each buyer logged one day of 5 deposits (50.00) on every offer.
  await insertCampaignRows(
    ctx.db,
    buyers.flatMap((buyer) =>
      offerRows.map((offer) => ({
        date: `${month}-01`,
        offerId: offer.id,
        creatorId: buyer.id,
        deposits: 5,
        depositPayment: "50.00",
      })),
    ),
  );
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("a 20,000-row statement", () => {
  it("is matched whole, committed and compared per buyer × offer", async () => {
    // 5 rows per buyer and offer, one deposit each: the network reports exactly what was logged.
    const lines = ["Offer;Sub ID;Date;FTD;Payout"];
    for (let i = 0; i < 20_000; i++) {
      const offer = i % 100;
      const buyer = Math.floor(i / 100) % 40;
      const day = String(1 + (i % 28)).padStart(2, "0");
      lines.push(`Volume Offer ${offer};b${buyer};${day}/${month.slice(5)}/${month.slice(0, 4)};1;10,00`);
    }
    const file = path.join(dir, "statement.csv");
    writeFileSync(file, `${lines.join("\r\n")}\r\n`);
    const actor: Actor = { ...financial, managerId: null, language: null };
    const preview = await previewReconciliation({
      db: ctx.db,
      actor,
      file: { name: "statement.csv", path: file, bytes: Buffer.byteLength(lines.join("\r\n")) },
      network: "Volume Network",
      month,
    });
    expect(preview.statement.counts).toEqual({ matched: 20_000, unmatched: 0, error: 0 });
    await commitReconciliation({ db: ctx.db, actor, statementId: preview.statement.id });
    const result = await getReconciliationLines({ db: ctx.db, actor, statementId: preview.statement.id });
    expect(result.items).toHaveLength(4000);
    expect(result.items.every((line) => line.buyer !== null && !line.flagged)).toBe(true);
    expect(result.items[0]).toMatchObject({
      logged: { deposits: 5, revenue: "50.00" },
      reported: { deposits: 5, revenue: "50.00" },
    });
  }, 120_000);
});
