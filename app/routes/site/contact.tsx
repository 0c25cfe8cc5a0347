import { Building2, CheckCircle2, Clock, Mail, MapPin, Phone, Video } from "lucide-react";
import { type ChangeEvent, useState } from "react";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { findActiveFormation } from "~/features/catalogue/index.server";
import type { FormResult } from "~/features/leads";
import {
  APPOINTMENT_MODES,
  appointmentModeFromParam,
  CallbackButton,
  Honeypot,
  OTHER_FORMATION,
  PERSON_FIELDS,
  SUBJECTS,
  subjectFromParam,
} from "~/features/leads";
import { receiveContactForm } from "~/features/leads/index.server";
import { type PageItem, pageItems } from "~/features/pages";
import { publicPage } from "~/features/pages/index.server";
import { fullAddress, phoneHref } from "~/features/settings";
import { readOrNull } from "~/platform/safe-read.server";
import { seo } from "~/platform/seo";
import { useFormValidation } from "~/platform/use-form-validation";
import { ButtonLink } from "~/ui/button";
import { CheckboxField, Fields, FormAlert } from "~/ui/field";
import { FormSent, PublicFormEnd } from "~/ui/public-form";
import { useToast } from "~/ui/toast/use-toast";
import { useCentre, useRootData } from "~/use-root-data";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Contact",
    description:
      "Une question sur une formation ou son financement ? Écrivez-nous, demandez un rappel ou prenez rendez-vous.",
    path: "/contact",
  });

/**
 * `?formation=` from a course page (slug), the footer's short slugs (alias) or the callback
 * button without JavaScript (title) preselects that course when it is active.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, logger } = context.app;
  const param = new URL(request.url).searchParams.get("formation");
  const [found, page] = await Promise.all([
    param ? readOrNull(logger, "formations", () => findActiveFormation(db, param)) : null,
    publicPage({ request, context }, "contact"),
  ]);
  const reasons = pageItems(page.fields.reasons);
  return {
    preselected: found?.slug ?? (param === OTHER_FORMATION.id ? OTHER_FORMATION.id : null),
    // The centre's own words from Pages › Contact: its reply delay and its arguments, none until
    // published (not even their title travels with the page).
    replyDelay: page.fields.replyDelay ?? "",
    reasons: reasons.length
      ? { title: page.fields.reasonsTitle || "Pourquoi nous choisir\u202f?", items: reasons }
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await receiveContactForm(context, request);
  return data<FormResult>(outcome.body, {
    status: outcome.status,
    ...(outcome.headers ? { headers: outcome.headers } : {}),
  });
}

const APPOINTMENT_ICONS = { telephone: Phone, visio: Video, "sur-place": Building2 } as const;

/** A form field whose value follows the URL (banner links, course pages) but keeps what was typed. */
function useParamValue(fromParam: string | undefined, initial: string) {
  const [value, setValue] = useState(initial);
  const [seen, setSeen] = useState(fromParam);
  if (fromParam !== seen) {
    setSeen(fromParam);
    if (fromParam) setValue(fromParam);
  }
  return [value, setValue] as const;
}

