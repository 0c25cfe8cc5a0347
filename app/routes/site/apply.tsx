import { ArrowLeft } from "lucide-react";
import type { ComponentProps } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { CheckboxField, SelectField, TextareaField, TextField } from "~/components/ui/field";
import {
  APPLICATION_FILES,
  APPLICATION_LIMITS,
  checkChosenFile,
  FILE_ACCEPT,
  FINANCINGS,
  SITUATIONS,
} from "~/content/application";
import { HONEYPOT_FIELD, LIMITS } from "~/content/contact";
import { applicationSchema } from "~/lib/schemas/application";
import { seo } from "~/lib/seo";
import { acceptsApplications, formatDateRange, seatsText, sessionModeLabel } from "~/lib/sessions";
import { type FieldErrors, useFormValidation } from "~/lib/use-form-validation";
import { useToast } from "~/lib/use-toast";
import { type ApplyResult, receiveApplication } from "~/server/applications/intake.server";
import { getActiveFormation } from "~/server/catalogue.server";
import { listUpcomingSessions } from "~/server/sessions.server";
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
  if (!formation) return [{ title: "Formation non trouvée | Centre de Formation Avenir" }];
  return seo(matches, {
    title: `Candidater : ${formation.title}`,
    description: `Déposez votre candidature en ligne à la formation ${formation.title} : choisissez votre session et joignez votre CV.`,
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
  const { errors, refused, formProps } = useFormValidation(applicationSchema, {
    server: result?.errors,
    extra: checkFiles,
  });
  const values = result?.values ?? {};
  const alert = result && !result.errors ? result.toast : undefined;
  const common = { form: "apply", errors };
  const text = (name: string, label: string, props: ComponentProps<"input">) => (
    <TextField {...common} name={name} label={label} required defaultValue={values[name] ?? ""} {...props} />
  );

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="space-y-6"
      data-testid="application-form"
      {...formProps}
    >
      {alert ? (
        <div role="alert" className="rounded-md border border-destructive bg-destructive/10 p-3 text-sm">
          <p className="font-semibold">{alert.title}</p>
          <p>{alert.description}</p>
        </div>
      ) : null}
      {refused || result?.errors ? (
        <p role="alert" className="rounded-md border border-destructive bg-destructive/10 p-3 text-sm">
          Votre candidature n'est pas encore envoyée : corrigez les champs signalés
          {refused ? "." : ", puis joignez à nouveau vos fichiers."}
        </p>
      ) : null}

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Session</legend>
        <SelectField
          {...common}
          name="session"
          label="Session choisie"
          required
          defaultValue={values.session ?? selected}
          options={sessions.map((s) => ({
            value: s.id,
            label: `${formatDateRange(s.startDate, s.endDate)} – ${sessionModeLabel(s.mode)}, ${s.place} – ${seatsText(s)}`,
          }))}
        />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Vos coordonnées</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("firstName", "Prénom", { autoComplete: "given-name", maxLength: LIMITS.name })}
          {text("lastName", "Nom", { autoComplete: "family-name", maxLength: LIMITS.name })}
          {text("email", "E-mail", { type: "email", autoComplete: "email", maxLength: LIMITS.email })}
          {text("phone", "Téléphone", { type: "tel", autoComplete: "tel", maxLength: LIMITS.phone })}
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Votre parcours</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            {...common}
            name="situation"
            label="Situation actuelle"
            required
            defaultValue={values.situation ?? ""}
            options={choices(SITUATIONS)}
          />
          <SelectField
            {...common}
            name="financing"
            label="Financement envisagé"
            required
            defaultValue={values.financing ?? ""}
            options={choices(FINANCINGS)}
          />
        </div>
        {text("lastDiploma", "Dernier diplôme obtenu", {
          maxLength: APPLICATION_LIMITS.diploma,
          placeholder: "Ex. : Bac STMG, BTS, aucun…",
        })}
        <TextareaField
          {...common}
          name="motivation"
          label="Vos motivations"
          required
          rows={6}
          maxLength={APPLICATION_LIMITS.motivation}
          defaultValue={values.motivation ?? ""}
        />
        <p className="-mt-2 text-xs text-muted-foreground">3 000 caractères au plus.</p>
        <TextareaField
          {...common}
          name="accommodation"
          label="Besoin d'un aménagement (situation de handicap) ?"
          rows={3}
          maxLength={APPLICATION_LIMITS.accommodation}
          defaultValue={values.accommodation ?? ""}
          placeholder="Facultatif : votre demande est transmise à notre référent·e handicap."
        />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Vos documents</legend>
        <p className="text-sm text-muted-foreground">PDF, DOC, DOCX ou ODT, 5 Mo au plus par fichier.</p>
        {APPLICATION_FILES.map((f) => (
          <TextField
            key={f.field}
            {...common}
            name={f.field}
            label={f.label}
            required={f.required}
            type="file"
            accept={FILE_ACCEPT}
            className="h-auto py-1.5"
          />
        ))}
      </fieldset>

      <CheckboxField {...common} name="consent" required defaultChecked={values.consent === "on"}>
        J'accepte que le centre traite les informations et documents de ma candidature pour l'étudier, selon
        sa{" "}
        <Link to="/politique-confidentialite" className="text-primary underline">
          politique de confidentialité
        </Link>
        .
      </CheckboxField>

      {/* Hidden from people and assistive technology; bots fill it and are quietly dropped. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="apply-website">Ne pas remplir ce champ</label>
        <input id="apply-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <p className="text-xs text-muted-foreground">
        Les champs marqués d'un astérisque (*) sont obligatoires.
      </p>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submitting}>
        {submitting ? "Envoi en cours..." : "Envoyer ma candidature"}
      </Button>
    </Form>
  );
}

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
