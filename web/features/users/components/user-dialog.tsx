import { can } from "@domain/permissions";
import { type Role, roles } from "@domain/roles";
import {
  type User,
  type UserCreate,
  type UserCreated,
  type UserPatch,
  userCreateSchema,
  userPatchSchema,
} from "@domain/schemas/users";
import { useEffect, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/field";
import { roleLabels } from "@/components/layout/role-label";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { codeResolver } from "@/lib/code-resolver";
import { applyServerErrors } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useCreateUser, useUpdateUser } from "../api";

type Values = { email: string; name: string; role: Role; managerId: string };
const fieldNames = ["email", "name", "role", "managerId"] as const;

const createResolver = codeResolver<Values, UserCreate>(userCreateSchema, "users");
const patchResolver = codeResolver<Values, UserPatch>(userPatchSchema, "users");

/** The API's own schemas; a team lead only for a buyer, none chosen is null. */
function payloadOf(values: Values, editing: boolean) {
  const managerId = can(values.role, "team:have-lead") && values.managerId ? values.managerId : null;
  return editing
    ? { name: values.name, role: values.role, managerId }
    : { email: values.email, name: values.name, role: values.role, managerId };
}

const createFormResolver: Resolver<Values, unknown, UserCreate> = (values, ...rest) =>
  createResolver(payloadOf(values, false) as Values, ...rest);
const patchFormResolver: Resolver<Values, unknown, UserPatch> = (values, ...rest) =>
  patchResolver(payloadOf(values, true) as Values, ...rest);

const blank: Values = { email: "", name: "", role: "user", managerId: "" };

/** Create (e-mail shown) or edit (name, role, team lead) a user. */
export function UserDialog({
  open,
  onOpenChange,
  user,
  managers,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Absent: a new user. */
  user?: User | null;
  managers: User[];
  onCreated: (result: UserCreated) => void;
}) {
  const { t } = useTranslation("users");
  const create = useCreateUser();
  const update = useUpdateUser();
  const form = useForm<Values, unknown, UserCreate | UserPatch>({
    defaultValues: blank,
    resolver: (user ? patchFormResolver : createFormResolver) as Resolver<
      Values,
      unknown,
      UserCreate | UserPatch
    >,
  });
  const { control, reset, handleSubmit, setError, watch } = form;
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    reset({
      email: user?.email ?? "",
      name: user?.name ?? "",
      role: user?.role ?? "user",
      managerId: user?.managerId ?? "",
    });
    setFormError(null);
  }, [open, user, reset]);

  const pending = create.isPending || update.isPending;
  const leads = managers.filter((m) => can(m.role, "team:lead") && m.id !== user?.id && !m.deactivatedAt);
  const role = watch("role");

  const submit = handleSubmit(async (payload) => {
    setFormError(null);
    try {
      if (user) {
        await update.mutateAsync({ id: user.id, patch: payload as UserPatch });
        toast.success(t("toasts.updated"));
      } else {
        const result = await create.mutateAsync(payload as Parameters<typeof create.mutateAsync>[0]);
        toast.success(t("toasts.created"));
        onCreated(result);
      }
      onOpenChange(false);
    } catch (error) {
      setFormError(
        applyServerErrors(error, setError, {
          namespace: "users",
          fields: fieldNames,
          codeFields: { email_taken: "email" },
        }),
      );
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent closeLabel={t("common:close")}>
        <DialogHeader>
          <DialogTitle>{user ? t("dialog.editTitle") : t("dialog.createTitle")}</DialogTitle>
          <DialogDescription>
            {user ? t("dialog.editDescription") : t("dialog.createDescription")}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          {user ? null : (
            <Field control={control} name="email" label={t("fields.email")}>
              {(field, props) => <Input {...field} {...props} type="email" autoComplete="off" />}
            </Field>
          )}
          <Field control={control} name="name" label={t("fields.name")}>
            {(field, props) => <Input {...field} {...props} autoComplete="off" />}
          </Field>
          <Field control={control} name="role" label={t("fields.role")}>
            {(field, props) => (
              <NativeSelect {...field} {...props}>
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {t(roleLabels[role])}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          {can(role, "team:have-lead") ? (
            <Field
              control={control}
              name="managerId"
              label={t("fields.lead")}
              description={t("fields.leadHint")}
            >
              {(field, props) => (
                <NativeSelect {...field} {...props}>
                  <option value="">{t("fields.noLead")}</option>
                  {leads.map((lead) => (
                    <option key={lead.id} value={lead.id}>
                      {lead.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          ) : null}
          {formError ? (
            <p role="alert" className="text-destructive text-sm">
              {t(formError)}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              {t("actions.cancel")}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Spinner /> : null}
              {user ? t("dialog.save") : t("dialog.create")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
