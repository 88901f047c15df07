// The signed-out namespaces in ru (see load.ts).
export const modules = import.meta.glob<Record<string, unknown>>("./ru/{auth,common,errors}.json", {
  eager: true,
  import: "default",
});
