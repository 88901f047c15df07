import { type ClassValue, clsx } from "clsx";
import { twMerge as twMergeForChecks } from "tailwind-merge";

// tailwind-merge is not on the sign-in screen's first load (decision 0047): the
// signed-in layout loads it (loadClassMerge) before it shows, and until then `cn` only joins. So the
// screens before sign-in (auth layout, auth pages, guards, error pages) must pass no class that
// overrides one of the component's own; in development `cn` reports any that does.

let merge: ((classes: string) => string) | null = null;

/** Joins class names, letting later Tailwind utilities win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]) {
  const classes = clsx(inputs);
  if (merge) return merge(classes);
  if (import.meta.env.DEV) reportConflict(classes);
  return classes;
}

/** Loads tailwind-merge; from then on `cn` resolves conflicts (the signed-in screens rely on it). */
export async function loadClassMerge(): Promise<void> {
  if (merge) return;
  const { twMerge } = await import("./class-merge");
  merge = twMerge;
}

function reportConflict(classes: string) {
  // A class repeated is harmless; one that overrides another is not.
  const merged = new Set(twMergeForChecks(classes).split(" "));
  if (new Set(classes.split(" ")).size !== merged.size) {
    console.error(
      `cn() before tailwind-merge loaded: conflicting classes would both apply.\n  joined: ${classes}\n  merged: ${[...merged].join(" ")}`,
    );
  }
}
