import type { Context } from "hono";
import { acceptsApiToken } from "../../../domain/permissions";
import type { RequestClient } from "../../audit";
import type { AppBindings } from "../../context";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { resolveTokenActor } from "./tokens.service";

// `Authorization: Bearer <token>` where domain/permissions.ts's acceptsApiToken says (the campaign
// endpoints, issue 11). Anywhere else a token is refused outright.

/** True when the request carries a bearer token (the session cookie is then ignored). */
export function hasBearerToken(c: Context<AppBindings>): boolean {
  return /^bearer\s/i.test(c.req.header("authorization") ?? "");
}

/** Sets the actor from the bearer token, or throws 401. */
export async function authenticateBearer(
  c: Context<AppBindings>,
  db: Db,
  client: RequestClient,
): Promise<void> {
  if (!acceptsApiToken(c.req.path))
    throw new AppError(
      "unauthenticated",
      "API tokens work on the campaign endpoints only.",
      undefined,
      "token_not_allowed_here",
    );
  const secret = (c.req.header("authorization") ?? "").replace(/^bearer\s+/i, "").trim();
  const actor = await resolveTokenActor(db, secret);
  if (!actor)
    throw new AppError(
      "unauthenticated",
      "The token is invalid, expired or revoked.",
      undefined,
      "invalid_token",
    );
  c.set("actor", { ...actor, client });
}
