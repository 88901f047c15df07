import { cn } from "@/lib/utils";

/** The Placar mark and name. */
export function Logo({
  className,
  showName = true,
  nameClassName,
}: {
  className?: string;
  showName?: boolean;
  nameClassName?: string;
}) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-semibold text-base tracking-tight", className)}>
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="7" className="fill-primary" />
        <path d="M8 22V10h4v12zm6 0V6h4v16zm6 0v-8h4v8z" className="fill-primary-foreground" />
        <rect x="6" y="24" width="20" height="2" rx="1" className="fill-primary-foreground" />
      </svg>
      {showName ? <span className={nameClassName}>Placar</span> : null}
    </span>
  );
}
