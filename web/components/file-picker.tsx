import { Upload } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";

// The one file field (issue 28): the browser's own control says "Choose File" / "No file chosen" in
// the browser's language, not the reader's. The real input stays (keyboard, screen readers, drop
// and Playwright's setInputFiles work on it) but is visually hidden; a translated button-like label
// opens it and the chosen file's name is shown beside it.

type FilePickerProps = Omit<ComponentProps<"input">, "type" | "onChange"> & {
  id: string;
  onFile: (file: File | null) => void;
  "data-testid"?: string;
};

export function FilePicker({ id, onFile, className, disabled, ...props }: FilePickerProps) {
  const { t } = useTranslation("common");
  const [name, setName] = useState<string | null>(null);
  return (
    <div className={cn("flex min-w-0 flex-wrap items-center gap-3", className)}>
      <input
        id={id}
        type="file"
        className="peer sr-only"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          setName(file?.name ?? null);
          onFile(file);
        }}
        {...props}
      />
      <label
        htmlFor={id}
        className={cn(
          buttonVariants({ variant: "outline" }),
          "cursor-pointer peer-focus-visible:border-ring peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
        )}
      >
        <Upload aria-hidden="true" />
        {t("filePicker.choose")}
      </label>
      <span className="min-w-0 truncate text-muted-foreground text-sm" data-testid="file-picker-name">
        {name ?? t("filePicker.none")}
      </span>
    </div>
  );
}
