import type {
  CommissionSettingsInput,
  CommissionSettingsView,
  MyCommission,
  MyPayment,
  PaymentCard,
  PaymentHistory,
  PaymentMonth,
} from "@domain/schemas/payments";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

// Payments: the month's statements (one card per buyer), their history, the workflow actions and
// commission settings. Every payments query starts with "payments"; a write refreshes them all.

export const paymentKeys = {
  all: ["payments"] as const,
  month: (month: string) => ["payments", "month", month] as const,
  history: (statementId: string, page: number) => ["payments", "history", statementId, page] as const,
  settings: (userId: string) => ["payments", "settings", userId] as const,
  mine: ["payments", "mine"] as const,
  myCommission: ["payments", "my-commission"] as const,
};

export function usePaymentMonth(month: string) {
  return useQuery({
    queryKey: paymentKeys.month(month),
    queryFn: ({ signal }) => api.get<PaymentMonth>("/api/payments", { query: { month }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentHistory(statementId: string | null, page: number) {
  return useQuery({
    queryKey: paymentKeys.history(statementId ?? "none", page),
    queryFn: ({ signal }) =>
      api.get<PaymentHistory>(`/api/payments/${statementId}/history`, { query: { page }, signal }),
    enabled: statementId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The buyer's own badge: re-polled every 5 minutes. */
export function useMyPayment(enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.mine,
    queryFn: ({ signal }) => api.get<MyPayment>("/api/me/payment", { signal }),
    enabled,
    refetchInterval: 5 * 60 * 1000,
  });
}

/** The buyer's commission card: fresh on every visit (a day may have been logged meanwhile). */
export function useMyCommission() {
  return useQuery({
    queryKey: paymentKeys.myCommission,
    queryFn: ({ signal }) => api.get<MyCommission>("/api/me/commission", { signal }),
    staleTime: 0,
  });
}

export function useCommissionSettings(userId: string | null) {
  return useQuery({
    queryKey: paymentKeys.settings(userId ?? "none"),
    queryFn: ({ signal }) =>
      api.get<CommissionSettingsView>(`/api/commission-settings/${userId}`, { signal }),
    enabled: userId !== null,
  });
}

export type StatementAction = "process" | "reject" | "reopen" | "confirm";

export type PaymentWrite =
  | { kind: "action"; statementId: string; action: StatementAction; note?: string }
  | { kind: "register"; statementId: string; amount: string; note: string | null }
  | { kind: "reverse"; payoutId: string; reason: string }
  | { kind: "edit"; payoutId: string; amount: string; note: string | null };

function sendWrite(write: PaymentWrite): Promise<PaymentCard> {
  switch (write.kind) {
    case "action":
      return api.post<PaymentCard>(
        `/api/payments/${write.statementId}/${write.action}`,
        write.note ? { note: write.note } : {},
      );
    case "register":
      return api.post<PaymentCard>(`/api/payments/${write.statementId}/payouts`, {
        amount: write.amount,
        note: write.note,
      });
    case "reverse":
      return api.post<PaymentCard>(`/api/payouts/${write.payoutId}/reverse`, { reason: write.reason });
    case "edit":
      return api.patch<PaymentCard>(`/api/payouts/${write.payoutId}`, {
        amount: write.amount,
        note: write.note,
      });
  }
}

/** Any money-moving write; refreshes every payments query whether it worked or was refused. */
export function usePaymentWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWrite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

export function useSaveCommissionSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommissionSettingsInput) =>
      api.put<CommissionSettingsView>(`/api/commission-settings/${userId}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}
