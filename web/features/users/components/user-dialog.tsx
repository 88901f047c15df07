import { can } from "@domain/permissions";
import { type Role, roles } from "@domain/roles";
import { type User, type UserCreated, userCreateSchema, userPatchSchema } from "@domain/schemas/users";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, fieldAria } from "@/components/field";
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
import { isApiError } from "@/lib/api";
import { errorKey, fieldCodesFromZod, validationKey } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useCreateUser, useUpdateUser } from "../api";

type Values = { email: string; name: string; role: Role; managerId: string };

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
  const baseId = useId();
  const create = useCreateUser();
  const update = useUpdateUser();
  const [values, setValues] = useState<Values>({ email: "", name: "", role: "user", managerId: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setValues({
      email: user?.email ?? "",
      name: user?.name ?? "",
      role: user?.role ?? "user",
      managerId: user?.managerId ?? "",
    });
    setErrors({});
    setFormError(null);
  }, [open, user]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const pending = create.isPending || update.isPending;
  const leads = managers.filter((m) => can(m.role, "team:lead") && m.id !== user?.id && !m.deactivatedAt);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const managerId = can(values.role, "team:have-lead") && values.managerId ? values.managerId : null;
    const parsed = user
      ? userPatchSchema.safeParse({ name: values.name, role: values.role, managerId })
      : userCreateSchema.safeParse({ email: values.email, name: values.name, role: values.role, managerId });
    if (!parsed.success) {
      setErrors(mapCodes(fieldCodesFromZod(parsed.error)));
      return;
    }
    try {
      if (user) {
        await update.mutateAsync({ id: user.id, patch: parsed.data });
        toast.success(t("toasts.updated"));
      } else {
        const result = await create.mutateAsync(parsed.data as Parameters<typeof create.mutateAsync>[0]);
        toast.success(t("toasts.created"));
        onCreated(result);
      }
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors(mapCodes(error.fields));
      if (isApiError(error) && error.code === "email_taken")
        setErrors({ email: validationKey("users", "email_taken") });
      setFormError(errorKey("users", error));
    }
  }

  const ids = {
    email: `${baseId}-email`,
    name: `${baseId}-name`,
    role: `${baseId}-role`,
    managerId: `${baseId}-lead`,
  };

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
            <Field id={ids.email} label={t("fields.email")} error={errors.email}>
              <Input
                {...fieldAria(ids.email, errors.email)}
                type="email"
                autoComplete="off"
                value={values.email}
                onChange={(e) => set("email", e.target.value)}
              />
            </Field>
          )}
          <Field id={ids.name} label={t("fields.name")} error={errors.name}>
            <Input
              {...fieldAria(ids.name, errors.name)}
              autoComplete="off"
              value={values.name}
              onChange={(e) => set("name", e.target.value)}
            />
          </Field>
          <Field id={ids.role} label={t("fields.role")} error={errors.role}>
            <NativeSelect
              {...fieldAria(ids.role, errors.role)}
              value={values.role}
              onChange={(e) => set("role", e.target.value as Role)}
            >
              {roles.map((role) => (
                <option key={role} value={role}>
                  {t(roleLabels[role])}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {can(values.role, "team:have-lead") ? (
            <Field
              id={ids.managerId}
              label={t("fields.lead")}
              error={errors.managerId}
              hint={t("fields.leadHint")}
            >
              <NativeSelect
                {...fieldAria(ids.managerId, errors.managerId, true)}
                value={values.managerId}
                onChange={(e) => set("managerId", e.target.value)}
              >
                <option value="">{t("fields.noLead")}</option>
                {leads.map((lead) => (
                  <option key={lead.id} value={lead.id}>
                    {lead.name}
                  </option>
                ))}
              </NativeSelect>
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

function mapCodes(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, code]) => [field, validationKey("users", code)]),
  );
}
