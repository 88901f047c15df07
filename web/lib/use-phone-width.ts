import { useSyncExternalStore } from "react";

// Tables that turn into cards at phone width (≤ 640 px: payments, the day grid). Only one of the two is rendered,
// so each checkbox and button exists once on the page.

const phoneQuery = "(max-width: 640px)";

function subscribe(onChange: () => void): () => void {
  if (typeof window === "undefined" || !window.matchMedia) return () => {};
  const media = window.matchMedia(phoneQuery);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

function snapshot(): boolean {
  return typeof window !== "undefined" && Boolean(window.matchMedia?.(phoneQuery).matches);
}

export function usePhoneWidth(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

const wideQuery = "(min-width: 1024px)";

function subscribeWide(onChange: () => void): () => void {
  if (typeof window === "undefined" || !window.matchMedia) return () => {};
  const media = window.matchMedia(wideQuery);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

/**
 * Whether the window is at least Tailwind's lg (1024 px) wide: screens with a side column (the
 * add-data preview) put that column's content in the flow below it, where a phone reads it in order.
 */
export function useWideWindow(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => typeof window !== "undefined" && Boolean(window.matchMedia?.(wideQuery).matches),
    () => true,
  );
}
