import { ReconciliationScreen } from "@/features/reconciliation/components/reconciliation-screen";

// Reconciliation of networks' statements (issue 32): financial users and admins.
export function Component() {
  return <ReconciliationScreen />;
}
