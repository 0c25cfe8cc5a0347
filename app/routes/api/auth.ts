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
    return context.app.auth.handler(new Request(request, { headers }));
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

export const loader = forward;
export const action = forward;
