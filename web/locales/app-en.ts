// Every namespace but the signed-out ones, in en (see load.ts).
export const modules = import.meta.glob<Record<string, unknown>>(
  ["./en/*.json", "!./en/{auth,common,errors}.json"],
  { eager: true, import: "default" },
);
