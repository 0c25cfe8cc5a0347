import type { Route } from "./+types/auth";

/**
 * better-auth's own endpoints (the e-mail verification link, client calls). The client address
 * is the one Express saw, never a header the visitor could forge.
 */
function forward({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const headers = new Headers(request.headers);
  headers.set("x-client-ip", context.clientIp);
  return context.app.auth.handler(new Request(request, { headers }));
}

export const loader = forward;
export const action = forward;
