import type { AppLoadContext } from "react-router";
import { PASSWORD_MAX, PASSWORD_MIN } from "./auth-schema";

/**
 * Calls a better-auth endpoint through its HTTP handler rather than `auth.api.*`, so that its rate
 * limiter and origin checks apply to our server-rendered forms exactly as to a browser call.
 */
export async function callAuth(
  context: AppLoadContext,
  request: Request,
  path: string,
  body: Record<string, unknown>,
): Promise<Response> {
  const { app, clientIp } = context;
  const headers = new Headers({
    "content-type": "application/json",
    origin: app.config.publicUrl,
    "x-client-ip": clientIp,
  });
  for (const name of ["cookie", "user-agent"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return app.auth.handler(
    new Request(`${app.config.publicUrl}/api/auth${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
}

/** The Set-Cookie headers of an auth response, to pass on to the browser. */
export function authCookies(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "E-mail ou mot de passe incorrect.",
  EMAIL_NOT_VERIFIED:
    "Votre adresse e-mail n'est pas encore confirmée. Cliquez sur le lien reçu par e-mail ou demandez-en un nouveau.",
  PASSWORD_TOO_SHORT: `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères.`,
  PASSWORD_TOO_LONG: `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX} caractères.`,
  INVALID_EMAIL: "Adresse e-mail invalide.",
  USER_ALREADY_EXISTS: "Un compte existe déjà avec cette adresse e-mail.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "Un compte existe déjà avec cette adresse e-mail.",
  INVALID_TOKEN: "Ce lien est invalide ou a expiré. Demandez-en un nouveau.",
};

/** better-auth answers in English with a code; visitors read French. */
export async function authErrorMessage(response: Response): Promise<{ code: string; message: string }> {
  if (response.status === 429) {
    return { code: "TOO_MANY_REQUESTS", message: "Trop de tentatives. Réessayez dans quelques instants." };
  }
  let code = "UNKNOWN";
  try {
    const body = (await response.clone().json()) as { code?: unknown; message?: unknown };
    if (typeof body.code === "string") code = body.code;
    // Our own field check (app/features/accounts/auth.server.ts) already speaks French.
    if (code === "INVALID_USER_FIELD" && typeof body.message === "string") {
      return { code, message: body.message };
    }
  } catch {
    // Not JSON: keep the generic message.
  }
  return { code, message: MESSAGES[code] ?? "Une erreur s'est produite. Veuillez réessayer." };
}
