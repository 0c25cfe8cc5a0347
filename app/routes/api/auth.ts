import { redirect } from "react-router";
import { SPACE_SIGN_IN } from "~/features/spaces";
import { readBodyBounded } from "~/platform/http/body.server";
import { REQUEST_LIMITS } from "~/platform/request-limits";
import type { Route } from "./+types/auth";

// Every better-auth body is a few short fields; a bigger one is refused before better-auth parses it.
const MAX_AUTH_BODY_BYTES = REQUEST_LIMITS.authBytes;

/**
 * better-auth's own endpoints (the e-mail verification link, client calls). The client address
 * is the one Express saw, never a header the visitor could forge.
 */
async function forward({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const headers = new Headers(request.headers);
  headers.set("x-client-ip", context.clientIp);
  if (request.method === "GET" || request.method === "HEAD") {
    const response = await context.app.auth.handler(new Request(request, { headers }));
    return new URL(request.url).pathname.endsWith("/magic-link/verify")
      ? signInLinkAnswer(response)
      : response;
  }
  const body = await readBodyBounded(request, MAX_AUTH_BODY_BYTES);
  if (body === "too-large") {
    return Response.json(
      { code: "PAYLOAD_TOO_LARGE", message: "Requête trop volumineuse." },
      { status: 413 },
    );
  }
  headers.delete("transfer-encoding");
  headers.set("content-length", String(body.byteLength));
  return context.app.auth.handler(
    new Request(request.url, { method: request.method, headers, body: new Uint8Array(body) }),
  );
}

/**
 * A sign-in link refused (used already, expired, altered, its addresses tampered with, too many
 * tries) leads to the space's sign-in page, which says so in French: never better-auth's JSON or
 * its English error code in the address.
 */
function signInLinkAnswer(response: Response): Response {
  const location = response.headers.get("location");
  const refused =
    response.status >= 400 || (location !== null && new URL(location, "http://x").searchParams.has("error"));
  return refused ? redirect(`${SPACE_SIGN_IN}?lien=refuse`) : response;
}

export const loader = forward;
export const action = forward;
