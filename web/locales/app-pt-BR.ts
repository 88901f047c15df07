// Every namespace but the signed-out ones, in pt-BR (see load.ts).
export const modules = import.meta.glob<Record<string, unknown>>(
  ["./pt-BR/*.json", "!./pt-BR/{auth,common,errors}.json"],
  { eager: true, import: "default" },
);
