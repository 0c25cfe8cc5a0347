import { type AppLoadContext, data } from "react-router";
import { fieldErrors } from "~/platform/field-errors";
import type { ToastMessage } from "~/platform/toast";
import { redirectWithToast } from "~/platform/toast.server";
import { authErrorMessage, callAuth } from "./auth-api.server";
import { resetPasswordSchema } from "./auth-schema";
import { readAuthForm } from "./sign-in.server";

export interface ResetPasswordResult {
  errors: Record<string, string>;
  toast: ToastMessage | null;
}

const refused = (status: number, toast: ToastMessage | null, errors: Record<string, string> = {}) =>
  data<ResetPasswordResult>({ errors, toast }, { status });

/**
 * Sets the new password from a reset link. better-auth then ends every session of the account and
 * we forget every other reset link of it (app/features/accounts/auth.server.ts).
 */
export async function resetPassword(context: AppLoadContext, request: Request) {
  const form = await readAuthForm(request);
  if (!form.ok) return refused(form.status, form.toast);
  const parsed = resetPasswordSchema.safeParse(form.fields);
  if (!parsed.success) return refused(400, null, fieldErrors(parsed.error));
  const response = await callAuth(context, request, "/reset-password", {
    token: parsed.data.token,
    newPassword: parsed.data.password,
  });
  if (!response.ok) {
    const { message } = await authErrorMessage(response);
    return refused(response.status === 429 ? 429 : 400, {
      type: "error",
      title: "Erreur",
      description: message,
    });
  }
  return redirectWithToast(
    "/auth",
    {
      type: "success",
      title: "Mot de passe modifié",
      description: "Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.",
    },
    context.app.config.authSecret,
  );
}