function ContactForm({
  result,
  preselected,
}: {
  result: FormResult | undefined;
  preselected: string | null;
}) {
  const courses = useRootData()?.formations ?? [];
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/contact");
  const values = result?.values ?? {};
  const paramSubject = subjectFromParam(params.get("sujet"));
  const paramFormation = preselected ?? undefined;
  const [subject, setSubject] = useParamValue(paramSubject, values.subject ?? paramSubject ?? "");
  const [formation, setFormation] = useParamValue(paramFormation, values.formation ?? paramFormation ?? "");
  const paramMode = appointmentModeFromParam(params.get("mode"));
  const [mode, setMode] = useParamValue(paramMode, values.appointmentMode ?? paramMode ?? "");
  const alert = result && !result.ok && !result.errors ? result.toast : undefined;
  const { errors, formProps } = useFormValidation(loadContactSchema, { server: result?.errors });
  const common = { form: "contact", errors };

  return (
    <Form method="post" noValidate preventScrollReset className="space-y-5" {...formProps}>
      {alert ? <FormAlert message={alert} /> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Fields
          {...common}
          values={values}
          fields={[
            { ...PERSON_FIELDS.firstName, placeholder: "Votre prénom" },
            { ...PERSON_FIELDS.lastName, placeholder: "Votre nom" },
            { ...PERSON_FIELDS.email, placeholder: "votre@email.fr" },
            { ...PERSON_FIELDS.phone, placeholder: "06 12 34 56 78" },
            {
              as: "select",
              name: "subject",
              label: "Sujet",
              required: true,
              value: subject,
              onChange: (e) => setSubject(e.target.value),
              options: [
                { value: "", label: "Sélectionnez un sujet" },
                ...SUBJECTS.map((s) => ({ value: s.id, label: s.label })),
              ],
            },
            {
              as: "select",
              name: "formation",
              label: "Formation qui vous intéresse",
              value: formation,
              onChange: (e) => setFormation(e.target.value),
              options: [
                { value: "", label: "Aucune en particulier" },
                ...courses.map((f) => ({ value: f.slug, label: f.title })),
                { value: OTHER_FORMATION.id, label: OTHER_FORMATION.label },
              ],
            },
          ]}
        />
      </div>
      <Fields
        {...common}
        values={values}
        fields={[
          // The banner's 'Choisir' buttons land here with their mode; it goes with the request.
          ...(subject === "rdv"
            ? [
                {
                  as: "select",
                  name: "appointmentMode",
                  label: "Type de rendez-vous",
                  value: mode,
                  onChange: (e: ChangeEvent<HTMLSelectElement>) => setMode(e.target.value),
                  options: [
                    { value: "", label: "Sans préférence" },
                    ...APPOINTMENT_MODES.map((m) => ({ value: m.id, label: m.title })),
                  ],
                } as const,
              ]
            : []),
          {
            as: "textarea",
            name: "message",
            label: "Message",
            required: true,
            rows: 6,
            placeholder: "Décrivez votre projet, vos questions…",
          },
        ]}
      />
      <CheckboxField
        {...common}
        name="acceptMarketing"
        defaultChecked={values.acceptMarketing === "on"}
        labelClassName="text-sm text-muted-foreground"
      >
        J'accepte de recevoir des informations sur les formations et actualités du centre (facultatif).
      </CheckboxField>
      <Honeypot form="contact" />
      <PublicFormEnd
        purpose="répondre à votre demande"
        submitting={Boolean(submitting)}
        submitLabel="Envoyer le message"
      />
    </Form>
  );
}

/** 'Nous vous répondons sous deux jours ouvrés.' when the centre states a delay; else no promise. */
function replySentence(delay: string): string {
  return delay ? `Nous vous répondons ${delay}.` : "Nous vous répondons dès que possible.";
}

function Confirmation({ delay }: { delay: string }) {
  return (
    <FormSent
      testId="contact-confirmation"
      title="Message envoyé !"
      next={
        // A link, not a state toggle: it works without JavaScript and always brings back an empty form.
        <ButtonLink to="/contact" variant="outline" className="mt-6" preventScrollReset>
          Envoyer un autre message
        </ButtonLink>
      }
    >
      Merci pour votre message. Vous allez recevoir un e-mail de confirmation. {replySentence(delay)}
    </FormSent>
  );
}

function ContactDetails() {
  const centre = useCentre();
  const item = "flex items-start gap-3";
  const icon = "mt-0.5 h-5 w-5 shrink-0 text-primary";
  // The address is never broken inside a word: on one line when it fits (it does at 360 px), or else
  // after its '@'.
  const at = centre.email.lastIndexOf("@") + 1;
  return (
    <section aria-labelledby="coordonnees" className="rounded-xl border border-border p-4 shadow-sm sm:p-6">
      <h2 id="coordonnees" className="mb-4 text-lg font-semibold">
        Nos coordonnées
      </h2>
      <ul className="space-y-4 text-sm">
        <li className={item}>
          <Phone aria-hidden="true" className={icon} />
          <div>
            <p className="font-medium">Téléphone</p>
            <a href={`tel:${phoneHref(centre.phone)}`} className="text-primary hover:underline">
              {centre.phone}
            </a>
          </div>
        </li>
        <li className={item}>
          <Mail aria-hidden="true" className={icon} />
          <div>
            <p className="font-medium">E-mail</p>
            <a href={`mailto:${centre.email}`} className="text-primary hover:underline">
              <span className="whitespace-nowrap">{centre.email.slice(0, at)}</span>
              <wbr />
              <span className="whitespace-nowrap">{centre.email.slice(at)}</span>
            </a>
          </div>
        </li>
        <li className={item}>
          <MapPin aria-hidden="true" className={icon} />
          <div>
            <p className="font-medium">Adresse</p>
            <address className="not-italic text-muted-foreground">{fullAddress(centre)}</address>
          </div>
        </li>
        <li className={item}>
          <Clock aria-hidden="true" className={icon} />
          <div>
            <p className="font-medium">Horaires d'ouverture</p>
            {centre.openingHours.map((line) => (
              <p key={line} className="text-muted-foreground">
                {line}
              </p>
            ))}
          </div>
        </li>
      </ul>
      <div className="mt-6 border-t border-border pt-4">
        <p className="mb-3 text-sm text-muted-foreground">Vous préférez qu'on vous appelle ?</p>
        <CallbackButton source="callback_contact_page" variant="outline" className="w-full" />
      </div>
    </section>
  );
}

/** The centre's arguments from Pages › Contact; hidden while it has written none. */
function Reasons({ reasons }: { reasons: { title: string; items: readonly PageItem[] } | null }) {
  if (!reasons) return null;
  return (
    <section aria-labelledby="pourquoi" className="rounded-xl bg-muted p-6">
      <h2 id="pourquoi" className="mb-4 text-lg font-semibold">
        {reasons.title}
      </h2>
      <ul className="space-y-3 text-sm">
        {reasons.items.map((reason) => (
          <li key={reason.title} className="flex items-start gap-3">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-success" />
            <div>
              <p className="font-medium">{reason.title}</p>
              <p className="text-muted-foreground">{reason.lines.join(" ")}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AppointmentBanner() {
  return (
    <section aria-labelledby="rendez-vous" className="surface-dark bg-primary text-primary-foreground">
      <div className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="rendez-vous" className="text-2xl font-semibold">
          Prendre rendez-vous avec un conseiller
        </h2>
        <p className="mt-2 max-w-2xl text-primary-foreground/90">
          Choisissez la formule qui vous convient : nous préparons l'échange à partir de votre message.
        </p>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {APPOINTMENT_MODES.map((mode) => {
            const Icon = APPOINTMENT_ICONS[mode.id];
            return (
              <li key={mode.id} className="flex flex-col rounded-lg bg-white/10 p-5">
                <Icon aria-hidden="true" className="mb-3 h-6 w-6" />
                <h3 className="font-semibold">{mode.title}</h3>
                <p className="mt-1 flex-1 text-sm text-primary-foreground/90">{mode.text}</p>
                <Link
                  to={`/contact?sujet=rdv&mode=${mode.id}#formulaire`}
                  className="mt-4 inline-flex h-10 items-center justify-center rounded-md bg-white px-4 text-sm font-medium text-primary hover:bg-white/90"
                  aria-label={`${mode.title} : choisir ce rendez-vous`}
                >
                  Choisir
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

// The schema loads when a field first gets focus (see SchemaSource).
const loadContactSchema = () => import("~/features/leads/contact-schema").then((m) => m.contactSchema);

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  // Field errors speak for themselves next to the fields; other outcomes also get a toast.
  useToast(actionData?.errors ? undefined : actionData?.toast);
  return (
    <main id="contenu">
      <section className="bg-muted/60">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <h1 className="text-3xl font-bold sm:text-4xl">Contactez-nous</h1>
          <p className="mt-3 max-w-2xl text-muted-foreground">
            Une question sur une formation ou son financement ? {replySentence(loaderData.replyDelay)}
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 lg:grid-cols-3">
        <div className="space-y-6">
          <ContactDetails />
          <Reasons reasons={loaderData.reasons} />
        </div>
        <section
          id="formulaire"
          aria-label="Formulaire de contact"
          className="scroll-mt-24 rounded-xl border border-border p-6 shadow-sm lg:col-span-2"
        >
          {actionData?.ok ? (
            <Confirmation delay={loaderData.replyDelay} />
          ) : (
            <>
              <h2 className="mb-1 text-xl font-semibold">Envoyez-nous un message</h2>
              <p className="mb-6 text-sm text-muted-foreground">{replySentence(loaderData.replyDelay)}</p>
              <ContactForm result={actionData} preselected={loaderData.preselected} />
            </>
          )}
        </section>
      </div>
      <AppointmentBanner />
    </main>
  );
}
