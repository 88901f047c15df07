// Every namespace but the signed-out ones, in ru (see load.ts).
export const modules = import.meta.glob<Record<string, unknown>>(
  ["./ru/*.json", "!./ru/{auth,common,errors}.json"],
  { eager: true, import: "default" },
);
