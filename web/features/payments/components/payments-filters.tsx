import type { PaymentRow } from "@domain/schemas/payments";
import { FilterX } from "lucide-react";
import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ChoiceSelect } from "@/components/choice-select";
import { Button } from "@/components/ui/button";
import { checkboxClass } from "@/components/ui/classes";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { useUsers } from "@/features/users";
import { useFormatters } from "@/lib/use-formatters";
import { hasFilters, type PaymentFilters, statementStatuses } from "../table-state";

// The table's filters, kept in the URL by the screen: status, team lead ("none": buyers without
// one) and "only with something pending". The leads come from the users list (every team lead,
// whether or not they lead anyone this month) and from the rows (a lead since deactivated).

export function PaymentsFilters({
  filters,
  rows,
  onChange,
}: {
  filters: PaymentFilters;
  rows: PaymentRow[];
  onChange: (change: Partial<PaymentFilters>) => void;
}) {
  const { t } = useTranslation("payments");
  const f = useFormatters();
  const id = useId();
  const leads = useUsers({ role: "manager" });
  const options = useMemo(() => {
    const byId = new Map<string, string>();
    for (const user of leads.data ?? []) byId.set(user.id, user.name);
    for (const row of rows) if (row.teamLead) byId.set(row.teamLead.id, row.teamLead.name);
    const collator = new Intl.Collator(f.language, { sensitivity: "base" });
    return [...byId]
      .map(([value, name]) => ({ value, name }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [leads.data, rows, f.language]);

  return (
    <fieldset
      className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:flex-wrap sm:items-end"
      data-testid="payments-filters"
    >
      <legend className="sr-only">{t("filters.legend")}</legend>
      <div className="grid gap-1 sm:w-44">
        <Label htmlFor={`${id}-status`} className="text-xs">
          {t("filters.status")}
        </Label>
        <NativeSelect
          id={`${id}-status`}
          value={filters.status ?? ""}
          onChange={(event) => onChange({ status: (event.target.value || null) as PaymentFilters["status"] })}
          data-testid="filter-status"
        >
          <option value="">{t("filters.allStatuses")}</option>
          {statementStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1 sm:w-56">
        <Label htmlFor={`${id}-lead`} className="text-xs">
          {t("filters.teamLead")}
        </Label>
        <ChoiceSelect
          id={`${id}-lead`}
          value={filters.teamLeadId ?? ""}
          onChange={(teamLeadId) => onChange({ teamLeadId: teamLeadId || null })}
          choices={options.map((option) => ({ value: option.value, label: option.name }))}
          fixed={[{ value: "none", label: t("filters.noLead") }]}
          allLabel={t("filters.allLeads")}
          unknownLabel={t("filters.unknownLead")}
          data-testid="filter-lead"
        />
      </div>
      <label className="flex min-h-9 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className={checkboxClass}
          checked={filters.pendingOnly}
          onChange={(event) => onChange({ pendingOnly: event.target.checked })}
          data-testid="filter-pending"
        />
        {t("filters.pendingOnly")}
      </label>
      {hasFilters(filters) ? (
        <Button
          variant="ghost"
          size="sm"
          className="self-start sm:ml-auto sm:self-end"
          onClick={() => onChange({ status: null, teamLeadId: null, pendingOnly: false })}
          data-testid="clear-filters"
        >
          <FilterX aria-hidden="true" />
          {t("filters.clear")}
        </Button>
      ) : null}
    </fieldset>
  );
}
