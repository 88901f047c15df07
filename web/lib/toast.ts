import { useSyncExternalStore } from "react";
import type { toast as sonnerToast } from "sonner";

// sonner stays off the first screen: `toast` loads it on the first message and asks
// <LazyToaster> to mount the toaster. sonner replays the toasts a late toaster missed, so nothing is
// lost. Only the calls the app makes are offered: toast(), toast.success(), toast.error().

type Sonner = typeof sonnerToast;

let wanted = false;
const listeners = new Set<() => void>();
let loading: Promise<Sonner> | undefined;

function load(): Promise<Sonner> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  loading ??= import("sonner").then((module) => module.toast);
  return loading;
}

/** Whether any toast was asked for yet (the toaster mounts from then on). */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

export const toast = Object.assign(
  (...args: Parameters<Sonner>): void => {
    void load().then((show) => show(...args));
  },
  {
    success: (...args: Parameters<Sonner["success"]>): void => {
      void load().then((show) => show.success(...args));
    },
    error: (...args: Parameters<Sonner["error"]>): void => {
      void load().then((show) => show.error(...args));
    },
  },
);
