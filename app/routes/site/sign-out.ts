import { redirect } from "react-router";
import { authCookies, callAuth } from "~/server/auth-api.server";
import type { Route } from "./+types/sign-out";

/** The header's 'Déconnexion' button posts here; works without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const response = await callAuth(context, request, "/sign-out", {});
  return redirect("/", { headers: authCookies(response) });
}

export function loader() {
  return redirect("/");
}
