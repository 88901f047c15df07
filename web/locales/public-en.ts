// The signed-out namespaces in en (see load.ts).
export const modules = import.meta.glob<Record<string, unknown>>("./en/{auth,common,errors}.json", {
  eager: true,
  import: "default",
});
