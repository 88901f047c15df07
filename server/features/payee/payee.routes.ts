import { createRoute, z } from "@hono/zod-openapi";
import { payeeAnswerSchema, payeeInputSchema } from "../../../domain/schemas/payee";
import type { AppDeps } from "../../context";
import { createRouter, errors, jsonResponse, requireActor } from "../../http";
import { getMyPayee, getUserPayee, saveMyPayee } from "./payee.service";

const tags = ["Payee"];
const answer = jsonResponse(payeeAnswerSchema, "The payment details, or null when none are saved");

const getMineRoute = createRoute({
  method: "get",
  path: "/me/payee",
  operationId: "getMyPayee",
  tags,
  summary: "The buyer's own payment details (Pix key, bank account or USDT address)",
  responses: { 200: answer, ...errors(401, 403) },
});

const putMineRoute = createRoute({
  method: "put",
  path: "/me/payee",
  operationId: "setMyPayee",
  tags,
  summary:
    "Save the buyer's payment details; a change is audited (keys masked) and notifies financial users and admins",
  request: { body: { required: true, content: { "application/json": { schema: payeeInputSchema } } } },
  responses: { 200: answer, ...errors(400, 401, 403) },
});

const getUserRoute = createRoute({
  method: "get",
  path: "/users/{id}/payee",
  operationId: "getUserPayee",
  tags,
  summary: "A buyer's payment details (financial and admins; a buyer only their own)",
  request: { params: z.object({ id: z.string().min(1).max(100) }) },
  responses: { 200: answer, ...errors(401, 403, 404) },
});

export function createPayeeRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi(getMineRoute, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await getMyPayee({ db, actor: requireActor(c) }), 200);
    })
    .openapi(putMineRoute, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await saveMyPayee({ db, actor: requireActor(c), input: c.req.valid("json") }), 200);
    })
    .openapi(getUserRoute, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await getUserPayee({ db, actor: requireActor(c), userId: c.req.valid("param").id }), 200);
    });
}
