import { PivotScreen } from "@/features/reports/components/pivot-screen";

// The pivot report (issue 25, docs/decisions/0082): every role, within what it may read.
export function Component() {
  return <PivotScreen />;
}
