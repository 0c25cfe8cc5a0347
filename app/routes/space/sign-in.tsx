import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import { EMAIL_FIELD, PASSWORD_FIELD } from "~/features/accounts";
import { getSignedInUser, type LinkSignInResult, linkSignInAction } from "~/features/accounts/index.server";
import { LINK_REFUSED, LINK_SENT, SPACE_HOME, SPACE_SIGN_IN } from "~/features/spaces";
import { membershipsOf } from "~/features/spaces/index.server";
import { pageTitle } from "~/platform/seo";
import { useFormValidation } from "~/platform/use-form-validation";
import { Button } from "~/ui/button";
import { Fields } from "~/ui/field";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Connexion à mon espace"),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // A signed-in person with a space has nothing to do here.
  const user = await getSignedInUser(request, context.app);
  if (user && (await membershipsOf(context.app.db, user.id)).length > 0) throw redirect(SPACE_HOME);
  const url = new URL(request.url);
  // A sign-in link refused (used already, expired, altered): better-auth sends its error here.
  const refused = url.searchParams.has("error") || url.searchParams.get("lien") === "refuse";
  return { refused };
}

export function action({ request, context }: Route.ActionArgs) {
  return linkSignInAction(context, request, { home: SPACE_HOME, signIn: SPACE_SIGN_IN });
}

// The schemas load when a field first gets focus (see SchemaSource).
const loadEmailSchema = () => import("~/features/accounts/auth-schema").then((m) => m.emailOnlySchema);
const loadSignInSchema = () => import("~/features/accounts/auth-schema").then((m) => m.signInSchema);

function busyWith(navigation: ReturnType<typeof useNavigation>, intent: string) {
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

export default function SpaceSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as LinkSignInResult | undefined;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? SPACE_HOME;
  useToast(result?.toast);
  const link = useFormValidation(loadEmailSchema, {
    server: result?.intent === "link" ? result.errors : undefined,
  });
  const password = useFormValidation(loadSignInSchema, {
    server: result?.intent === "signin" ? result.errors : undefined,
  });
  return (
    <main id="contenu" className="mx-auto max-w-md px-4 py-8">
      <h1 className="mb-2 text-2xl font-semibold">Mon espace personnel</h1>
      <p className="mb-6 text-sm text-muted-foreground">
        Stagiaires, entreprises et formateurs ou formatrices invités par le centre y retrouvent leurs
        formations et leurs documents.
      </p>
      {loaderData.refused && !result ? (
        <p role="alert" className="mb-6 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
          {LINK_REFUSED}
        </p>
      ) : null}
      <section aria-labelledby="lien" className="rounded-xl border border-border p-5 shadow-sm">
        <h2 id="lien" className="mb-3 text-lg font-semibold">
          Recevoir un lien de connexion
        </h2>
        {result?.linkRequested ? (
          <p role="status">{LINK_SENT}</p>
        ) : (
          <Form method="post" className="space-y-4" {...link.formProps}>
            <input type="hidden" name="intent" value="link" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <p className="text-sm text-muted-foreground">
              Indiquez l'adresse e-mail à laquelle le centre vous a invité·e{"\u00a0"}: nous vous envoyons un
              lien qui vous connecte sans mot de passe.
            </p>
            <Fields form="link" errors={link.errors} fields={[EMAIL_FIELD]} />
            <Button type="submit" className="w-full" disabled={busyWith(navigation, "link")}>
              {busyWith(navigation, "link") ? "Envoi en cours..." : "Recevoir un lien de connexion"}
            </Button>
          </Form>
        )}
      </section>
      <details className="mt-6 rounded-xl border border-border p-5" open={result?.intent === "signin"}>
        <summary className="cursor-pointer font-medium">J'ai choisi un mot de passe</summary>
        <Form method="post" className="mt-4 space-y-4" {...password.formProps}>
          <input type="hidden" name="intent" value="signin" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Fields
            form="password"
            errors={password.errors}
            fields={[EMAIL_FIELD, { ...PASSWORD_FIELD, autoComplete: "current-password" }]}
          />
          <Button
            type="submit"
            variant="outline"
            className="w-full"
            disabled={busyWith(navigation, "signin")}
          >
            {busyWith(navigation, "signin") ? "Connexion..." : "Se connecter avec mon mot de passe"}
          </Button>
        </Form>
      </details>
    </main>
  );
}
