import type {
  DuplicateChoice,
  ImportMapping,
  ImportPreview,
  ImportResult,
  ImportRowStatus,
} from "@domain/import";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { campaignKeys } from "@/features/campaigns";
import { api, longWrite, unwrap } from "@/lib/api";

// The import screen's calls (docs/decisions/0030): upload for a preview, page it, commit it.

export const importPageSize = 50;

/** Uploads the file; `userId` (admins only) imports for that buyer, with the buyer's offers. */
export function uploadImportPreview(
  file: File,
  options: { mapping?: ImportMapping | undefined; userId?: string | undefined } = {},
): Promise<ImportPreview> {
  return unwrap(
    api.POST("/api/imports/preview", {
      body: {
        file,
        ...(options.mapping ? { mapping: JSON.stringify(options.mapping) } : {}),
        ...(options.userId ? { userId: options.userId } : {}),
      },
      bodySerializer: (body) => {
        const form = new FormData();
        // The text fields first: the server streams the file part to disk as it arrives.
        if (body.mapping) form.set("mapping", body.mapping);
        if (body.userId) form.set("userId", body.userId);
        form.set("file", body.file);
        return form;
      },
      fetch: longWrite,
    }),
  );
}

export type PreviewPageParams = { token: string; page: number; status: "all" | ImportRowStatus };

/** A page of the preview; the first page comes with the upload, so it is seeded, not fetched. */
export function useImportPreviewPage(params: PreviewPageParams | null, first: ImportPreview | null) {
  const isFirst = params?.page === 1 && params.status === "all";
  return useQuery({
    queryKey: ["imports", "preview", params],
    queryFn: ({ signal }): Promise<ImportPreview> =>
      unwrap(
        api.GET("/api/imports/preview/{token}", {
          params: {
            path: { token: params!.token },
            query: { page: params!.page, pageSize: importPageSize, status: params!.status },
          },
          signal,
        }),
      ),
    enabled: Boolean(params) && !(isFirst && first?.token === params?.token),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      token: string;
      duplicates: DuplicateChoice;
      acknowledgeWarnings?: boolean;
    }): Promise<ImportResult> => unwrap(api.POST("/api/imports", { body: input, fetch: longWrite })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
