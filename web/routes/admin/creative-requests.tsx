import { RequestsAdminScreen } from "@/features/creative-requests/components/requests-admin-screen";

export function Component() {
  return <RequestsAdminScreen />;
}
