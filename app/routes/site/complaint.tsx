import { useState } from "react";
import { data, Form, useNavigation, useSearchParams } from "react-router";
import {
  AUTHOR_TYPES,
  COMPLAINT_CATEGORY_FIELD,
  COMPLAINT_DESCRIPTION_FIELD,
  COMPLAINT_LIMITS,
  OTHER_SESSION,
} from "~/features/complaints";
import { complaintSessionChoices, receiveComplaintForm } from "~/features/complaints/index.server";
import type { FormResult } from "~/features/leads";
import { Honeypot, PERSON_FIELDS } from "~/features/leads";
import { readOrNull } from "~/platform/safe-read.server";
import { seo } from "~/platform/seo";
import { useFormValidation } from "~/platform/use-form-validation";
import { ButtonLink } from "~/ui/button";
import { Fields, FormAlert } from "~/ui/field";
import { FormSent, PublicFormEnd } from "~/ui/public-form";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/complaint";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Faire une réclamation",
    description:
      "Stagiaire, entreprise, financeur : signalez un problème sur une formation ou un service du centre. Chaque réclamation reçoit une référence et une réponse.",
    path: "/reclamation",
  });

/** The sessions to choose from (coming, and ended within two years); an empty list if unreadable. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.app;
  return { sessions: (await readOrNull(logger, "sessions", () => complaintSessionChoices(db))) ?? [] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await receiveComplaintForm(context, request);
  return data<FormResult>(outcome.body, {
    status: outcome.status,
    ...(outcome.headers ? { headers: outcome.headers } : {}),
  });
}

// The schema loads when a field first gets focus (see SchemaSource).
const loadComplaintSchema = () =>
  import("~/features/complaints/complaint-schema").then((m) => m.complaintSchema);

function ComplaintForm({
  result,
  sessions,
}: {
  result: FormResult | undefined;
  sessions: readonly { id: string; label: string }[];
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/reclamation");
  const values = result?.values ?? {};
  // 'Faire une réclamation' from a learner's personal space comes with its session chosen (?session=).
  const [params] = useSearchParams();
  const asked = params.get("session") ?? "";
  const [session, setSession] = useState(
    values.session ?? (sessions.some((choice) => choice.id === asked) ? asked : ""),
  );
  const alert = result && !result.ok && !result.errors ? result.toast : undefined;
  const { errors, formProps } = useFormValidation(loadComplaintSchema, { server: result?.errors });
  const common = { form: "reclamation", errors, values };
  return (
    <Form method="post" noValidate preventScrollReset className="space-y-5" {...formProps}>
      {alert ? <FormAlert message={alert} /> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Fields
          {...common}
          fields={[
            PERSON_FIELDS.firstName,
            PERSON_FIELDS.lastName,
            PERSON_FIELDS.email,
            { ...PERSON_FIELDS.phone, required: false, label: "Téléphone (facultatif)" },
            {
              as: "select",
              name: "authorType",
              label: "Vous êtes",
              required: true,
              options: [
                { value: "", label: "Choisissez" },
                ...AUTHOR_TYPES.map((a) => ({ value: a.id, label: a.label })),
              ],
            },
            {
              name: "organisation",
              label: "Entreprise ou organisme (facultatif)",
              autoComplete: "organization",
              maxLength: COMPLAINT_LIMITS.organisation,
            },
          ]}
        />
      </div>
      <Fields
        {...common}
        fields={[
          COMPLAINT_CATEGORY_FIELD,
          {
            as: "select",
            name: "session",
            label: "Session concernée",
            hint: "Si vous la connaissez. Absente de la liste ? Choisissez « Autre » et précisez-la.",
            value: session,
            onChange: (e) => setSession(e.target.value),
            options: [
              { value: "", label: "Aucune en particulier / je ne sais pas" },
              ...sessions.map((s) => ({ value: s.id, label: s.label })),
              { value: OTHER_SESSION, label: "Autre (préciser ci-dessous)" },
            ],
          },
          {
            name: "sessionText",
            label: "Formation ou session, en quelques mots (facultatif)",
            maxLength: COMPLAINT_LIMITS.session,
          },
          COMPLAINT_DESCRIPTION_FIELD,
        ]}
      />
      <Honeypot form="reclamation" />
      <PublicFormEnd
        purpose="traiter votre réclamation"
        submitting={Boolean(submitting)}
        submitLabel="Envoyer la réclamation"
      />
    </Form>
  );
}

function Confirmation({ text }: { text: string | undefined }) {
  return (
    <FormSent
      testId="complaint-confirmation"
      title="Réclamation enregistrée"
      next={
        <ButtonLink to="/" variant="outline" className="mt-6">
          Retour à l'accueil
        </ButtonLink>
      }
    >
      {text}
    </FormSent>
  );
}

export default function ComplaintPage({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.errors || actionData?.ok ? undefined : actionData?.toast);
  return (
    <main id="contenu">
      <section className="bg-muted/60">
        <div className="mx-auto max-w-3xl px-4 py-12">
          <h1 className="text-3xl font-bold sm:text-4xl">Faire une réclamation</h1>
          <p className="mt-3 text-muted-foreground">
            Stagiaire, candidat·e, entreprise, financeur : si une formation ou un service du centre ne vous a
            pas donné satisfaction, dites-le-nous. Chaque réclamation est enregistrée sous une référence,
            suivie par l'équipe et reçoit une réponse écrite.
          </p>
        </div>
      </section>
      <section aria-label="Formulaire de réclamation" className="mx-auto max-w-3xl px-4 py-12">
        {actionData?.ok ? (
          <Confirmation text={actionData.toast?.description} />
        ) : (
          <ComplaintForm result={actionData} sessions={loaderData.sessions} />
        )}
      </section>
    </main>
  );
}
