import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  postbackAnswerSchema,
  postbackKeyInputSchema,
  postbackKeySchema,
  postbackLogPageSchema,
  postbackLogQuerySchema,
} from "../../../domain/schemas/postbacks";
import type { AppBindings, AppDeps } from "../../context";
import { AppError } from "../../errors";
import { createRouter, errors, jsonResponse, requireActor } from "../../http";
import { createWindowCounter } from "../../overload";
import { readRequestTimeZone } from "../../workspace-context";
import { requestLiveRefresh } from "../notifications/live-refresh";
import {
  collectPostbackParams,
  createPostbackKey,
  listPostbackKeys,
  listPostbackLog,
  receivePostback,
  revokePostbackKey,
} from "./postbacks.service";

const tags = ["Postbacks"];

const listKeysRoute = createRoute({
  method: "get",
  path: "/postback-keys",
  operationId: "listPostbackKeys",
  tags,
  summary: "Postback keys: a buyer's own; admins every key",
  responses: { 200: jsonResponse(z.array(postbackKeySchema), "Keys, live first"), ...errors(401, 403) },
});
const createKeyRoute = createRoute({
  method: "post",
  path: "/postback-keys",
  operationId: "createPostbackKey",
  tags,
  summary: "Create a postback key: a buyer's own, or (admins) one per offer that reads the buyer's code",
  request: { body: { content: { "application/json": { schema: postbackKeyInputSchema } }, required: true } },
  responses: { 201: jsonResponse(postbackKeySchema, "The key"), ...errors(400, 401, 403, 409, 422) },
});
const revokeKeyRoute = createRoute({
  method: "delete",
  path: "/postback-keys/{id}",
  operationId: "revokePostbackKey",
  tags,
  summary: "Revoke a postback key; its URL answers 404 from now on",
  request: { params: z.object({ id: z.uuid({ error: "invalid_id" }) }) },
  responses: { 204: { description: "Revoked" }, ...errors(400, 401, 403, 404) },
});
const logRoute = createRoute({
  method: "get",
  path: "/postbacks",
  operationId: "listPostbacks",
  tags,
  summary: "The postback log, newest first: a buyer's keys (and offer keys that named them); admins all",
  request: { query: postbackLogQuerySchema },
  responses: { 200: jsonResponse(postbackLogPageSchema, "A page of the log"), ...errors(400, 401, 403) },
});

const receiveDescription =
  "Called by an affiliate network or a tracker; the key in the path is the credential. Parameters " +
  "in the query, a form body or a JSON body, named as the key maps them (by default event, amount, " +
  "currency, tid, date, offer, and buyer for offer keys). A repeated tid answers 200 and changes " +
  "nothing. Unknown or revoked key: 404 with no detail.";
const receiveResponses = {
  200: jsonResponse(postbackAnswerSchema, "Counted, or a duplicate transaction id (nothing changed)"),
  ...errors(400, 404, 409, 429),
};
const keyParam = z.object({ key: z.string().min(1).max(200) });
const receiveGetRoute = createRoute({
  method: "get",
  path: "/postback/{key}",
  operationId: "receivePostbackGet",
  tags,
  summary: "Receive a postback (GET)",
  description: receiveDescription,
  request: { params: keyParam },
  responses: receiveResponses,
});
const receivePostRoute = createRoute({
  method: "post",
  path: "/postback/{key}",
  operationId: "receivePostbackPost",
  tags,
  summary: "Receive a postback (POST: form or JSON body, and/or query)",
  description: receiveDescription,
  request: { params: keyParam },
  responses: receiveResponses,
});

/** The query's parameters and, for a POST, the form or JSON body's (the body wins). */
async function requestParams(c: Context<AppBindings>): Promise<Record<string, string>> {
  const query = c.req.queries();
  if (c.req.method !== "POST") return collectPostbackParams(query);
  const type = c.req.header("content-type") ?? "";
  let body: Record<string, unknown> = {};
  try {
    if (type.includes("json")) {
      const parsed: unknown = await c.req.json();
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        body = parsed as Record<string, unknown>;
    } else if (type.includes("form")) {
      body = (await c.req.parseBody()) as Record<string, unknown>;
    }
  } catch {
    throw new AppError(
      "validation_failed",
      "The body is not readable.",
      { _: "unreadable_body" },
      "invalid_postback",
    );
  }
  return collectPostbackParams(query, body);
}

export function createPostbacksRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const limiter = createWindowCounter({ max: deps.env.postbackRateLimit });
  const receive = async (c: Context<AppBindings>, token: string) => {
    const params = await requestParams(c);
    try {
      const result = await receivePostback({
        db,
        token,
        params,
        fallbackTimezone: deps.env.workspaceTimezone,
        limiter,
      });
      if (result.refresh.length > 0) requestLiveRefresh(deps.database, deps.logger, result.refresh);
      return c.json({ outcome: result.outcome, ...(result.date ? { date: result.date } : {}) }, 200);
    } catch (error) {
      const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter) c.header("Retry-After", String(retryAfter));
      throw error;
    }
  };
  return createRouter()
    .openapi(listKeysRoute, async (c) => c.json(await listPostbackKeys({ db, actor: requireActor(c) }), 200))
    .openapi(createKeyRoute, async (c) =>
      c.json(await createPostbackKey({ db, actor: requireActor(c), input: c.req.valid("json") }), 201),
    )
    .openapi(revokeKeyRoute, async (c) => {
      await revokePostbackKey({ db, actor: requireActor(c), id: c.req.valid("param").id });
      return c.body(null, 204);
    })
    .openapi(logRoute, async (c) =>
      c.json(
        await listPostbackLog({
          db,
          actor: requireActor(c),
          query: c.req.valid("query"),
          timeZone: await readRequestTimeZone(c, db, deps.env.workspaceTimezone),
        }),
        200,
      ),
    )
    .openapi(receiveGetRoute, (async (c: Context<AppBindings>) =>
      receive(c, c.req.param("key") ?? "")) as never)
    .openapi(receivePostRoute, (async (c: Context<AppBindings>) =>
      receive(c, c.req.param("key") ?? "")) as never);
}
