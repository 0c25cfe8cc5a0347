import { redirect } from "react-router";
import { signOut } from "~/features/accounts/index.server";
import type { Route } from "./+types/sign-out";

/** The header's 'Déconnexion' button posts here; works without JavaScript. */
export function action({ request, context }: Route.ActionArgs) {
  return signOut(context, request);
}

export function loader() {
  return redirect("/");
}
