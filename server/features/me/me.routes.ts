import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { languages, roles } from "../../../domain/roles";
import { currencyField } from "../../../domain/schemas/fields";
import type { AppBindings, AppDeps } from "../../context";
import { createRouter, errors, requireActor } from "../../http";
import { getMe, updateMyProfile } from "./me.service";

const meSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(roles),
    language: z.enum(languages).nullable(),
    managerId: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
    code: z.string().meta({
      description: "The user's short, non-secret code: offer postback keys read the buyer from it",
    }),
    twoFactorRequired: z.boolean().meta({
      description:
        "The workspace requires two-factor sign-in of this role; until it is on, other calls answer 403 two_factor_required",
    }),
    adAccountCurrency: currencyField.meta({
      description: "The currency the user's ad account bills in: the default currency of the spend they log",
    }),
  })
  .meta({ id: "Me" });

const updateMeSchema = z
  .strictObject({ language: z.enum(languages).optional(), adAccountCurrency: currencyField.optional() })
  .refine((body) => body.language !== undefined || body.adAccountCurrency !== undefined, {
    message: "required",
  })
  .meta({ id: "UpdateMe" });

// Runs before body validation, so an anonymous caller learns nothing about the body's shape.
const sessionRequired: MiddlewareHandler<AppBindings> = async (c, next) => {
  requireActor(c);
  await next();
};

const getMeRoute = createRoute({
  method: "get",
  path: "/me",
  operationId: "getMe",
  tags: ["Me"],
  summary: "The signed-in user",
  responses: {
    200: { description: "The signed-in user", content: { "application/json": { schema: meSchema } } },
    ...errors(401),
  },
});

const sessionSchema = z.object({ user: meSchema.nullable() }).meta({ id: "CurrentSession" });

// The web's session check on every first load, signed in or not: 200 with `user: null` when there
// is no session, so a signed-out page logs no failed request (issue 28). Reading it grants nothing;
// every other operation still answers 401 without a session.
const getSessionRoute = createRoute({
  method: "get",
  path: "/session",
  operationId: "getSession",
  tags: ["Me"],
  summary: "The signed-in user, or null when there is no session",
  responses: {
    200: {
      description: "The session's user, or null",
      content: { "application/json": { schema: sessionSchema } },
    },
  },
});

const patchMeRoute = createRoute({
  method: "patch",
  path: "/me",
  operationId: "updateMe",
  tags: ["Me"],
  summary: "Keep the signed-in user's language and ad account currency in their profile",
  middleware: [sessionRequired] as const,
  request: { body: { required: true, content: { "application/json": { schema: updateMeSchema } } } },
  responses: {
    200: { description: "The updated profile", content: { "application/json": { schema: meSchema } } },
    ...errors(400, 401),
  },
});

export function createMeRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi(getMeRoute, async (c) => {
      const actor = requireActor(c);
      c.header("Cache-Control", "no-store");
      return c.json(await getMe({ db, actor }), 200);
    })
    .openapi(getSessionRoute, async (c) => {
      const actor = c.get("actor");
      c.header("Cache-Control", "no-store");
      return c.json({ user: actor ? await getMe({ db, actor }) : null }, 200);
    })
    .openapi(patchMeRoute, async (c) => {
      const actor = requireActor(c);
      const { language, adAccountCurrency } = c.req.valid("json");
      return c.json(await updateMyProfile({ db, actor, language, adAccountCurrency }), 200);
    });
}
