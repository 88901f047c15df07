// One chunk with every Russian namespace (see load.ts).
export const modules = import.meta.glob<Record<string, unknown>>("./ru/*.json", {
  eager: true,
  import: "default",
});
