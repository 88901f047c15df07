import type { Backup, WorkspaceSettings, WorkspaceSettingsInput } from "@domain/schemas/settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiUrl, longWrite, unwrap } from "@/lib/api";
import type { components } from "@/lib/api-schema";
import { queryKeys } from "@/lib/query-keys";

// Workspace settings and backups (admins). Saving refreshes the public configuration at once, so
// this tab formats money and dates with the new values without a reload.

export const settingsKeys = {
  settings: ["settings"] as const,
  backups: ["backups"] as const,
};

export function useWorkspaceSettings() {
  return useQuery({
    queryKey: settingsKeys.settings,
    queryFn: ({ signal }): Promise<WorkspaceSettings> => unwrap(api.GET("/api/settings", { signal })),
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkspaceSettingsInput): Promise<WorkspaceSettings> =>
      unwrap(api.PUT("/api/settings", { body: input })),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.settings, saved);
      // Every screen reads currency, time zone and language from the configuration; periods follow.
      void queryClient.invalidateQueries({ queryKey: queryKeys.config });
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== settingsKeys.settings[0],
      });
    },
  });
}

export function useBackups() {
  return useQuery({
    queryKey: settingsKeys.backups,
    queryFn: ({ signal }): Promise<Backup[]> => unwrap(api.GET("/api/backups", { signal })),
  });
}

export function useRunBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<Backup> => unwrap(api.POST("/api/backups", { fetch: longWrite })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.backups }),
  });
}

export function useDeleteBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE("/api/backups/{id}", { params: { path: { id } } })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.backups }),
  });
}

export function buildDownloadUrl(backup: Pick<Backup, "id">): string {
  return apiUrl("/api/backups/{id}/download", { path: { id: backup.id } });
}

/** Only in the served document (the route defines it): the generated type, not a copy. */
export type TestReportResult = components["schemas"]["TestReportResult"];

/** A random UUID v4; crypto.randomUUID exists only on https or localhost. */
export function newPressKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** "Send a test report now": the key is the press; the server sends each key once. */
export function useSendTestReport() {
  return useMutation({
    mutationFn: (key: string): Promise<TestReportResult> =>
      unwrap(api.POST("/api/settings/test-report", { body: { key } })),
  });
}
