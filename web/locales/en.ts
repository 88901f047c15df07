// One chunk with every English namespace (see load.ts).
export const modules = import.meta.glob<Record<string, unknown>>("./en/*.json", {
  eager: true,
  import: "default",
});
