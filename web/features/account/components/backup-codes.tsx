import { Copy, Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";

// The 10 backup codes, shown once: copy them all or download them as a text file.

export function BackupCodes({ codes, email }: { codes: string[]; email: string }) {
  const { t } = useTranslation("account");
  const text = `${t("backupCodes.fileHeader", { email })}\n\n${codes.join("\n")}\n`;

  const copy = () =>
    void navigator.clipboard
      ?.writeText(codes.join("\n"))
      .then(() => toast.success(t("backupCodes.copied")))
      .catch(() => toast.error(t("backupCodes.copyFailed")));

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "placar-backup-codes.txt";
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="grid gap-3">
      <ul
        className="grid grid-cols-2 gap-x-4 gap-y-1.5 rounded-md border bg-muted/40 p-4 font-mono text-sm"
        aria-label={t("backupCodes.listLabel")}
        data-testid="backup-codes"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wide" data-testid="backup-code">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          <Copy aria-hidden="true" />
          {t("backupCodes.copy")}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={download}
          data-testid="download-backup-codes"
        >
          <Download aria-hidden="true" />
          {t("backupCodes.download")}
        </Button>
      </div>
    </div>
  );
}
