import type { User } from "@domain/schemas/users";
import { Eraser } from "lucide-react";

import { useTranslation } from "react-i18next";
import { ChoiceSelect, choicesOf } from "@/components/choice-select";
import { FieldLayout } from "@/components/field-layout";
import { RangePicker, type RangeValue } from "@/components/range-picker";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { NativeSelect } from "@/components/ui/native-select";
import { type AuditFilters as Filters, groupAuditActions, hasAuditFilters } from "../filters";

type FilterKey = keyof Filters;

const actionGroups = groupAuditActions();

/** The trail's filters; each change applies at once (to the URL). */
export function AuditFilters({
  filters,
  range,
  onRangeChange,
  users,
  onChange,
  onClear,
}: {
  filters: Filters;
  range: RangeValue;
  onRangeChange: (range: RangeValue) => void;
  users: { data: User[] | undefined; isPending: boolean; isError: boolean };
  onChange: (key: FilterKey, value: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation("audit");

  return (
    <Card className="py-4">
      <CardContent className="px-4">
        <search aria-label={t("filters.title")} data-testid="audit-filters" className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1.3fr)_minmax(0,0.8fr)_minmax(0,1.6fr)]">
            <FieldLayout label={t("filters.user")} className="content-start min-w-0">
              {(props) => (
                <>
                  <ChoiceSelect
                    {...props}
                    value={filters.userId}
                    onChange={(userId) => onChange("userId", userId)}
                    choices={choicesOf(users, (u) => ({ value: u.id, label: `${u.name} · ${u.email}` }))}
                    allLabel={t("filters.allUsers")}
                    unknownLabel={t("filters.unknownUser")}
                    data-testid="audit-filter-user"
                  />
                  {users.isError ? (
                    <p className="text-destructive text-xs">{t("filters.usersError")}</p>
                  ) : null}
                </>
              )}
            </FieldLayout>
            <FieldLayout label={t("filters.action")} className="content-start min-w-0">
              {(props) => (
                <>
                  <NativeSelect
                    {...props}
                    value={filters.action}
                    onChange={(event) => onChange("action", event.target.value)}
                    data-testid="audit-filter-action"
                  >
                    <option value="">{t("filters.allActions")}</option>
                    {actionGroups.map(({ group, actions }) => (
                      <optgroup key={group} label={t(`groups.${group}`)}>
                        {actions.map((action) => (
                          <option key={action} value={action}>
                            {t(`actions.${action}`)}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </NativeSelect>
                </>
              )}
            </FieldLayout>
            <FieldLayout
              label={t("filters.outcome")}
              className="sm:col-span-2 lg:col-span-1 content-start min-w-0"
            >
              {(props) => (
                <>
                  <NativeSelect
                    {...props}
                    value={filters.outcome}
                    onChange={(event) => onChange("outcome", event.target.value)}
                    data-testid="audit-filter-outcome"
                  >
                    <option value="">{t("filters.allOutcomes")}</option>
                    <option value="success">{t("outcomes.success")}</option>
                    <option value="failure">{t("outcomes.failure")}</option>
                  </NativeSelect>
                </>
              )}
            </FieldLayout>
            <RangePicker
              value={range}
              onChange={onRangeChange}
              testId="audit-filter-period"
              className="content-start sm:col-span-2 lg:col-span-1"
            />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-muted-foreground text-xs">{t("filters.periodHint")}</p>
            {hasAuditFilters(filters) ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={onClear}
                data-testid="audit-clear-filters"
              >
                <Eraser aria-hidden="true" />
                {t("filters.clear")}
              </Button>
            ) : null}
          </div>
        </search>
      </CardContent>
    </Card>
  );
}
