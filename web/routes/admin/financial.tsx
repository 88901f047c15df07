import { PaymentsScreen } from "@/features/payments/components/payments-screen";

// The payments screen; the same on /admin/financial and /financial/payments.
export function Component() {
  return <PaymentsScreen />;
}
