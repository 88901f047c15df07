import i18n from "i18next";
import type { FieldValues, UseFormSetError } from "react-hook-form";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api";
import { applyServerErrors, errorKey, validationKey } from "@/lib/form-errors";

beforeAll(async () => {
  await i18n.init({
    lng: "en",
    resources: {
      en: {
        users: { validation: { email_taken: "Taken", required: "Required", invalid: "Invalid" } },
        offers: {
          validation: { invalid_id: "Unknown buyer", invalid: "Invalid" },
          errors: { offer_gone: "Gone" },
        },
        errors: { validation_failed: "Check the form", network: "No connection" },
      },
    },
  });
});

function recorder() {
  const calls: [string, { type: string; message?: string }, { shouldFocus?: boolean } | undefined][] = [];
  const setError = vi.fn((name, error, options) =>
    calls.push([name, error, options]),
  ) as unknown as UseFormSetError<FieldValues>;
  return { calls, setError };
}

describe("applyServerErrors", () => {
  it("puts each field error of a refused call on its field, as a translation key, focusing the first", () => {
    const { calls, setError } = recorder();
    const error = new ApiError(400, "validation_failed", "bad", { name: "required", email: "email_taken" });
    const key = applyServerErrors(error, setError, { namespace: "users", fields: ["email", "name"] });
    expect(calls).toEqual([
      ["name", { type: "server", message: "users:validation.required" }, { shouldFocus: true }],
      ["email", { type: "server", message: "users:validation.email_taken" }, { shouldFocus: false }],
    ]);
    expect(key).toBe("errors:validation_failed");
  });

  it("leaves fields the form does not have alone, and answers the form-wide message", () => {
    const { calls, setError } = recorder();
    const error = new ApiError(400, "validation_failed", "bad", { secret: "required" });
    expect(applyServerErrors(error, setError, { namespace: "users", fields: ["name"] })).toBe(
      "errors:validation_failed",
    );
    expect(calls).toEqual([]);
  });

  it("puts a list item's error on the list, a whole-call code on its field, and prefers the namespace's own message", () => {
    const { calls, setError } = recorder();
    const error = new ApiError(400, "offer_gone", "bad", { "assignedUserIds.3": "invalid_id" });
    const key = applyServerErrors(error, setError, {
      namespace: "offers",
      fields: ["name", "assignedUserIds"],
      codeFields: { offer_gone: "name" },
    });
    expect(calls.map(([name, e]) => [name, e.message])).toEqual([
      ["assignedUserIds", "offers:validation.invalid_id"],
      ["name", "offers:errors.offer_gone"],
    ]);
    // Said on its field, the call's code is not said again above the form (issue 28).
    expect(key).toBeNull();
  });

  it("answers the form-wide message when the call's code has no field in this form", () => {
    const { calls, setError } = recorder();
    const error = new ApiError(409, "email_taken", "taken");
    const key = applyServerErrors(error, setError, {
      namespace: "users",
      fields: ["name"],
      codeFields: { email_taken: "email" },
    });
    expect(calls).toEqual([]);
    expect(key).toBe(errorKey("users", error));
    expect(key).not.toBeNull();
  });

  it("touches no field when the call failed for another reason", () => {
    const { calls, setError } = recorder();
    applyServerErrors(new TypeError("Failed to fetch"), setError, { namespace: "users", fields: ["name"] });
    expect(calls).toEqual([]);
  });
});

describe("validationKey", () => {
  it("finds the namespace's key, keeps a message that already is a key, and falls back to invalid", () => {
    expect(validationKey("users", "email_taken")).toBe("users:validation.email_taken");
    expect(validationKey("users", "common:moneyInput.errors.ambiguous")).toBe(
      "common:moneyInput.errors.ambiguous",
    );
    expect(validationKey("users", "no_such_code")).toBe("users:validation.invalid");
  });
});
