// The keys of the queries every screen shares; apart from lib/query-client.ts so that the first
// load (lib/startup-query.ts) does not bring TanStack Query with it.
export const queryKeys = {
  me: ["me"] as const,
  config: ["config"] as const,
};
