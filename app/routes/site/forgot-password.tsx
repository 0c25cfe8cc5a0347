import { ArrowLeft } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { EMAIL_FIELD } from "~/features/accounts";
import { requestPasswordReset } from "~/features/accounts/index.server";
import { pageTitle } from "~/platform/seo";
import { useFormValidation } from "~/platform/use-form-validation";
import { Button } from "~/ui/button";
import { Fields } from "~/ui/field";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Mot de passe oublié"),
  { name: "robots", content: "noindex" },
];

export function action({ request, context }: Route.ActionArgs) {
  return requestPasswordReset(context, request);
}

// The schema loads when a field first gets focus (see SchemaSource).
const loadEmailOnlySchema = () => import("~/features/accounts/auth-schema").then((m) => m.emailOnlySchema);

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { errors, formProps } = useFormValidation(loadEmailOnlySchema, { server: actionData?.errors });
  useToast(actionData?.toast);
  return (
    <main id="contenu" className="mx-auto max-w-md px-4 py-10">
      <Link
        to="/auth"
        className="mb-6 inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Retour à la connexion
      </Link>
      <div className="rounded-xl border border-border p-6 shadow-sm">
        <h1 className="mb-2 text-2xl font-semibold">Mot de passe oublié ?</h1>
        {actionData?.sent ? (
          <p role="status">
            Si un compte existe pour cette adresse, vous allez recevoir un e-mail avec un lien pour choisir un
            nouveau mot de passe. Ce lien est valable une heure.
          </p>
        ) : (
          <Form method="post" className="space-y-4" {...formProps}>
            <p className="text-sm text-muted-foreground">
              Indiquez l'adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau
              mot de passe.
            </p>
            <Fields form="forgot" errors={errors} fields={[EMAIL_FIELD]} />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? "Envoi en cours..." : "Envoyer le lien"}
            </Button>
          </Form>
        )}
      </div>
    </main>
  );
}
