import { ArrowLeft } from "lucide-react";
import { type ComponentProps, type FormEvent, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field, Input, Select, Textarea } from "~/components/ui/input";
import {
  APPLICATION_ERRORS,
  APPLICATION_FILES,
  APPLICATION_LIMITS,
  checkChosenFile,
  FILE_ACCEPT,
  FINANCINGS,
  SITUATIONS,
} from "~/content/application";
import { CONTACT_ERRORS, HONEYPOT_FIELD, LIMITS } from "~/content/contact";
import { seo } from "~/lib/seo";
import { acceptsApplications, formatDateRange, seatsText, sessionModeLabel } from "~/lib/sessions";
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

type Errors = Record<string, string>;

/** The browser's checks before anything is uploaded; the server checks everything again. */
function checkBeforeUpload(form: HTMLFormElement): Errors {
  const errors: Errors = {};
  const value = (name: string) => String(new FormData(form).get(name) ?? "").trim();
  if (value("firstName").length < 2) errors.firstName = CONTACT_ERRORS.firstName;
  if (value("lastName").length < 2) errors.lastName = CONTACT_ERRORS.lastName;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value("email"))) errors.email = CONTACT_ERRORS.email;
  if (!/^\+?[0-9 ().-]{10,}$/.test(value("phone"))) errors.phone = CONTACT_ERRORS.phone;
  if (!value("situation")) errors.situation = APPLICATION_ERRORS.situation;
  if (!value("financing")) errors.financing = APPLICATION_ERRORS.financing;
  if (value("lastDiploma").length < 2) errors.lastDiploma = APPLICATION_ERRORS.diploma;
  if (value("motivation").length < 10) errors.motivation = APPLICATION_ERRORS.motivation;
  for (const { field } of APPLICATION_FILES) {
    const input = form.elements.namedItem(field);
    const file = input instanceof HTMLInputElement ? (input.files?.[0] ?? null) : null;
    const error = checkChosenFile(field, file);
    if (error) errors[field] = error;
  }
  const consent = form.elements.namedItem("consent");
  if (consent instanceof HTMLInputElement && !consent.checked) {
    errors.consent = APPLICATION_ERRORS.consent;
  }
  return errors;
}

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
  const [clientErrors, setClientErrors] = useState<Errors | null>(null);
  const [lastResult, setLastResult] = useState(result);
  if (result !== lastResult) {
    // A new answer from the server replaces what the browser found.
    setLastResult(result);
    setClientErrors(null);
  }
  const errors: Errors = clientErrors ?? result?.errors ?? {};
  const values = result?.values ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  const alert = result && !result.errors ? result.toast : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = checkBeforeUpload(event.currentTarget);
    if (Object.keys(found).length) {
      event.preventDefault();
      setClientErrors(found);
      const first = Object.keys(found)[0];
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
      return;
    }
    setClientErrors(null);
  };

  const control = (name: string) => ({
    id: `apply-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `apply-${name}-error` : undefined,
  });
  const textField = (name: string, label: string, props: ComponentProps<"input">) => (
    <Field id={`apply-${name}`} label={label} required error={errors[name]}>
      <Input {...control(name)} aria-required="true" defaultValue={values[name] ?? ""} {...props} />
    </Field>
  );
  const choice = (name: string, label: string, options: readonly { value: string; label: string }[]) => (
    <Field id={`apply-${name}`} label={label} required error={errors[name]}>
      <Select {...control(name)} aria-required="true" defaultValue={values[name] ?? ""}>
        <option value="">Sélectionnez…</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      className="space-y-6"
      data-testid="application-form"
    >
      {alert ? (
        <div role="alert" className="rounded-md border border-destructive bg-destructive/10 p-3 text-sm">
          <p className="font-semibold">{alert.title}</p>
          <p>{alert.description}</p>
        </div>
      ) : null}
      {Object.keys(errors).length > 0 ? (
        <p role="alert" className="rounded-md border border-destructive bg-destructive/10 p-3 text-sm">
          Votre candidature n'est pas encore envoyée : corrigez les champs signalés
          {clientErrors ? "." : ", puis joignez à nouveau vos fichiers."}
        </p>
      ) : null}

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Session</legend>
        <Field id="apply-session" label="Session choisie" required error={errors.session}>
          <Select {...control("session")} aria-required="true" defaultValue={values.session ?? selected}>
            {sessions.map((s) => (
              <option key={s.id} value={s.id}>
                {`${formatDateRange(s.startDate, s.endDate)} – ${sessionModeLabel(s.mode)}, ${s.place} – ${seatsText(s)}`}
              </option>
            ))}
          </Select>
        </Field>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Vos coordonnées</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {textField("firstName", "Prénom", { autoComplete: "given-name", maxLength: LIMITS.name })}
          {textField("lastName", "Nom", { autoComplete: "family-name", maxLength: LIMITS.name })}
          {textField("email", "E-mail", { type: "email", autoComplete: "email", maxLength: LIMITS.email })}
          {textField("phone", "Téléphone", { type: "tel", autoComplete: "tel", maxLength: LIMITS.phone })}
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Votre parcours</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {choice("situation", "Situation actuelle", SITUATIONS)}
          {choice("financing", "Financement envisagé", FINANCINGS)}
        </div>
        {textField("lastDiploma", "Dernier diplôme obtenu", {
          maxLength: APPLICATION_LIMITS.diploma,
          placeholder: "Ex. : Bac STMG, BTS, aucun…",
        })}
        <Field id="apply-motivation" label="Vos motivations" required error={errors.motivation}>
          <Textarea
            {...control("motivation")}
            aria-required="true"
            rows={6}
            maxLength={APPLICATION_LIMITS.motivation}
            defaultValue={values.motivation ?? ""}
          />
        </Field>
        <p className="-mt-2 text-xs text-muted-foreground">3 000 caractères au plus.</p>
        <Field
          id="apply-accommodation"
          label="Besoin d'un aménagement (situation de handicap) ?"
          error={errors.accommodation}
        >
          <Textarea
            {...control("accommodation")}
            rows={3}
            maxLength={APPLICATION_LIMITS.accommodation}
            defaultValue={values.accommodation ?? ""}
            placeholder="Facultatif : votre demande est transmise à notre référent·e handicap."
          />
        </Field>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Vos documents</legend>
        <p className="text-sm text-muted-foreground">PDF, DOC, DOCX ou ODT, 5 Mo au plus par fichier.</p>
        {APPLICATION_FILES.map((f) => (
          <Field
            key={f.field}
            id={`apply-${f.field}`}
            label={f.label}
            required={f.required}
            error={errors[f.field]}
          >
            <Input
              {...control(f.field)}
              type="file"
              accept={FILE_ACCEPT}
              aria-required={f.required ? "true" : undefined}
              className="h-auto py-1.5"
            />
          </Field>
        ))}
      </fieldset>

      <div className="space-y-2">
        <div className="flex items-start gap-3">
          <input
            {...control("consent")}
            type="checkbox"
            aria-required="true"
            defaultChecked={values.consent === "on"}
            className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
          />
          <label htmlFor="apply-consent" className="text-sm">
            J'accepte que le centre traite les informations et documents de ma candidature pour l'étudier,
            selon sa{" "}
            <Link to="/politique-confidentialite" className="text-primary underline">
              politique de confidentialité
            </Link>
            . <span aria-hidden="true">*</span>
          </label>
        </div>
        {errors.consent ? (
          <p id="apply-consent-error" className="text-sm text-destructive">
            {errors.consent}
          </p>
        ) : null}
      </div>

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
