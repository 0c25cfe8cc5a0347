import { ArrowLeft } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import {
  APPLICATION_FIELDS,
  APPLICATION_FILES,
  APPLICATION_LIMITS,
  checkChosenFile,
  FILE_ACCEPT,
  FINANCINGS,
  SITUATIONS,
} from "~/features/applications";
import { type ApplyResult, receiveApplication } from "~/features/applications/index.server";
import { acceptsApplications, formatDateRange, seatsText, sessionModeLabel } from "~/features/catalogue";
import { getActiveFormation, listUpcomingSessions } from "~/features/catalogue/index.server";
import { Honeypot, PERSON_FIELDS } from "~/features/leads";
import { theFormation } from "~/platform/french";
import { FILE_SIZE_LABEL } from "~/platform/request-limits";
import { pageTitle, seo } from "~/platform/seo";
import { type FieldErrors, useFormValidation } from "~/platform/use-form-validation";
import { Button, ButtonLink } from "~/ui/button";
import { CheckboxField, Fields, FormAlert, TextField } from "~/ui/field";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/apply";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const formation = await getActiveFormation(context.app.db, params.slug.toLowerCase());
  if (!formation) return data({ formation: null, sessions: [], selected: "" }, { status: 404 });
  const sessions = (await listUpcomingSessions(context.app.db, formation.id)).filter((s) =>
    acceptsApplications(s.status),
  );
  const wanted = new URL(request.url).searchParams.get("session") ?? "";
  const selected = sessions.some((s) => s.id === wanted) ? wanted : (sessions[0]?.id ?? "");
  return {
    formation: { slug: formation.slug, title: formation.title },
    sessions,
    selected,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const slug = params.slug.toLowerCase();
  const outcome = await receiveApplication(context, request, slug);
  if (outcome.kind === "stored") {
    // Post/redirect/get: the confirmation is a page of its own, reached only after the commit.
    throw redirect(`/formation/${slug}/candidature/envoyee${outcome.waitlisted ? "?attente=1" : ""}`, 303);
  }
  return data<ApplyResult>(outcome.body, {
    status: outcome.status,
    ...(outcome.headers ? { headers: outcome.headers } : {}),
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const formation = loaderData?.formation;
  if (!formation) return pageTitle(matches, "Formation non trouvée");
  return seo(matches, {
    title: `Candidater : ${formation.title}`,
    description: `Déposez votre candidature en ligne à ${theFormation(formation.title)} : choisissez votre session et joignez votre CV.`,
    path: `/formation/${formation.slug}/candidature`,
    noindex: true,
  });
};

/** The chosen files' size and type, before anything is uploaded; the server reads their content again. */
function checkFiles(form: HTMLFormElement): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field } of APPLICATION_FILES) {
    const input = form.elements.namedItem(field);
    const file = input instanceof HTMLInputElement ? (input.files?.[0] ?? null) : null;
    const error = checkChosenFile(field, file);
    if (error) errors[field] = error;
  }
  return errors;
}

const choices = (options: readonly { value: string; label: string }[]) => [
  { value: "", label: "Sélectionnez…" },
  ...options,
];

