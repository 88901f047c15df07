import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { NativeSelect } from "@/components/ui/native-select";

export type Choice = { value: string; label: string };

/** A list query's choices: undefined while it loads, then one per item (none when it failed). */
export function choicesOf<T>(
  query: { isPending: boolean; data?: readonly T[] | undefined },
  toChoice: (item: T) => Choice,
): readonly Choice[] | undefined {
  return query.isPending ? undefined : (query.data ?? []).map(toChoice);
}

type ChoiceSelectProps = Omit<ComponentProps<"select">, "value" | "onChange" | "children"> & {
  value: string;
  onChange: (value: string) => void;
  /** The choices; undefined while they load (the select then says so and waits). */
  choices: readonly Choice[] | undefined;
  /** The empty value's label ("All users"). */
  allLabel: string;
  /** The label of a chosen value no choice knows (a deleted user named by a shared link). */
  unknownLabel: string;
  /** Fixed choices after the empty one ("No team lead"). */
  fixed?: readonly Choice[];
};

/**
 * A filter's select over a list that loads (users, offers, team leads): "loading" until it has
 * the list, "all" as the empty value, and a value chosen in the URL that the list does not know
 * kept visible and selected rather than silently widening the filter.
 */
export function ChoiceSelect({
  value,
  onChange,
  choices,
  allLabel,
  unknownLabel,
  fixed = [],
  disabled,
  ...props
}: ChoiceSelectProps) {
  const { t } = useTranslation();
  const known = (candidate: string) =>
    fixed.some((choice) => choice.value === candidate) ||
    choices?.some((choice) => choice.value === candidate);
  const unknown = value !== "" && choices !== undefined && !known(value);
  return (
    <NativeSelect
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled || choices === undefined}
    >
      <option value="">{choices === undefined ? t("common:loading") : allLabel}</option>
      {fixed.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
      {unknown ? <option value={value}>{unknownLabel}</option> : null}
      {(choices ?? []).map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </NativeSelect>
  );
}
