import { z } from "zod";
import { userIdField } from "./fields";
import { rangeQuerySchema } from "./reports";

// The team screen (issue 25, docs/decisions/0080): one row per buyer with the period's figures, the
// previous period's, the change, this month's commission so far and when the buyer last logged.

/** A named period or a custom range (rangeQuerySchema), and for admins and financial one lead's team. */
export const teamBuyersQuerySchema = rangeQuerySchema
  .extend({ leadId: userIdField.optional() })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from > query.to)
      ctx.addIssue({ code: "custom", path: ["to"], message: "dates_reversed" });
  });
export type TeamBuyersQuery = z.output<typeof teamBuyersQuerySchema>;

const money = z.string().meta({ description: "Decimal amount, 2 places" });
const ratio = z
  .string()
  .meta({ description: 'Ratio, decimal with 4 places, e.g. "12.5000"', example: "12.5000" });
/** A change in percent of the previous value; null when there is no previous period or it was 0. */
const change = ratio.nullable();

export const teamFiguresSchema = z
  .object({
    spent: money,
    revenue: money,
    profit: money,
    /** percent */
    roi: ratio,
    epc: ratio,
    deposits: z.number().int(),
    campaigns: z.number().int(),
  })
  .meta({ id: "TeamFigures" });
export type TeamFigures = z.infer<typeof teamFiguresSchema>;

export const teamChangesSchema = z
  .object({
    spent: change,
    revenue: change,
    profit: change,
    deposits: change,
    campaigns: change,
  })
  .meta({ id: "TeamChanges" });
export type TeamChanges = z.infer<typeof teamChangesSchema>;

export const teamBuyerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    leadId: z.string().nullable(),
    leadName: z.string().nullable(),
    current: teamFiguresSchema,
    previous: teamFiguresSchema.nullable(),
    changes: teamChangesSchema,
    /** The commission of the current calendar month so far, as the payments screen computes it. */
    commissionThisMonth: money,
    /** The latest day (up to today) the buyer logged a campaign for; null when never. */
    lastLoggedOn: z.string().nullable(),
    /** Nothing logged for yesterday (the workspace's yesterday). */
    missedYesterday: z.boolean(),
    /** The buyer got the in-app reminder about yesterday (docs/decisions/0088). */
    remindedYesterday: z.boolean(),
  })
  .meta({ id: "TeamBuyer" });
export type TeamBuyer = z.infer<typeof teamBuyerSchema>;

export const teamBuyersSchema = z
  .object({
    from: z.string().nullable(),
    to: z.string(),
    /** The same number of days just before; null for "all time". */
    previous: z.object({ from: z.string(), to: z.string() }).nullable(),
    /** The workspace's yesterday, the day missedYesterday is about. */
    yesterday: z.string(),
    buyers: z.array(teamBuyerSchema),
  })
  .meta({ id: "TeamBuyers" });
export type TeamBuyers = z.infer<typeof teamBuyersSchema>;
