import { type AppLoadContext, redirect } from "react-router";
import { authCookies, callAuth } from "./auth-api.server";

/** Ends the session (better-auth clears its cookies) and goes home. */
export async function signOut(context: AppLoadContext, request: Request) {
  const response = await callAuth(context, request, "/sign-out", {});
  return redirect("/", { headers: authCookies(response) });
}
