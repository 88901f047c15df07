import { ReportScreen } from "@/features/reports/components/report-screen";

// The financial report builder (spec section 2, "Financial reports").
export function Component() {
  return <ReportScreen />;
}
