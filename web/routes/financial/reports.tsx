import { PlannedPage } from "@/components/layout/planned-page";

// The screen arrives with its own issue; the route and its guard are real.
export function Component() {
  return <PlannedPage title="nav:financial.reports" />;
}
