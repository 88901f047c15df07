import { createRoute, z } from "@hono/zod-openapi";
import {
  offerInputSchema,
  offerListQuerySchema,
  offerPatchSchema,
  offerSchema,
} from "../../../domain/schemas/offers";
import type { AppDeps } from "../../context";
import { createRouter, errors, jsonResponse, requireActor } from "../../http";
import {
  createOffer,
  deleteOffer,
  getOffer,
  listOffers,
  setOfferArchived,
  updateOffer,
} from "./offers.service";

const tags = ["Offers"];
const idParams = z.object({ id: z.uuid({ error: "invalid_id" }) });

const listRoute = createRoute({
  method: "get",
  path: "/offers",
  operationId: "listOffers",
  tags,
  summary:
    "Offers the viewer may see, newest first (buyers: visible to all or assigned to them); open ones unless status says archived or all",
  request: { query: offerListQuerySchema },
  responses: { 200: jsonResponse(z.array(offerSchema), "Offers"), ...errors(400, 401) },
});
const getRoute = createRoute({
  method: "get",
  path: "/offers/{id}",
  operationId: "getOffer",
  tags,
  summary: "One offer the viewer may see",
  request: { params: idParams },
  responses: { 200: jsonResponse(offerSchema, "The offer"), ...errors(400, 401, 404) },
});
const createRouteDef = createRoute({
  method: "post",
  path: "/offers",
  operationId: "createOffer",
  tags,
  summary: "Create an offer (admins); notifies every buyer who can see it",
  request: { body: { content: { "application/json": { schema: offerInputSchema } }, required: true } },
  responses: { 201: jsonResponse(offerSchema, "The created offer"), ...errors(400, 401, 403, 422) },
});
const patchRoute = createRoute({
  method: "patch",
  path: "/offers/{id}",
  operationId: "updateOffer",
  tags,
  summary: "Change an offer (admins); buyers who can newly see it are notified",
  request: {
    params: idParams,
    body: { content: { "application/json": { schema: offerPatchSchema } }, required: true },
  },
  responses: { 200: jsonResponse(offerSchema, "The updated offer"), ...errors(400, 401, 403, 404, 422) },
});
const deleteRoute = createRoute({
  method: "delete",
  path: "/offers/{id}",
  operationId: "deleteOffer",
  tags,
  summary: "Delete an offer no campaign uses (admins); one in use answers 409 offer_in_use: archive it",
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, ...errors(400, 401, 403, 404, 409) },
});
const archiveRoute = createRoute({
  method: "post",
  path: "/offers/{id}/archive",
  operationId: "archiveOffer",
  tags,
  summary: "Archive an offer (admins): no new entries for it; reports and history keep it",
  request: { params: idParams },
  responses: { 200: jsonResponse(offerSchema, "The archived offer"), ...errors(400, 401, 403, 404) },
});
const restoreRoute = createRoute({
  method: "post",
  path: "/offers/{id}/restore",
  operationId: "restoreOffer",
  tags,
  summary: "Restore an archived offer (admins): it takes new entries again",
  request: { params: idParams },
  responses: { 200: jsonResponse(offerSchema, "The restored offer"), ...errors(400, 401, 403, 404) },
});

export function createOffersRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listOffers({ db, actor: requireActor(c), status: c.req.valid("query").status }), 200),
    )
    .openapi(getRoute, async (c) =>
      c.json(await getOffer({ db, actor: requireActor(c), id: c.req.valid("param").id }), 200),
    )
    .openapi(createRouteDef, async (c) =>
      c.json(await createOffer({ db, actor: requireActor(c), input: c.req.valid("json") }), 201),
    )
    .openapi(patchRoute, async (c) => {
      const offer = await updateOffer({
        db,
        actor: requireActor(c),
        id: c.req.valid("param").id,
        patch: c.req.valid("json"),
      });
      return c.json(offer, 200);
    })
    .openapi(deleteRoute, async (c) => {
      await deleteOffer({ db, actor: requireActor(c), id: c.req.valid("param").id });
      return c.body(null, 204);
    })
    .openapi(archiveRoute, async (c) =>
      c.json(
        await setOfferArchived({ db, actor: requireActor(c), id: c.req.valid("param").id, archived: true }),
        200,
      ),
    )
    .openapi(restoreRoute, async (c) =>
      c.json(
        await setOfferArchived({ db, actor: requireActor(c), id: c.req.valid("param").id, archived: false }),
        200,
      ),
    );
}
