import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { signOut } from "./sign-out.server";

/** The header's 'Déconnexion' button posts here; works without JavaScript. */
export function action({ request, context }: Route.ActionArgs) {
  return signOut(context, request);
}

export function loader() {
  return redirect("/");
}
