import { z } from "zod";
import { roles } from "../roles";
import { noControlCharacters, userIdField } from "./fields";

// User shapes: the admin's user form, the API bodies and the OpenAPI document. Messages are
// validation codes (validation.<code>).

const nameField = noControlCharacters(
  z.string({ error: "required" }).trim().min(1, "required").max(200, "too_long"),
);
const roleField = z.enum(roles, { error: "invalid_option" });
/** A team lead's id, or null for none (only buyers have a lead). */
const managerIdField = userIdField.nullish();

export const userCreateSchema = z
  .object({
    email: z
      .string({ error: "required" })
      .trim()
      .min(1, "required")
      .max(254, "too_long")
      .pipe(z.email({ error: "invalid_email" })),
    name: nameField,
    role: roleField.default("user"),
    managerId: managerIdField,
  })
  .meta({ id: "UserCreate" });
export type UserCreate = z.output<typeof userCreateSchema>;
export type UserCreateForm = z.input<typeof userCreateSchema>;

export const userPatchSchema = z
  .object({
    name: nameField.optional(),
    role: roleField.optional(),
    managerId: managerIdField,
  })
  .meta({ id: "UserPatch" });
export type UserPatch = z.output<typeof userPatchSchema>;

export const userListQuerySchema = z.object({
  q: z.string().trim().max(200, "too_long").optional(),
  role: roleField.optional(),
});

export const userSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: roleField,
    managerId: z.string().nullable(),
    manager: z.object({ id: z.string(), name: z.string() }).nullable(),
    language: z.string().nullable(),
    createdAt: z.string(),
    deactivatedAt: z.string().nullable(),
    twoFactorEnabled: z.boolean().nullable().meta({
      description: "Whether the user signs in with a second factor; null unless the viewer manages users",
    }),
  })
  .meta({ id: "User" });
export type User = z.infer<typeof userSchema>;

export const userCreatedSchema = z
  .object({
    user: userSchema,
    /** The set-password link, present when no mail server delivered it: the admin passes it on. */
    setPasswordUrl: z.string().optional(),
    invitation: z
      .object({ delivered: z.boolean(), transport: z.enum(["smtp", "outbox", "memory"]) })
      .optional(),
  })
  .meta({ id: "UserCreated" });
export type UserCreated = z.infer<typeof userCreatedSchema>;