function ApplicationForm({
  sessions,
  selected,
  result,
}: {
  sessions: Route.ComponentProps["loaderData"]["sessions"];
  selected: string;
  result: ApplyResult | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const { errors, refused, formProps } = useFormValidation(loadApplicationSchema, {
    server: result?.errors,
    extra: checkFiles,
  });
  const values = result?.values ?? {};
  const alert = result && !result.errors ? result.toast : undefined;
  const common = { form: "apply", errors, values };

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="space-y-6"
      data-testid="application-form"
      {...formProps}
    >
      {alert ? <FormAlert message={alert} /> : null}
      {refused || result?.errors ? (
        <p role="alert" className="rounded-md border border-destructive bg-destructive/10 p-3 text-sm">
          Votre candidature n'est pas encore envoyée : corrigez les champs signalés
          {refused ? "." : ", puis joignez à nouveau vos fichiers."}
        </p>
      ) : null}

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Session</legend>
        <Fields
          {...common}
          values={{ session: selected, ...values }}
          fields={[
            {
              as: "select",
              name: "session",
              label: APPLICATION_FIELDS.session.asked,
              required: true,
              options: sessions.map((s) => ({
                value: s.id,
                label: `${formatDateRange(s.startDate, s.endDate)} – ${sessionModeLabel(s.mode)}, ${s.place} – ${seatsText(s)}`,
              })),
            },
          ]}
        />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Vos coordonnées</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Fields
            {...common}
            fields={[
              PERSON_FIELDS.firstName,
              PERSON_FIELDS.lastName,
              { ...PERSON_FIELDS.email, label: APPLICATION_FIELDS.email.label },
              PERSON_FIELDS.phone,
            ]}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Votre parcours</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Fields
            {...common}
            fields={[
              {
                as: "select",
                name: "situation",
                label: APPLICATION_FIELDS.situation.label,
                required: true,
                options: choices(SITUATIONS),
              },
              {
                as: "select",
                name: "financing",
                label: APPLICATION_FIELDS.financing.label,
                required: true,
                options: choices(FINANCINGS),
              },
            ]}
          />
        </div>
        <Fields
          {...common}
          fields={[
            {
              name: "lastDiploma",
              label: APPLICATION_FIELDS.lastDiploma.label,
              required: true,
              maxLength: APPLICATION_LIMITS.diploma,
              placeholder: "Ex. : Bac STMG, BTS, aucun…",
            },
            {
              as: "textarea",
              name: "motivation",
              label: APPLICATION_FIELDS.motivation.asked,
              required: true,
              rows: 6,
              maxLength: APPLICATION_LIMITS.motivation,
              hint: "3 000 caractères au plus.",
            },
            {
              as: "textarea",
              name: "accommodation",
              label: APPLICATION_FIELDS.accommodation.asked,
              rows: 3,
              maxLength: APPLICATION_LIMITS.accommodation,
              placeholder: "Facultatif : votre demande est transmise à notre référent·e handicap.",
            },
          ]}
        />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Vos documents</legend>
        <p className="text-sm text-muted-foreground">
          PDF, DOC, DOCX ou ODT, {FILE_SIZE_LABEL} au plus par fichier.
        </p>
        {APPLICATION_FILES.map((f) => (
          <TextField
            key={f.field}
            form={common.form}
            errors={errors}
            name={f.field}
            label={f.label}
            required={f.required}
            type="file"
            accept={FILE_ACCEPT}
            className="h-auto py-1.5"
          />
        ))}
      </fieldset>

      <CheckboxField
        form={common.form}
        errors={errors}
        name="consent"
        required
        defaultChecked={values.consent === "on"}
      >
        J'accepte que le centre traite les informations et documents de ma candidature pour l'étudier, selon
        sa{" "}
        <Link to="/politique-confidentialite" className="text-primary underline">
          politique de confidentialité
        </Link>
        .
      </CheckboxField>

      <Honeypot form="apply" />
      <p className="text-xs text-muted-foreground">
        Les champs marqués d'un astérisque (*) sont obligatoires.
      </p>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submitting}>
        {submitting ? "Envoi en cours..." : "Envoyer ma candidature"}
      </Button>
    </Form>
  );
}

// The schema loads when a field first gets focus (see SchemaSource).
const loadApplicationSchema = () =>
  import("~/features/applications/application-schema").then((m) => m.applicationSchema);

export default function ApplyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { formation, sessions, selected } = loaderData;
  useToast(actionData?.toast);
  if (!formation) {
    return (
      <main id="contenu" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Formation non trouvée</h1>
        <p className="text-muted-foreground">Cette formation n'existe pas ou n'est plus proposée.</p>
        <ButtonLink to="/formations">Voir les formations</ButtonLink>
      </main>
    );
  }
  return (
    <main id="contenu" className="mx-auto max-w-3xl px-4 py-10">
      <Link
        to={`/formation/${formation.slug}`}
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Retour à la formation
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Candidater</h1>
      <p className="mt-2 text-lg text-muted-foreground">{formation.title}</p>
      <div className="mt-8 rounded-xl border border-border p-6 shadow-sm">
        {sessions.length === 0 ? (
          <div className="space-y-4">
            <p>Aucune session n'est ouverte aux candidatures pour le moment.</p>
            <ButtonLink to={`/contact?sujet=inscription&formation=${formation.slug}`} variant="outline">
              Nous contacter
            </ButtonLink>
          </div>
        ) : (
          <ApplicationForm sessions={sessions} selected={selected} result={actionData} />
        )}
      </div>
    </main>
  );
}
