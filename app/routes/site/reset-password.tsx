import { Form, useNavigation, useSearchParams } from "react-router";
import { PASSWORD_FIELD, PASSWORD_MIN } from "~/features/accounts";
import { resetPassword } from "~/features/accounts/index.server";
import { pageTitle } from "~/platform/seo";
import { useFormValidation } from "~/platform/use-form-validation";
import { Button } from "~/ui/button";
import { Fields } from "~/ui/field";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Nouveau mot de passe"),
  { name: "robots", content: "noindex" },
];

export function action({ request, context }: Route.ActionArgs) {
  return resetPassword(context, request);
}

// The schema loads when a field first gets focus (see SchemaSource).
const loadResetPasswordSchema = () =>
  import("~/features/accounts/auth-schema").then((m) => m.resetPasswordSchema);

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const invalidLink = params.get("error") !== null || token === "";
  const busy = useNavigation().state !== "idle";
  const { errors, formProps } = useFormValidation(loadResetPasswordSchema, { server: actionData?.errors });
  useToast(actionData?.toast);
  return (
    <main id="contenu" className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-xl border border-border p-6 shadow-sm">
        <h1 className="mb-4 text-2xl font-semibold">Choisir un nouveau mot de passe</h1>
        {invalidLink ? (
          <p role="alert">
            Ce lien est invalide ou a expiré.{" "}
            <a className="text-primary underline" href="/auth/mot-de-passe-oublie">
              Demandez-en un nouveau
            </a>
            .
          </p>
        ) : (
          <Form method="post" className="space-y-4" {...formProps}>
            <input type="hidden" name="token" value={token} />
            <Fields
              form="reset"
              errors={errors}
              fields={[
                {
                  ...PASSWORD_FIELD,
                  label: "Nouveau mot de passe",
                  autoComplete: "new-password",
                  minLength: PASSWORD_MIN,
                },
              ]}
            />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? "Enregistrement..." : "Enregistrer"}
            </Button>
          </Form>
        )}
      </div>
    </main>
  );
}
