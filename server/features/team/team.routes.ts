import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { teamBuyersQuerySchema, teamBuyersSchema } from "../../../domain/schemas/team";
import type { AppBindings, AppDeps } from "../../context";
import { createRouter, errors, jsonResponse, requireActor } from "../../http";
import { readRequestTimeZone } from "../../workspace-context";
import { listTeamBuyers } from "./team.service";

const teamBuyers = createRoute({
  method: "get",
  path: "/team/buyers",
  operationId: "listTeamBuyers",
  tags: ["Team"],
  summary:
    "One row per buyer of a team (a lead's own; any lead's or every buyer for admins and financial) for a range, against the previous one",
  request: { query: teamBuyersQuerySchema },
  responses: { 200: jsonResponse(teamBuyersSchema, "Buyers"), ...errors(400, 401, 403, 404) },
});

export function createTeamRoutes(deps: AppDeps) {
  const db = deps.database.db;
  // Read per request (docs/decisions/0020): a time-zone change applies to every process at once.
  const readTimeZone = (c: Context<AppBindings>) => readRequestTimeZone(c, db, deps.env.workspaceTimezone);
  return createRouter().openapi(teamBuyers, async (c) =>
    c.json(
      await listTeamBuyers({
        db,
        actor: requireActor(c),
        query: c.req.valid("query"),
        timeZone: await readTimeZone(c),
      }),
      200,
    ),
  );
}
