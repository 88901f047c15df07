import { z } from "zod";
import { noControlCharacters } from "./fields";

export const noteInputSchema = z
  .object({
    content: noControlCharacters(
      z
        .string({ error: "required" })
        .max(20_000, "too_long")
        .refine((v) => v.trim() !== "", "required"),
      { multiline: true },
    ),
  })
  .meta({ id: "NoteInput" });
export type NoteInput = z.output<typeof noteInputSchema>;

const userRef = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const noteSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    content: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    author: userRef.nullable(),
    user: userRef,
  })
  .meta({ id: "Note" });
export type Note = z.infer<typeof noteSchema>;
