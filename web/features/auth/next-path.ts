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
