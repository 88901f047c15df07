import { MyPaymentsScreen } from "@/features/payments/components/my-payments";

// /user/payments: the buyer's own statements by month (read-only).
export function Component() {
  return <MyPaymentsScreen />;
}
