import { ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useFormatters } from "@/lib/use-formatters";
import { formatKey } from "../key-format";
import { type DrillStep, drillBack } from "../pivot-state";
import { useKeyTexts } from "./pivot-table";

/** The drill path: each step a link back to the report as it was before that step. */
export function DrillBreadcrumb({ steps }: { steps: DrillStep[] }) {
  const { t } = useTranslation("reports");
  const f = useFormatters();
  const texts = useKeyTexts();
  const [params] = useSearchParams();
  const href = (index: number) => {
    const search = drillBack(params, index).toString();
    return search ? `/reports?${search}` : "/reports";
  };
  return (
    <nav aria-label={t("drill.label")} data-testid="pivot-breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        <li>
          <Link
            to={href(0)}
            className="text-primary underline-offset-4 hover:underline"
            data-testid="crumb-0"
          >
            {t("drill.all")}
          </Link>
        </li>
        {steps.map((step, index) => {
          const text = step.keys
            .map(
              (key) =>
                `${t(`dimensions.${key.dimension}`)}: ${formatKey(key.dimension, key, f.language, texts)}`,
            )
            .join(" · ");
          const last = index === steps.length - 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the path's steps are positional
            <li key={index} className="flex items-center gap-1">
              <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
              {last ? (
                <span aria-current="page" className="font-medium" data-testid={`crumb-${index + 1}`}>
                  {text}
                </span>
              ) : (
                <Link
                  to={href(index + 1)}
                  className="text-primary underline-offset-4 hover:underline"
                  data-testid={`crumb-${index + 1}`}
                >
                  {text}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
