import { z } from "zod";

// Sign-in sessions as the account page lists them (issue 10). A session is named by its id, never
// by its token: the token is the cookie's secret and stays on the server.

/** A session id as Better Auth makes them (a random string). */
export const sessionIdField = z.string().trim().min(1, "invalid_id").max(100, "invalid_id");

export const sessionSchema = z
  .object({
    id: z.string(),
    /** The session this request came with ("this device"). */
    current: z.boolean(),
    createdAt: z.string().meta({ description: "When the user signed in" }),
    lastActiveAt: z.string().meta({ description: "The last request, to within a few minutes" }),
    expiresAt: z.string(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: "Session" });
export type Session = z.infer<typeof sessionSchema>;

export const sessionsRevokedSchema = z
  .object({ revoked: z.number().int().meta({ description: "How many sessions ended" }) })
  .meta({ id: "SessionsRevoked" });
export type SessionsRevoked = z.infer<typeof sessionsRevokedSchema>;
