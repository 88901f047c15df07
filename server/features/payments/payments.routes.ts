import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  actionBodySchema,
  adjustmentInputSchema,
  commissionSettingsInputSchema,
  commissionSettingsSchema,
  monthField,
  myCommissionSchema,
  myPaymentSchema,
  myStatementsSchema,
  paymentCardSchema,
  paymentHistorySchema,
  paymentMonthSchema,
  paymentsQuerySchema,
  payoutInputSchema,
  payoutPatchSchema,
  reverseBodySchema,
} from "../../../domain/schemas/payments";
import type { AppBindings, AppDeps } from "../../context";
import { createRouter, errors, jsonResponse, requireActor } from "../../http";
import { readRequestTimeZone } from "../../workspace-context";
import {
  getCommissionSettings,
  getMyCommission,
  getMyPayment,
  getMyPayments,
  getPaymentHistory,
  loadPaymentMonth,
  runPaymentAction,
  saveCommissionSettings,
} from "./payments.service";

const tags = ["Payments"];
const body = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
  required: false,
});
const statementParams = z.object({ statementId: z.uuid({ error: "invalid_id" }) });
const payoutParams = z.object({ id: z.uuid({ error: "invalid_id" }) });
const userParams = z.object({ userId: z.string().min(1).max(100) });
const card = jsonResponse(paymentCardSchema, "The statement after the action");

const monthRoute = createRoute({
  method: "get",
  path: "/payments",
  operationId: "listPayments",
  tags,
  summary:
    "Load a month: create missing statements, refresh pending ones, carry overpayments in; the rows the filters keep and their totals",
  request: { query: paymentsQuerySchema },
  responses: { 200: jsonResponse(paymentMonthSchema, "The month"), ...errors(400, 401, 403) },
});

const statementAction = (action: "process" | "reject" | "reopen" | "confirm", summary: string) =>
  createRoute({
    method: "post",
    path: `/payments/{statementId}/${action}`,
    operationId: `${action}Statement`,
    tags,
    summary,
    request: { params: statementParams, body: body(actionBodySchema) },
    responses: { 200: card, ...errors(400, 401, 403, 404, 409) },
  });

const payoutsRoute = createRoute({
  method: "post",
  path: "/payments/{statementId}/payouts",
  operationId: "createPayout",
  tags,
  summary:
    "Register a payment of 0 < amount ≤ pending; the statement is paid when nothing is left (closeEarly before the month ends)",
  request: {
    params: statementParams,
    body: { content: { "application/json": { schema: payoutInputSchema } }, required: true },
  },
  responses: { 201: card, ...errors(400, 401, 403, 404, 409) },
});
const reverseRoute = createRoute({
  method: "post",
  path: "/payouts/{id}/reverse",
  operationId: "reversePayout",
  tags,
  summary:
    "Reverse any payment of a statement that is not cancelled (reason required); a paid statement returns to pending",
  request: {
    params: payoutParams,
    body: { content: { "application/json": { schema: reverseBodySchema } }, required: true },
  },
  responses: { 200: card, ...errors(400, 401, 403, 404, 409) },
});
const editPayoutRoute = createRoute({
  method: "patch",
  path: "/payouts/{id}",
  operationId: "updatePayout",
  tags,
  summary: "Change a payment's note; its amount never changes (reverse it instead)",
  request: {
    params: payoutParams,
    body: { content: { "application/json": { schema: payoutPatchSchema } }, required: true },
  },
  responses: { 200: card, ...errors(400, 401, 403, 404, 409) },
});
const adjustmentsRoute = createRoute({
  method: "post",
  path: "/payments/{statementId}/adjustments",
  operationId: "createAdjustment",
  tags,
  summary:
    "Adjust what a statement owes: + bonus, − clawback, with a reason; an overpayment moves to the next month",
  request: {
    params: statementParams,
    body: { content: { "application/json": { schema: adjustmentInputSchema } }, required: true },
  },
  responses: { 201: card, ...errors(400, 401, 403, 404, 409) },
});
const historyRoute = createRoute({
  method: "get",
  path: "/payments/{statementId}/history",
  operationId: "getStatementHistory",
  tags,
  summary: "A statement's payments (10 per page), every status change and every adjustment",
  request: {
    params: statementParams,
    query: z.object({
      page: z.coerce.number({ error: "not_a_number" }).int("integer").min(1, "too_large").default(1),
    }),
  },
  responses: { 200: jsonResponse(paymentHistorySchema, "History"), ...errors(400, 401, 403, 404) },
});
const myPaymentRoute = createRoute({
  method: "get",
  path: "/me/payment",
  operationId: "getMyPayment",
  tags,
  summary: "The buyer's own current month: status, pending amount (0 when paid), next expected payment date",
  responses: { 200: jsonResponse(myPaymentSchema, "The badge"), ...errors(401, 403) },
});
const myPaymentsRoute = createRoute({
  method: "get",
  path: "/me/payments",
  operationId: "listMyPayments",
  tags,
  summary: "The buyer's own statements, newest month first, with payouts, reversals and adjustments",
  responses: { 200: jsonResponse(myStatementsSchema, "The buyer's statements"), ...errors(401, 403) },
});
const myCommissionRoute = createRoute({
  method: "get",
  path: "/me/commission",
  operationId: "getMyCommission",
  tags,
  summary:
    "The buyer's commission this month under their model, and the ROI or revenue still missing for a higher rate",
  responses: { 200: jsonResponse(myCommissionSchema, "The commission card"), ...errors(401, 403) },
});
const getSettingsRoute = createRoute({
  method: "get",
  path: "/commission-settings/{userId}",
  operationId: "getCommissionSettings",
  tags,
  summary: "The commission settings in effect for a month (default the current one) and every saved version",
  request: {
    params: userParams,
    query: z.object({ month: monthField.optional() }),
  },
  responses: { 200: jsonResponse(commissionSettingsSchema, "Settings"), ...errors(400, 401, 403, 404) },
});
const putSettingsRoute = createRoute({
  method: "put",
  path: "/commission-settings/{userId}",
  operationId: "setCommissionSettings",
  tags,
  summary:
    "Save a buyer's commission model from a month on (default the current one); refused when that month or a later one is closed",
  request: {
    params: userParams,
    body: { content: { "application/json": { schema: commissionSettingsInputSchema } }, required: true },
  },
  responses: {
    200: jsonResponse(commissionSettingsSchema, "Settings"),
    ...errors(400, 401, 403, 404, 409, 422),
  },
});

