import { Form, useNavigation } from "react-router";
import { PASSWORD_FIELD, PASSWORD_MIN } from "~/features/accounts";
import { hasPassword, type OwnPasswordResult, ownPasswordAction } from "~/features/accounts/index.server";
import { requireSpaceMember } from "~/features/spaces/index.server";
import { pageTitle } from "~/platform/seo";
import { useFormValidation } from "~/platform/use-form-validation";
import { Button } from "~/ui/button";
import { Fields } from "~/ui/field";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/password";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Mon mot de passe"),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireSpaceMember(args);
  return { hasPassword: await hasPassword(args.context.app.db, user.id) };
}

export async function action(args: Route.ActionArgs) {
  const { user } = await requireSpaceMember(args);
  return ownPasswordAction(args.context, args.request, user.id);
}

const loadSchema = () => import("~/features/accounts/auth-schema").then((m) => m.ownPasswordSchema);

export default function SpacePassword({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as OwnPasswordResult | undefined;
  const busy = useNavigation().state !== "idle";
  useToast(result?.toast);
  const { errors, formProps } = useFormValidation(loadSchema, { server: result?.errors });
  const fields = [
    ...(loaderData.hasPassword
      ? [
          {
            ...PASSWORD_FIELD,
            name: "currentPassword",
            label: "Mot de passe actuel",
            autoComplete: "current-password",
          },
        ]
      : []),
    {
      ...PASSWORD_FIELD,
      label: loaderData.hasPassword ? "Nouveau mot de passe" : "Mot de passe",
      autoComplete: "new-password",
      hint: `${PASSWORD_MIN}\u00a0caractères au moins`,
    },
  ];
  return (
    <main id="contenu" className="max-w-md space-y-4">
      <h1 className="text-2xl font-semibold">Mon mot de passe</h1>
      <p className="text-sm text-muted-foreground">
        {loaderData.hasPassword
          ? "Vous vous connectez avec un lien reçu par e-mail ou avec ce mot de passe."
          : "Vous entrez aujourd'hui par un lien reçu par e-mail. Choisissez un mot de passe si vous préférez vous connecter avec lui."}
      </p>
      <Form method="post" className="space-y-4" {...formProps}>
        <Fields form="own-password" errors={errors} fields={fields} />
        <Button type="submit" disabled={busy}>
          {busy ? "Enregistrement..." : "Enregistrer le mot de passe"}
        </Button>
      </Form>
    </main>
  );
}
