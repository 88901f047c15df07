import type { UserCreated } from "@domain/schemas/users";
import { CheckIcon, CopyIcon } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** After creating a user: the set-password link to pass on when no mail server sent it. */
export function InvitationDialog({ result, onClose }: { result: UserCreated | null; onClose: () => void }) {
  const { t } = useTranslation("users");
  const id = useId();
  const [copied, setCopied] = useState(false);
  const url = result?.setPasswordUrl;

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // Clipboard blocked: the field is selected so the admin can copy by hand.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  }

  return (
    <Dialog
      open={Boolean(result && url)}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <DialogContent closeLabel={t("common:close")}>
        <DialogHeader>
          <DialogTitle>{t("invitation.title")}</DialogTitle>
          <DialogDescription>
            {t("invitation.description", { name: result?.user.name ?? "", email: result?.user.email ?? "" })}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor={id}>{t("invitation.link")}</Label>
          <div className="flex gap-2">
            <Input
              id={id}
              readOnly
              value={url ?? ""}
              onFocus={(e) => e.target.select()}
              className="font-mono text-xs"
            />
            <Button type="button" variant="outline" onClick={copy} aria-live="polite">
              {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
              {copied ? t("invitation.copied") : t("invitation.copy")}
            </Button>
          </div>
          <p className="text-muted-foreground text-xs">{t("invitation.expires")}</p>
        </div>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            {t("invitation.done")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