export function createPaymentsRoutes(deps: AppDeps) {
  const db = deps.database.db;
  // Read per request (docs/decisions/0020): a time-zone change applies to every process at once.
  const readTimeZone = (c: Context<AppBindings>) => readRequestTimeZone(c, db, deps.env.workspaceTimezone);
  const router = createRouter()
    .openapi(monthRoute, async (c) => {
      const { month, status, teamLeadId, pendingOnly } = c.req.valid("query");
      const answer = await loadPaymentMonth({
        db,
        actor: requireActor(c),
        month,
        timeZone: await readTimeZone(c),
        filters: { status, teamLeadId, pendingOnly },
      });
      return c.json(answer, 200);
    })
    .openapi(payoutsRoute, async (c) => {
      const { amount, note, closeEarly } = c.req.valid("json");
      const result = await runPaymentAction({
        db,
        actor: requireActor(c),
        statementId: c.req.valid("param").statementId,
        request: { type: "register-payout", amount, note, closeEarly },
        timeZone: await readTimeZone(c),
      });
      return c.json(result, 201);
    })
    .openapi(adjustmentsRoute, async (c) => {
      const { amount, reason } = c.req.valid("json");
      const result = await runPaymentAction({
        db,
        actor: requireActor(c),
        statementId: c.req.valid("param").statementId,
        request: { type: "adjust", amount, reason },
        timeZone: await readTimeZone(c),
      });
      return c.json(result, 201);
    })
    .openapi(reverseRoute, async (c) => {
      const result = await runPaymentAction({
        db,
        actor: requireActor(c),
        request: {
          type: "reverse-payout",
          payoutId: c.req.valid("param").id,
          reason: c.req.valid("json").reason,
        },
        timeZone: await readTimeZone(c),
      });
      return c.json(result, 200);
    })
    .openapi(editPayoutRoute, async (c) => {
      const result = await runPaymentAction({
        db,
        actor: requireActor(c),
        request: { type: "edit-payout", payoutId: c.req.valid("param").id, note: c.req.valid("json").note },
        timeZone: await readTimeZone(c),
      });
      return c.json(result, 200);
    })
    .openapi(historyRoute, async (c) => {
      const history = await getPaymentHistory({
        db,
        actor: requireActor(c),
        statementId: c.req.valid("param").statementId,
        page: c.req.valid("query").page,
        timeZone: await readTimeZone(c),
      });
      return c.json(history, 200);
    })
    .openapi(myPaymentRoute, async (c) =>
      c.json(await getMyPayment({ db, actor: requireActor(c), timeZone: await readTimeZone(c) }), 200),
    )
    .openapi(myPaymentsRoute, async (c) => c.json(await getMyPayments({ db, actor: requireActor(c) }), 200))
    .openapi(myCommissionRoute, async (c) =>
      c.json(await getMyCommission({ db, actor: requireActor(c), timeZone: await readTimeZone(c) }), 200),
    )
    .openapi(getSettingsRoute, async (c) =>
      c.json(
        await getCommissionSettings({
          db,
          actor: requireActor(c),
          userId: c.req.valid("param").userId,
          month: c.req.valid("query").month,
          timeZone: await readTimeZone(c),
        }),
        200,
      ),
    )
    .openapi(putSettingsRoute, async (c) => {
      const settings = await saveCommissionSettings({
        db,
        actor: requireActor(c),
        userId: c.req.valid("param").userId,
        input: c.req.valid("json"),
        timeZone: await readTimeZone(c),
      });
      return c.json(settings, 200);
    });
  for (const [action, summary] of [
    ["process", "Processar: pending → processing (closeEarly before the month ends)"],
    ["reject", "Rejeitar: pending or processing → cancelled"],
    ["reopen", "Reabrir: processing or cancelled → pending (a paid statement: reverse its payouts)"],
    [
      "confirm",
      "Confirmar Pagamento: pays the whole pending amount; the buyer is notified (closeEarly before the month ends)",
    ],
  ] as const) {
    router.openapi(statementAction(action, summary), async (c) => {
      const body = c.req.valid("json") as
        | { note?: string | null; closeEarly?: boolean; reconciliationReason?: string | null }
        | undefined;
      const result = await runPaymentAction({
        db,
        actor: requireActor(c),
        statementId: c.req.valid("param").statementId,
        request:
          action === "process" || action === "confirm"
            ? {
                type: action,
                note: body?.note ?? null,
                closeEarly: body?.closeEarly,
                reconciliationReason: body?.reconciliationReason ?? null,
              }
            : { type: action, note: body?.note ?? null },
        timeZone: await readTimeZone(c),
      });
      return c.json(result, 200);
    });
  }
  return router;
}
