import { homePathFor } from "@domain/permissions";
import type { Me } from "./api";

/** Where a user whose role must use two-factor, and who has not turned it on, is kept. */
export const twoFactorSetupPath = "/account";

export function mustSetUpTwoFactor(user: Pick<Me, "twoFactorRequired" | "twoFactorEnabled">): boolean {
  return user.twoFactorRequired && !user.twoFactorEnabled;
}

/**
 * Where a user lands after signing in: /account while their role's two-factor is not set up
 * (RequireAuth would send them there anyway), else `next` (readNextPath), else the role's home.
 */
export function landingPathFor(
  user: Pick<Me, "role" | "twoFactorRequired" | "twoFactorEnabled">,
  next: string | null,
): string {
  if (mustSetUpTwoFactor(user)) return twoFactorSetupPath;
  return next ?? homePathFor(user.role);
}

/**
 * Where to go after signing in: `?next=` when it is a path inside this app (never another origin,
 * never back to the auth screens), else null (the role's home).
 */
export function readNextPath(search: string): string | null {
  const next = new URLSearchParams(search).get("next");
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  if (/^\/(login|register|forgot-password|reset-password)(?=$|[/?#])/.test(next)) return null;
  return next;
}

/** The /login address that brings the user back to `here` afterwards. */
export function loginPathFor(here: string): string {
  return here === "/" ? "/login" : `/login?next=${encodeURIComponent(here)}`;
}
