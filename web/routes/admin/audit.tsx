import { AuditScreen } from "@/features/audit/components/audit-screen";

// The audit trail (issue 10): who did what, when and from where.
export function Component() {
  return <AuditScreen />;
}
