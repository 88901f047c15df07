import { lazy, Suspense } from "react";
import { useToasterWanted } from "@/lib/toast";

const Toaster = lazy(() => import("./sonner").then((module) => ({ default: module.Toaster })));

/** The toaster, mounted with the first toast (see lib/toast.ts). */
export function LazyToaster() {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" closeButton />
    </Suspense>
  );
}
