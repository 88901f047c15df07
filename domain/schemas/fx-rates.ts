import { z } from "zod";
import { isRate } from "../fx";
import { isoDateField } from "./fields";

// Daily exchange rates (issue 30, docs/decisions/0104): BRL per USD per calendar day.

/** A rate as typed or imported: a positive decimal with up to six places, at most 6 whole digits. */
export const rateField = z
  .string({ error: "required" })
  .trim()
  .refine((value) => isRate(value), "invalid_rate")
  .meta({ example: "5.4321", description: "BRL per USD, up to 6 decimals" });

export const fxRateInputSchema = z.strictObject({ date: isoDateField, rate: rateField });

export const fxRatesInputSchema = z
  .strictObject({
    rates: z.array(fxRateInputSchema).min(1, "required").max(4000, "too_many"),
  })
  .meta({ id: "FxRatesInput" });
export type FxRatesInput = z.infer<typeof fxRatesInputSchema>;

export const fxRatesQuerySchema = z.object({
  from: isoDateField.meta({ param: { name: "from", in: "query" } }),
  to: isoDateField.meta({ param: { name: "to", in: "query" } }),
});

/** One day of a range: its own rate, the earlier day whose rate it uses (a gap), or none. */
export const fxRateDaySchema = z
  .object({
    date: z.string(),
    rate: z.string().nullable().meta({ description: "The rate the day uses; null: no rate on or before it" }),
    own: z.boolean().meta({ description: "The day has its own rate (false: a gap)" }),
    from: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "A gap: the earlier day whose rate it uses (null: none)" }),
  })
  .meta({ id: "FxRateDay" });

export const fxRatesSchema = z
  .object({
    reportingCurrency: z.enum(["USD", "BRL"]),
    days: z.array(fxRateDaySchema),
    gaps: z.number().int().meta({ description: "Days without their own rate" }),
    missing: z.number().int().meta({ description: "Days without any rate on or before them" }),
  })
  .meta({ id: "FxRates" });
export type FxRates = z.infer<typeof fxRatesSchema>;

export const fxRatesSavedSchema = z
  .object({
    saved: z.number().int().meta({ description: "Rates written (new or changed)" }),
    unchanged: z.number().int(),
    converted: z.number().int().meta({ description: "Campaign rows converted again at the new rates" }),
    problems: z
      .array(z.object({ line: z.number().int(), code: z.string() }))
      .optional()
      .meta({ description: "Import: lines that were not read" }),
  })
  .meta({ id: "FxRatesSaved" });
export type FxRatesSaved = z.infer<typeof fxRatesSavedSchema>;
