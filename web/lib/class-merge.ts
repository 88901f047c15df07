// tailwind-merge in a chunk of its own: `cn` (lib/utils.ts) loads it with the signed-in layout, and
// bench/web-size.ts counts this chunk as part of the dashboard's first load.
export { twMerge } from "tailwind-merge";
