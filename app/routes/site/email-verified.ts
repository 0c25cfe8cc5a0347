import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/email-verified";

/**
 * better-auth's verification link lands here (signed in already, autoSignInAfterVerification);
 * on a bad or expired token it adds ?error=… instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const secret = context.app.config.authSecret;
  const error = new URL(request.url).searchParams.get("error");
  if (error) {
    return redirectWithToast(
      "/auth",
      {
        type: "error",
        title: "Lien invalide",
        description:
          "Ce lien de confirmation est invalide ou a expiré. Connectez-vous pour en recevoir un nouveau.",
      },
      secret,
    );
  }
  return redirectWithToast(
    "/",
    {
      type: "success",
      title: "Adresse e-mail confirmée",
      description: "Votre compte est activé. Bienvenue !",
    },
    secret,
  );
}
