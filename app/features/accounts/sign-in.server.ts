import { type AppLoadContext, data } from "react-router";
import { fieldErrors } from "~/platform/field-errors";
import { type FormFields, readFormFields } from "~/platform/http/body.server";
import { safeRedirect } from "~/platform/safe-redirect";
import type { ToastMessage } from "~/platform/toast";
import { redirectWithToast } from "~/platform/toast.server";
import { authCookies, authErrorMessage, callAuth } from "./auth-api.server";
import { emailOnlySchema, signInSchema, signUpSchema } from "./auth-schema";

// The /auth page's three forms (sign-in, sign-up, resend the confirmation link), on the server.

export type AuthActionResult = {
  intent: "signin" | "signup" | "resend";
  errors?: Record<string, string>;
  toast?: ToastMessage;
  unverifiedEmail?: string;
  signedUp?: boolean;
};

/**
 * The form's fields, or the answer for a body that is not a form (a JSON post, a broken multipart)
 * or too large: a 4xx with a French message, never an exception.
 */
export async function readAuthForm(
  request: Request,
): Promise<{ ok: true; fields: FormFields } | { ok: false; status: number; toast: ToastMessage }> {
  const fields = await readFormFields(request);
  if (fields === "too-large") {
    return {
      ok: false,
      status: 413,
      toast: { type: "error", title: "Erreur", description: "Le formulaire envoyé est trop volumineux." },
    };
  }
  if (fields === "unreadable") {
    return {
      ok: false,
      status: 400,
      toast: {
        type: "error",
        title: "Erreur",
        description: "Formulaire illisible. Rechargez la page et réessayez.",
      },
    };
  }
  return { ok: true, fields };
}

const failureStatus = (response: Response) => (response.status === 429 ? 429 : 400);

async function signIn(context: AppLoadContext, request: Request, form: FormFields) {
  const parsed = signInSchema.safeParse(form);
  if (!parsed.success) {
    return data<AuthActionResult>({ intent: "signin", errors: fieldErrors(parsed.error) }, { status: 400 });
  }
  const response = await callAuth(context, request, "/sign-in/email", { ...parsed.data, rememberMe: true });
  if (!response.ok) {
    const { code, message } = await authErrorMessage(response);
    return data<AuthActionResult>(
      {
        intent: "signin",
        toast: { type: "error", title: "Erreur de connexion", description: message },
        ...(code === "EMAIL_NOT_VERIFIED" ? { unverifiedEmail: parsed.data.email } : {}),
      },
      { status: failureStatus(response) },
    );
  }
  return redirectWithToast(
    safeRedirect(form.redirectTo),
    { type: "success", title: "Connexion réussie", description: "Vous êtes maintenant connecté" },
    context.app.config.authSecret,
    authCookies(response),
  );
}

async function signUp(context: AppLoadContext, request: Request, form: FormFields) {
  const parsed = signUpSchema.safeParse(form);
  if (!parsed.success) {
    return data<AuthActionResult>({ intent: "signup", errors: fieldErrors(parsed.error) }, { status: 400 });
  }
  const { firstName, lastName, email, password } = parsed.data;
  const response = await callAuth(context, request, "/sign-up/email", {
    email,
    password,
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    callbackURL: "/auth/verifie",
  });
  if (!response.ok) {
    const { message } = await authErrorMessage(response);
    return data<AuthActionResult>(
      { intent: "signup", toast: { type: "error", title: "Erreur d'inscription", description: message } },
      { status: failureStatus(response) },
    );
  }
  return data<AuthActionResult>({
    intent: "signup",
    signedUp: true,
    toast: {
      type: "success",
      title: "Inscription réussie",
      description: "Vérifiez votre email pour confirmer votre compte",
    },
  });
}

async function resendConfirmation(context: AppLoadContext, request: Request, form: FormFields) {
  const email = (form.email ?? "").trim();
  const response = await callAuth(context, request, "/send-verification-email", {
    email,
    callbackURL: "/auth/verifie",
  });
  if (!response.ok && response.status === 429) {
    const { message } = await authErrorMessage(response);
    return data<AuthActionResult>(
      { intent: "resend", toast: { type: "error", title: "Erreur", description: message } },
      { status: 429 },
    );
  }
  // Same answer whether or not the address has an account: nothing to learn by probing.
  return data<AuthActionResult>({
    intent: "resend",
    toast: {
      type: "success",
      title: "E-mail envoyé",
      description:
        "Si un compte non confirmé existe pour cette adresse, un nouveau lien vient de lui être envoyé.",
    },
  });
}

export async function authAction(context: AppLoadContext, request: Request) {
  const form = await readAuthForm(request);
  if (!form.ok)
    return data<AuthActionResult>({ intent: "signin", toast: form.toast }, { status: form.status });
  const { fields } = form;
  if (fields.intent === "signin") return signIn(context, request, fields);
  if (fields.intent === "signup") return signUp(context, request, fields);
  if (fields.intent === "resend") return resendConfirmation(context, request, fields);
  return data<AuthActionResult>(
    { intent: "signin", toast: { type: "error", title: "Erreur", description: "Action inconnue." } },
    { status: 400 },
  );
}

/* ------------------------------------------------------------------------------------------------
 * The personal spaces' sign-in page: a sign-in link by e-mail ('link'), or the password for those
 * who set one ('signin', the /auth form's own code). The page's paths are the caller's (spaces).
 * --------------------------------------------------------------------------------------------- */

export type LinkSignInResult = {
  intent: "link" | "signin";
  errors?: Record<string, string>;
  toast?: ToastMessage;
  /** The link was asked for: the page says so, the same whatever the address. */
  linkRequested?: boolean;
};

async function requestSignInLink(
  context: AppLoadContext,
  request: Request,
  form: FormFields,
  paths: { home: string; signIn: string },
) {
  const parsed = emailOnlySchema.safeParse(form);
  if (!parsed.success) {
    return data<LinkSignInResult>({ intent: "link", errors: fieldErrors(parsed.error) }, { status: 400 });
  }
  const redirectTo = safeRedirect(form.redirectTo);
  const response = await callAuth(context, request, "/sign-in/magic-link", {
    email: parsed.data.email,
    callbackURL: redirectTo.startsWith(`${paths.home}/`) ? redirectTo : paths.home,
    errorCallbackURL: paths.signIn,
  });
  if (!response.ok) {
    const { message } = await authErrorMessage(response);
    return data<LinkSignInResult>(
      { intent: "link", toast: { type: "error", title: "Erreur", description: message } },
      { status: failureStatus(response) },
    );
  }
  // Same answer whether or not the address is invited: nothing to learn by probing.
  return data<LinkSignInResult>({ intent: "link", linkRequested: true });
}

/** The space sign-in page's action: a sign-in link, or the password. */
export async function linkSignInAction(
  context: AppLoadContext,
  request: Request,
  paths: { home: string; signIn: string },
) {
  const form = await readAuthForm(request);
  if (!form.ok) return data<LinkSignInResult>({ intent: "link", toast: form.toast }, { status: form.status });
  const { fields } = form;
  if (fields.intent === "link") return requestSignInLink(context, request, fields, paths);
  if (fields.intent === "signin") {
    const redirectTo = safeRedirect(fields.redirectTo);
    return signIn(context, request, {
      ...fields,
      redirectTo: redirectTo.startsWith(`${paths.home}/`) ? redirectTo : paths.home,
    });
  }
  return data<LinkSignInResult>(
    { intent: "link", toast: { type: "error", title: "Erreur", description: "Action inconnue." } },
    { status: 400 },
  );
}
