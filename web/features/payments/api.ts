import type { CsvDialectName } from "@domain/csv";
import type {
  CommissionSettingsInput,
  CommissionSettingsView,
  MyCommission,
  MyPayment,
  MyStatements,
  PaymentHistory,
  PaymentMonth,
} from "@domain/schemas/payments";
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api, apiUrl, unwrap } from "@/lib/api";
import { type PaymentFilters, paymentsQuery } from "./table-state";

// Payments: the month's statements (filtered, with totals), their ledger, the workflow and ledger
// actions, commission settings, and the buyer's own side. Every payments query starts with
// "payments"; a write refreshes them all. The buyer's own queries share "payments", "me", so a
// live "payment" notification refreshes exactly those (refreshOwnPayments).

export const paymentKeys = {
  all: ["payments"] as const,
  months: ["payments", "month"] as const,
  month: (month: string, filters: PaymentFilters) =>
    ["payments", "month", month, filters.status, filters.teamLeadId, filters.pendingOnly] as const,
  history: (statementId: string, page: number) => ["payments", "history", statementId, page] as const,
  settings: (userId: string) => ["payments", "settings", userId] as const,
  own: ["payments", "me"] as const,
  mine: ["payments", "me", "payment"] as const,
  myCommission: ["payments", "me", "commission"] as const,
  myStatements: ["payments", "me", "statements"] as const,
};

export function usePaymentMonth(month: string, filters: PaymentFilters) {
  return useQuery({
    queryKey: paymentKeys.month(month, filters),
    queryFn: ({ signal }): Promise<PaymentMonth> =>
      unwrap(api.GET("/api/payments", { params: { query: paymentsQuery(month, filters) }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentHistory(statementId: string | null, page: number) {
  return useQuery({
    queryKey: paymentKeys.history(statementId ?? "none", page),
    queryFn: ({ signal }): Promise<PaymentHistory> =>
      unwrap(
        api.GET("/api/payments/{statementId}/history", {
          params: { path: { statementId: statementId ?? "" }, query: { page } },
          signal,
        }),
      ),
    enabled: statementId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The buyer's own badge: re-polled every 5 minutes, and at once on a "payment" notification. */
export function useMyPayment(enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.mine,
    queryFn: ({ signal }): Promise<MyPayment> => unwrap(api.GET("/api/me/payment", { signal })),
    enabled,
    refetchInterval: 5 * 60 * 1000,
  });
}

/** The buyer's commission card: fresh on every visit (a day may have been logged meanwhile). */
export function useMyCommission() {
  return useQuery({
    queryKey: paymentKeys.myCommission,
    queryFn: ({ signal }): Promise<MyCommission> => unwrap(api.GET("/api/me/commission", { signal })),
    staleTime: 0,
  });
}

/** /user/payments: the buyer's statements, newest month first. */
export function useMyStatements() {
  return useQuery({
    queryKey: paymentKeys.myStatements,
    queryFn: ({ signal }): Promise<MyStatements> => unwrap(api.GET("/api/me/payments", { signal })),
    staleTime: 0,
  });
}

/**
 * A live "payment" notification: the badge, the commission card and the statements list read
 * again now (the notification arrives after the payout is committed).
 */
export function refreshOwnPayments(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: paymentKeys.own });
}

/** A buyer changed where they are paid: the payments table's payee flags read again. */
export function refreshPaymentMonths(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: paymentKeys.months });
}

export function useCommissionSettings(userId: string | null) {
  return useQuery({
    queryKey: paymentKeys.settings(userId ?? "none"),
    queryFn: ({ signal }): Promise<CommissionSettingsView> =>
      unwrap(
        api.GET("/api/commission-settings/{userId}", { params: { path: { userId: userId ?? "" } }, signal }),
      ),
    enabled: userId !== null,
  });
}

export type StatementAction = "process" | "reject" | "reopen" | "confirm";

export type PaymentWrite =
  | {
      kind: "action";
      statementId: string;
      action: StatementAction;
      note?: string;
      closeEarly?: boolean;
      /** Closing a month with open reconciliation differences (issue 32). */
      reconciliationReason?: string;
    }
  | { kind: "register"; statementId: string; amount: string; note: string | null; closeEarly?: boolean }
  | { kind: "reverse"; payoutId: string; reason: string }
  | { kind: "note"; payoutId: string; note: string | null }
  | { kind: "adjust"; statementId: string; amount: string; reason: string };

const early = (closeEarly: boolean | undefined) => (closeEarly ? { closeEarly: true } : {});

/** One write, one request (each its own transaction on the server). */
export function sendPaymentWrite(write: PaymentWrite): Promise<unknown> {
  switch (write.kind) {
    case "action":
      return unwrap(
        api.POST(`/api/payments/{statementId}/${write.action}`, {
          params: { path: { statementId: write.statementId } },
          body: {
            ...(write.note ? { note: write.note } : {}),
            ...early(write.closeEarly),
            ...(write.reconciliationReason ? { reconciliationReason: write.reconciliationReason } : {}),
          },
        }),
      );
    case "register":
      return unwrap(
        api.POST("/api/payments/{statementId}/payouts", {
          params: { path: { statementId: write.statementId } },
          body: { amount: write.amount, note: write.note, ...early(write.closeEarly) },
        }),
      );
    case "reverse":
      return unwrap(
        api.POST("/api/payouts/{id}/reverse", {
          params: { path: { id: write.payoutId } },
          body: { reason: write.reason },
        }),
      );
    case "note":
      // Strict on the server: the note only, an amount would be refused.
      return unwrap(
        api.PATCH("/api/payouts/{id}", {
          params: { path: { id: write.payoutId } },
          body: { note: write.note },
        }),
      );
    case "adjust":
      return unwrap(
        api.POST("/api/payments/{statementId}/adjustments", {
          params: { path: { statementId: write.statementId } },
          body: { amount: write.amount, reason: write.reason },
        }),
      );
  }
}

/** Any money-moving write; refreshes every payments query whether it worked or was refused. */
export function usePaymentWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPaymentWrite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

export function useSaveCommissionSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommissionSettingsInput): Promise<CommissionSettingsView> =>
      unwrap(api.PUT("/api/commission-settings/{userId}", { params: { path: { userId } }, body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/** The month's payout file (another engineer's endpoints): a plain download link. */
export function payoutFileUrl(format: "csv" | "xlsx", month: string, dialect?: CsvDialectName): string {
  return apiUrl(`/api/payments.${format}`, {
    query: { month, ...(format === "csv" && dialect ? { dialect } : {}) },
  });
}
