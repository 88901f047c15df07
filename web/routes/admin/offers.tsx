import { OffersScreen } from "@/features/offers/components/offers-screen";

export function Component() {
  return <OffersScreen />;
}
