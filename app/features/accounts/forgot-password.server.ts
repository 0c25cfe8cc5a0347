import { type AppLoadContext, data } from "react-router";
import { fieldErrors } from "~/platform/field-errors";
import type { ToastMessage } from "~/platform/toast";
import { authErrorMessage, callAuth } from "./auth-api.server";
import { emailOnlySchema } from "./auth-schema";
import { readAuthForm } from "./sign-in.server";

export interface ForgotPasswordResult {
  errors: Record<string, string>;
  sent: boolean;
  toast: ToastMessage | null;
}

const refused = (status: number, toast: ToastMessage | null, errors: Record<string, string> = {}) =>
  data<ForgotPasswordResult>({ errors, sent: false, toast }, { status });

/** Asks better-auth for a reset link; the same answer for known and unknown addresses. */
export async function requestPasswordReset(context: AppLoadContext, request: Request) {
  const form = await readAuthForm(request);
  if (!form.ok) return refused(form.status, form.toast);
  const parsed = emailOnlySchema.safeParse(form.fields);
  if (!parsed.success) return refused(400, null, fieldErrors(parsed.error));
  const response = await callAuth(context, request, "/request-password-reset", {
    email: parsed.data.email,
    redirectTo: "/auth/nouveau-mot-de-passe",
  });
  if (response.status === 429) {
    const { message } = await authErrorMessage(response);
    return refused(429, { type: "error", title: "Erreur", description: message });
  }
  return data<ForgotPasswordResult>({ errors: {}, sent: true, toast: null });
}
