import { isRole, type Role } from "@domain/roles";

// Every filter of the financial screens lives in the address (bookmarkable, shareable, and the
// back button restores it). These pure readers turn whatever is in the URL into a valid choice; the
// periods are the one range picker's (useRangeParam, docs/decisions/0081).

export function readRole(params: URLSearchParams): Role | undefined {
  const role = params.get("role");
  return isRole(role) ? role : undefined;
}

export function readSearch(params: URLSearchParams): string {
  return (params.get("q") ?? "").slice(0, 100);
}
