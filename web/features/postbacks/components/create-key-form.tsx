import {
  defaultPostbackEvents,
  type PostbackEventType,
  type PostbackField,
  postbackEventTypes,
  postbackFields,
  postbackPresetNames,
  postbackPresets,
} from "@domain/postbacks";
import { type PostbackKeyInput, postbackKeyInputSchema } from "@domain/schemas/postbacks";
import { KeyRound } from "lucide-react";
import { type Control, type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useOffers } from "@/features/offers";
import { errorMessageKey } from "@/lib/api";
import { createCodeResolver } from "@/lib/code-resolver";
import { validationKey } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useCreatePostbackKey } from "../api";

type Values = {
  label: string;
  preset: string;
  offerId: string;
} & Record<`param_${PostbackField}`, string> &
  Record<`event_${PostbackEventType}`, string>;

/** The usual network names of each of our events, comma-separated, for the form. */
function defaultEventNames(): Record<PostbackEventType, string> {
  const names = Object.fromEntries(postbackEventTypes.map((event) => [event, [] as string[]])) as Record<
    PostbackEventType,
    string[]
  >;
  for (const [name, event] of Object.entries(defaultPostbackEvents)) names[event].push(name);
  return Object.fromEntries(postbackEventTypes.map((event) => [event, names[event].join(", ")])) as Record<
    PostbackEventType,
    string
  >;
}

const schemaResolver = createCodeResolver<Values, PostbackKeyInput>(postbackKeyInputSchema, (code) =>
  validationKey("postbacks", code),
);

/** The form's strings → the API's body (one list of network names per event of ours). */
function toBody(values: Values, offerKey: boolean) {
  const events: Record<string, string> = {};
  for (const event of postbackEventTypes)
    for (const name of values[`event_${event}`].split(/[,;\s]+/))
      if (name.trim()) events[name.trim().toLowerCase()] = event;
  return {
    label: values.label,
    preset: values.preset,
    ...(offerKey ? { offerId: values.offerId || "" } : {}),
    params: Object.fromEntries(
      postbackFields
        .filter((field) => offerKey || field !== "buyer")
        .map((field) => [field, values[`param_${field}`]]),
    ),
    events,
  };
}

const formResolver =
  (offerKey: boolean): Resolver<Values, unknown, PostbackKeyInput> =>
  async (values, context, options) => {
    const result = await schemaResolver(toBody(values, offerKey) as unknown as Values, context, options);
    // Field errors come back under the body's names: params.event → param_event.
    const errors = Object.fromEntries(
      Object.entries(result.errors).map(([name, error]) => [
        name.startsWith("params.")
          ? `param_${name.slice(7)}`
          : name === "params"
            ? "param_event"
            : name.startsWith("events")
              ? "event_registration"
              : name,
        error,
      ]),
    );
    return { ...result, errors } as typeof result;
  };

/** A key: label, preset, the network's parameter names, its event names, and (admins) the offer. */
export function CreateKeyForm({ offerKey }: { offerKey: boolean }) {
  const { t } = useTranslation("postbacks");
  const create = useCreatePostbackKey();
  const preset = postbackPresets.generic.params;
  const events = defaultEventNames();
  const { control, handleSubmit, reset, setValue } = useForm<Values, unknown, PostbackKeyInput>({
    defaultValues: {
      label: "",
      preset: "generic",
      offerId: "",
      ...(Object.fromEntries(postbackFields.map((field) => [`param_${field}`, preset[field]])) as Record<
        `param_${PostbackField}`,
        string
      >),
      ...(Object.fromEntries(postbackEventTypes.map((event) => [`event_${event}`, events[event]])) as Record<
        `event_${PostbackEventType}`,
        string
      >),
    },
    resolver: formResolver(offerKey),
  });

  const submit = handleSubmit(async (input) => {
    try {
      await create.mutateAsync(input);
      toast.success(t("create.done"));
      reset();
    } catch (error) {
      toast.error(t(errorMessageKey(error)));
    }
  });

  const fields = postbackFields.filter((field) => offerKey || field !== "buyer");
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="postback-key-form">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field control={control} name="label" label={t("create.label")}>
          {(field, props) => (
            <Input
              {...field}
              {...props}
              maxLength={100}
              placeholder={t("create.labelPlaceholder")}
              data-testid="postback-key-label"
            />
          )}
        </Field>
        <Field control={control} name="preset" label={t("create.preset")}>
          {(field, props) => (
            <NativeSelect
              {...field}
              {...props}
              onChange={(event) => {
                field.onChange(event);
                const names = postbackPresets[event.target.value as keyof typeof postbackPresets]?.params;
                if (names) for (const name of postbackFields) setValue(`param_${name}`, names[name]);
              }}
              data-testid="postback-key-preset"
            >
              {postbackPresetNames.map((name) => (
                <option key={name} value={name}>
                  {t(`presets.${name}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {offerKey ? <OfferField control={control} /> : null}
      </div>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-2 font-medium text-sm">{t("create.params")}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {fields.map((name) => (
            <Field key={name} control={control} name={`param_${name}`} label={t(`fields.${name}`)}>
              {(field, props) => (
                <Input
                  {...field}
                  {...props}
                  maxLength={40}
                  className="font-mono"
                  data-testid={`postback-param-${name}`}
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-2 font-medium text-sm">{t("create.events")}</legend>
        <p className="text-muted-foreground text-sm">{t("create.eventsHint")}</p>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {postbackEventTypes.map((event) => (
            <Field key={event} control={control} name={`event_${event}`} label={t(`events.${event}`)}>
              {(field, props) => <Input {...field} {...props} className="font-mono" />}
            </Field>
          ))}
        </div>
      </fieldset>
      <div>
        <Button type="submit" disabled={create.isPending} data-testid="postback-key-create">
          <KeyRound aria-hidden="true" />
          {t("create.submit")}
        </Button>
      </div>
    </form>
  );
}

/** Admins' keys are per offer; the catalogue loads only for them. */
function OfferField({ control }: { control: Control<Values, unknown, PostbackKeyInput> }) {
  const { t } = useTranslation("postbacks");
  const offers = useOffers();
  return (
    <Field control={control} name="offerId" label={t("create.offer")}>
      {(field, props) => (
        <NativeSelect {...field} {...props} data-testid="postback-key-offer">
          <option value="">{t("create.chooseOffer")}</option>
          {(offers.data ?? []).map((offer) => (
            <option key={offer.id} value={offer.id}>
              {offer.name}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}
