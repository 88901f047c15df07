import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../server/db/factories";
import { maxStreamsPerUser } from "../../server/features/notifications/notification-hub";
import { createTestContext, type TestContext } from "../harness";

// Issue 27: one account held 500 event streams. At most 10 per user: the 11th closes the oldest,
// which is told so ("replaced") before it ends, so its tab does not reconnect at once.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

type Reader = ReadableStreamDefaultReader<Uint8Array>;

/** Reads until the text contains `needle` or the stream ends; answers the text and whether it ended. */
async function readUntil(reader: Reader, needle: string, timeoutMs = 10_000) {
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  while (!text.includes(needle)) {
    const next = await Promise.race([
      reader.read(),
      new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), deadline - Date.now())),
    ]);
    if (next === "timeout") return { text, ended: false, timedOut: true };
    if (next.done) return { text, ended: true, timedOut: false };
    text += decoder.decode(next.value, { stream: true });
  }
  return { text, ended: false, timedOut: false };
}

async function openStream(cookie: string): Promise<Reader> {
  const response = await ctx.request("/api/notifications/stream", { cookie });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  expect((await readUntil(reader, "event: ready")).text).toContain("event: ready");
  return reader;
}

describe("event streams per user", () => {
  it(`keeps at most ${maxStreamsPerUser}: opening one more closes the oldest, which is told so`, async () => {
    expect(maxStreamsPerUser).toBe(10);
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const cookie = await ctx.signIn(user.email, user.password);
    const otherReader = await openStream(await ctx.signIn(other.email, other.password));
    const readers: Reader[] = [];
    for (let i = 0; i < maxStreamsPerUser; i++) readers.push(await openStream(cookie));

    readers.push(await openStream(cookie));
    const oldest = await readUntil(readers[0]!, "event: replaced");
    expect(oldest.text).toContain("event: replaced");
    // …and then it ends.
    expect((await readUntil(readers[0]!, "never-sent")).ended).toBe(true);

    // The twelfth closes the second oldest; the newest and another user's stream stay open.
    readers.push(await openStream(cookie));
    expect((await readUntil(readers[1]!, "event: replaced")).text).toContain("event: replaced");
    for (const reader of [readers[2]!, readers.at(-1)!, otherReader]) {
      const probe = await readUntil(reader, "event: replaced", 300);
      expect(probe).toMatchObject({ ended: false, timedOut: true });
    }
    for (const reader of [...readers.slice(2), otherReader]) await reader.cancel();
  });
});
