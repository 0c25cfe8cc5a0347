import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { EMAIL_FIELD, PASSWORD_FIELD, PASSWORD_MIN } from "~/features/accounts";
import { type AuthActionResult, authAction, getSignedInUser } from "~/features/accounts/index.server";
import { safeRedirect } from "~/platform/safe-redirect";
import { pageTitle } from "~/platform/seo";
import { useFormValidation } from "~/platform/use-form-validation";
import { Button } from "~/ui/button";
import { Fields } from "~/ui/field";
import { Tabs } from "~/ui/tabs";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Connexion et inscription"),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // A signed-in visitor has nothing to do here.
  if (await getSignedInUser(request, context.app)) throw redirect("/");
  return null;
}

type ActionResult = AuthActionResult;

export function action({ request, context }: Route.ActionArgs) {
  return authAction(context, request);
}

type AuthTab = "connexion" | "inscription";
const TABS = [
  ["connexion", "Connexion"],
  ["inscription", "Inscription"],
] as const;

// The schemas load when a field first gets focus (see SchemaSource).
const loadSignInSchema = () => import("~/features/accounts/auth-schema").then((m) => m.signInSchema);
const loadSignUpSchema = () => import("~/features/accounts/auth-schema").then((m) => m.signUpSchema);

function SignInForm({ result, redirectTo }: { result: ActionResult | undefined; redirectTo: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "signin";
  const { errors, formProps } = useFormValidation(loadSignInSchema, {
    server: result?.intent === "signin" ? result.errors : undefined,
  });
  const common = { form: "signin", errors };
  return (
    <Form method="post" className="space-y-4" {...formProps}>
      <input type="hidden" name="intent" value="signin" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Fields {...common} fields={[EMAIL_FIELD, { ...PASSWORD_FIELD, autoComplete: "current-password" }]} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Connexion..." : "Se connecter"}
      </Button>
      <p className="text-center text-sm">
        <Link to="/auth/mot-de-passe-oublie" className="text-primary underline-offset-4 hover:underline">
          Mot de passe oublié ?
        </Link>
      </p>
    </Form>
  );
}

function SignUpForm({ result }: { result: ActionResult | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "signup";
  const { errors, formProps } = useFormValidation(loadSignUpSchema, {
    server: result?.intent === "signup" ? result.errors : undefined,
  });
  const common = { form: "signup", errors };
  return (
    <Form method="post" className="space-y-4" {...formProps}>
      <input type="hidden" name="intent" value="signup" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Fields
          {...common}
          fields={[
            { name: "firstName", label: "Prénom", autoComplete: "given-name", nativeRequired: true },
            { name: "lastName", label: "Nom", autoComplete: "family-name", nativeRequired: true },
          ]}
        />
      </div>
      <Fields
        {...common}
        fields={[EMAIL_FIELD, { ...PASSWORD_FIELD, autoComplete: "new-password", minLength: PASSWORD_MIN }]}
      />
      <p className="text-xs text-muted-foreground">{PASSWORD_MIN} caractères minimum.</p>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Inscription..." : "S'inscrire"}
      </Button>
    </Form>
  );
}

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"));
  const [tab, setTab] = useState<AuthTab>(
    params.get("onglet") === "inscription" ? "inscription" : "connexion",
  );
  const [shownResult, setShownResult] = useState<ActionResult | undefined>();
  useToast(actionData?.toast);
  // After a successful sign-up, bring the visitor back to the sign-in tab for when they have confirmed.
  if (actionData !== shownResult) {
    setShownResult(actionData);
    if (actionData?.signedUp) setTab("connexion");
  }
  const navigation = useNavigation();
  const resending = navigation.state !== "idle" && navigation.formData?.get("intent") === "resend";

  return (
    <main id="contenu" className="mx-auto max-w-md px-4 py-10">
      <Link
        to="/"
        className="mb-6 inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Retour à l'accueil
      </Link>
      <div className="rounded-xl border border-border p-6 shadow-sm">
        <h1 className="mb-6 text-2xl font-semibold">Espace personnel</h1>
        <Tabs label="Connexion ou inscription" tabs={TABS} value={tab} onChange={setTab}>
          {tab === "connexion" ? (
            <>
              <SignInForm result={actionData} redirectTo={redirectTo} />
              {actionData?.unverifiedEmail ? (
                <Form method="post" className="mt-4 rounded-md bg-muted p-4 text-sm">
                  <input type="hidden" name="intent" value="resend" />
                  <input type="hidden" name="email" value={actionData.unverifiedEmail} />
                  <p className="mb-2">Vous n'avez pas reçu le lien de confirmation ?</p>
                  <Button type="submit" variant="outline" size="sm" disabled={resending}>
                    {resending ? "Envoi en cours..." : "Renvoyer le lien de confirmation"}
                  </Button>
                </Form>
              ) : null}
            </>
          ) : (
            <SignUpForm result={actionData} />
          )}
        </Tabs>
      </div>
    </main>
  );
}
