import { addDays, todayIn } from "../domain/periods";
import { defaultLanguage } from "../domain/roles";
import { openDatabase } from "../server/db/client";
import { createCampaign, createOffer, createUser } from "../server/db/factories";

/** A PGlite DATA_DIR with one buyer and a month of their campaigns, for the web measurements. */
export async function seedWebBuyer(dataDir: string): Promise<{ email: string; password: string }> {
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await database.migrate();
    // The profile keeps the language signing in saved (features/auth/session.ts). Without it the
    // dashboard's first load saves it and re-renders the whole signed-in area for the answer: a
    // one-time step of a new account, which Lighthouse's first (mobile) run used to pay each time.
    const buyer = await createUser(database.db, {
      role: "user",
      email: "buyer@bench.test",
      language: defaultLanguage,
    });
    const offer = await createOffer(database.db, { name: "Bench offer", assignTo: [buyer.id] });
    const today = todayIn("America/Sao_Paulo");
    for (let day = 0; day < 30; day++)
      await createCampaign(database.db, {
        creatorId: buyer.id,
        offerId: offer.id,
        date: addDays(today, -day),
        spent: (100 + day * 7).toFixed(2),
        clicks: 1000 + day * 13,
        installations: 200 + day,
        registrations: 80 + day,
        deposits: 10 + (day % 7),
      });
    return { email: buyer.email, password: buyer.password };
  } finally {
    await database.close();
  }
}
