import { and, eq, isNotNull } from "drizzle-orm";
import { type AppLoadContext, data } from "react-router";
import { accounts } from "~/features/accounts/schema.server";
import type { Db } from "~/platform/db/client.server";
import { fieldErrors } from "~/platform/field-errors";
import type { ToastMessage } from "~/platform/toast";
import { authCookies, authErrorMessage, callAuth } from "./auth-api.server";
import { ownPasswordSchema } from "./auth-schema";
import { readAuthForm } from "./sign-in.server";

// A password of one's own, for those who entered by a sign-in link (personal spaces): set once
// (better-auth's setPassword, server-side only), then changed with the current one (change-password,
// which ends the account's other sessions and every reset link).

export interface OwnPasswordResult {
  errors?: Record<string, string>;
  toast?: ToastMessage;
  saved?: boolean;
}

/** Whether the account already signs in with a password. */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), isNotNull(accounts.password)),
    );
  return rows.length > 0;
}

const failed = (description: string, status: number, errors?: Record<string, string>) =>
  data<OwnPasswordResult>(
    {
      toast: { type: "error", title: "Mot de passe non enregistré", description },
      ...(errors ? { errors } : {}),
    },
    { status },
  );

/** The signed-in account `userId` sets or changes its password. */
export async function ownPasswordAction(context: AppLoadContext, request: Request, userId: string) {
  const form = await readAuthForm(request);
  if (!form.ok) return data<OwnPasswordResult>({ toast: form.toast }, { status: form.status });
  const parsed = ownPasswordSchema.safeParse(form.fields);
  if (!parsed.success) return failed("Vérifiez les champs signalés.", 400, fieldErrors(parsed.error));
  const { currentPassword, password } = parsed.data;
  const saved = { toast: { type: "success", title: "Mot de passe enregistré" } as ToastMessage, saved: true };
  if (await hasPassword(context.app.db, userId)) {
    if (!currentPassword) {
      const message = "Indiquez votre mot de passe actuel";
      return failed(message, 400, { currentPassword: message });
    }
    const response = await callAuth(context, request, "/change-password", {
      currentPassword,
      newPassword: password,
      revokeOtherSessions: true,
    });
    if (!response.ok) {
      const { code, message } = await authErrorMessage(response);
      const wrong = code === "INVALID_PASSWORD" || code === "INVALID_EMAIL_OR_PASSWORD";
      const text = wrong ? "Le mot de passe actuel est incorrect." : message;
      return failed(text, response.status === 429 ? 429 : 400, wrong ? { currentPassword: text } : undefined);
    }
    return data<OwnPasswordResult>(saved, { headers: authCookies(response) });
  }
  await context.app.auth.api.setPassword({ body: { newPassword: password }, headers: request.headers });
  return data<OwnPasswordResult>(saved);
}
