import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { retryOnDeadlock } from "../../db/retry";
import { isNumericOverflow } from "../../errors";
import { readRows } from "../../read/rows";
import { currentLeadOf } from "../campaigns/campaigns.service";
import { monthsOpen } from "../campaigns/month-close";

// Postbacks are written in batches (docs/decisions/0086, "Throughput"). Every campaign write runs
// the totals triggers, which update rows many writers share (the day's, the team's, the offer's):
// one statement per postback made a burst queue on those rows, and a network's 1,000 events per
// second did not fit. The postbacks that arrive while a batch is being written wait for the next
// one, and each batch is ONE statement: the month gate per row, the receipts (the transaction id
// counted once per key: a repeat in the batch or already logged is not inserted), and the campaign
// upsert of the counted events summed per buyer, offer and day. Each caller learns its own row's
// fate. Under light load a batch is one postback and costs what the single statement did.

export type PostbackWrite = {
  keyId: string;
  buyerId: string;
  offerId: string;
  event: string;
  tid: string;
  date: string;
  amount: string | null;
  /** What the event adds to revenue. */
  revenue: string;
  clicks: number;
  installations: number;
  registrations: number;
  deposits: number;
  params: Record<string, string>;
  receivedAt: Date;
};

export type PostbackWritten = { open: boolean; counted: boolean; managerId: string | null };

type Pending = PostbackWrite & {
  resolve: (written: PostbackWritten) => void;
  reject: (error: unknown) => void;
};

/** At most this many postbacks in one statement. */
const maxBatch = 200;

const batchers = new WeakMap<Db, PostbackBatcher>();

/** The one batcher of this database (per process). */
export function postbackBatcher(db: Db): PostbackBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new PostbackBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}

export class PostbackBatcher {
  private queue: Pending[] = [];
  private writing = false;

  constructor(private readonly db: Db) {}

  write(postback: PostbackWrite): Promise<PostbackWritten> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...postback, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, maxBatch);
        await this.settle(batch);
      }
    } finally {
      this.writing = false;
    }
  }

  /** Writes a batch; when it overflows a sum, each postback alone, so only the too large one fails. */
  private async settle(batch: Pending[]): Promise<void> {
    try {
      const written = await retryOnDeadlock(() => writeBatch(this.db, batch));
      for (const [i, pending] of batch.entries()) pending.resolve(written[i]!);
    } catch (error) {
      if (batch.length > 1 && isNumericOverflow(error)) {
        for (const pending of batch) await this.settle([pending]);
        return;
      }
      for (const pending of batch) pending.reject(error);
    }
  }
}

async function writeBatch(db: Db, batch: readonly PostbackWrite[]): Promise<PostbackWritten[]> {
  const input = JSON.stringify(
    batch.map((p, idx) => ({
      idx,
      key_id: p.keyId,
      user_id: p.buyerId,
      offer_id: p.offerId,
      event: p.event,
      tid: p.tid,
      date: p.date,
      amount: p.amount,
      revenue: p.revenue,
      clicks: p.clicks,
      installations: p.installations,
      registrations: p.registrations,
      deposits: p.deposits,
      params: p.params,
      received_at: p.receivedAt.toISOString(),
    })),
  );
  const open = monthsOpen(sql`i.user_id`, [sql`date_trunc('month', i.date)::date`]);
  const rows = await readRows(
    db,
    sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as i(idx int, key_id uuid, user_id text,
        offer_id uuid, event text, tid text, date date, amount numeric, revenue numeric, clicks int,
        installations int, registrations int, deposits int, params jsonb, received_at timestamptz)
    ),
    gated as (select i.*, ${open} as open from input i),
    receipt as (
      insert into postback_log (key_id, user_id, offer_id, outcome, status, event, tid, date, amount,
        params, received_at)
      select key_id, user_id, offer_id, 'counted', 200, event, tid, date, amount, params, received_at
      from gated where open order by idx
      on conflict (key_id, tid) where outcome = 'counted' do nothing
      returning key_id, tid),
    counted as (
      select distinct on (g.key_id, g.tid) g.*
      from gated g join receipt r on r.key_id = g.key_id and r.tid = g.tid
      order by g.key_id, g.tid, g.idx),
    summed as (
      select user_id, offer_id, date, sum(clicks)::int as clicks, sum(installations)::int as installations,
        sum(registrations)::int as registrations, sum(deposits)::int as deposits, sum(revenue) as revenue
      from counted group by user_id, offer_id, date),
    upserted as (
      insert into campaigns (date, offer_id, creator_id, manager_id, clicks, installations,
        registrations, deposits, deposit_payment, spent_currency, revenue_currency)
      select s.date, s.offer_id, s.user_id,
        ${currentLeadOf(sql`s.user_id`)},
        s.clicks, s.installations, s.registrations, s.deposits, s.revenue,
        -- Issue 30: a new day's spend is in the buyer's ad account currency, its revenue in the
        -- offer's payout currency (a postback's amount is the network's payout).
        (select u.ad_account_currency from users u where u.id = s.user_id),
        (select o.payout_currency from offers o where o.id = s.offer_id)
      from summed s order by s.user_id, s.offer_id, s.date
      on conflict (creator_id, offer_id, date) do update set
        clicks = campaigns.clicks + excluded.clicks,
        installations = campaigns.installations + excluded.installations,
        registrations = campaigns.registrations + excluded.registrations,
        deposits = campaigns.deposits + excluded.deposits,
        deposit_payment = campaigns.deposit_payment + excluded.deposit_payment,
        updated_at = now()
      returning creator_id, manager_id)
    select g.idx, g.open, c.idx is not null as counted,
      (select u.manager_id from upserted u where u.creator_id = g.user_id limit 1) as manager_id
    from gated g left join counted c on c.idx = g.idx
    order by g.idx`,
    (row) => ({
      open: row.open === true || row.open === "t",
      counted: row.counted === true || row.counted === "t",
      managerId: typeof row.manager_id === "string" ? row.manager_id : null,
    }),
  );
  return rows;
}
