import { Trash2 } from "lucide-react";
import { type ChangeEvent, type ReactNode, useState } from "react";
import { DeniedControl } from "~/features/accounts/components/denied-control";
import { useCan } from "~/features/accounts/components/use-can";
import { requirePermission } from "~/features/accounts/current-user.server";
import { ADMIN_ONLY } from "~/features/accounts/permissions";
import { QualiopiWarning } from "~/features/catalogue/components/qualiopi-warning";
import { MediaPicker } from "~/features/media/components/media-picker";
import {
  ACTIVITY_PENDING,
  CERTIFICATE_PATH,
  hasShareCapital,
  type InternalRules,
  LEGAL_FORM_SUGGESTIONS,
} from "~/features/settings/centre";
import { getCentreSettings, getInternalRules, qualiopiStatus } from "~/features/settings/centre.server";
import { settingsAction } from "~/features/settings/console-settings.server";
import { LEARNER_RETENTION } from "~/features/settings/retention";
import { INTERNAL_RULES_MAX, QUALIOPI_CATEGORIES } from "~/features/settings/settings-schema";
import { VAT_STATUS_LABELS, VAT_STATUSES } from "~/features/settings/vat";
import { SurveyDelaysCard } from "~/features/surveys/components/delays-card";
import { SURVEY_SETTINGS_DEFAULTS } from "~/features/surveys/delays";
import { getSurveySettings } from "~/features/surveys/survey-settings.server";
import { loadOr } from "~/platform/console/action.server";
import { formatDateTime } from "~/platform/paris-time";
import { FILE_SIZE_LABEL } from "~/platform/request-limits";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { ErrorSummary } from "~/ui/console/error-summary";
import { SelectField, TextAreaField, TextField, useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
import { Input, Label } from "~/ui/input";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Paramètres | Console d'administration" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  await requirePermission({ request, context }, "settings:read");
  const { value, loadError } = await loadOr(app, "paramètres", () => getCentreSettings(app.db), null);
  const delays = await loadOr(app, "paramètres", () => getSurveySettings(app.db), SURVEY_SETTINGS_DEFAULTS);
  const rules = await loadOr(app, "paramètres", () => getInternalRules(app.db), null);
  return {
    settings: value,
    qualiopi: value ? qualiopiStatus(value) : null,
    surveyDelays: delays.value,
    internalRules: rules.value,
    loadError: loadError ?? delays.loadError ?? rules.loadError,
  };
}

export const action = settingsAction;

const FORM = "settings";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${FORM}-${id}`} className="text-lg">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <section aria-labelledby={`${FORM}-${id}`} className="grid gap-4 sm:grid-cols-2">
          {children}
        </section>
      </CardContent>
    </Card>
  );
}

function CertificateCard({
  canEdit,
  shown,
  file,
}: {
  canEdit: boolean;
  shown: boolean;
  file: { fileName: string; size: number; uploadedAt: Date | string } | null;
}) {
  const fetcher = useAdminFetcher();
  const error = fetcher.data?.errors?.certificate;
  // A withdrawn certification or a wrong file: removed, not only replaced. Posted with the row's id.
  const remove = useConfirmDelete({
    intent: "delete-certificate",
    question: "Supprimer le certificat Qualiopi ?",
    description: `Le fichier${file ? ` « ${file.fileName} »` : ""} sera supprimé et la mention « Certifié Qualiopi » disparaîtra aussitôt du pied de page et de la page Notre centre. Vous pourrez envoyer un nouveau certificat ensuite.`,
  });
  const removeLabel = (
    <>
      <Trash2 aria-hidden="true" className="h-4 w-4 text-destructive" /> Supprimer le certificat
    </>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${FORM}-certificat`} className="text-lg">
          Certificat Qualiopi (PDF)
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-muted-foreground">
          {file
            ? `Fichier actuel : ${file.fileName} (${Math.max(1, Math.round(file.size / 1024))} Ko), envoyé le ${formatDateTime(file.uploadedAt)}.`
            : "Aucun certificat envoyé : la mention Qualiopi n'apparaît pas sur le site."}
          {file && shown ? (
            <>
              {" "}
              <a className="text-primary underline" href={CERTIFICATE_PATH}>
                Télécharger
              </a>
            </>
          ) : null}
          {file && !shown
            ? " La mention Qualiopi n'apparaît pas sur le site : il y faut une date de validité non dépassée et au moins une catégorie d'actions cochée."
            : null}
        </p>
        {file ? (
          canEdit ? (
            <Button type="button" variant="outline" onClick={() => remove.ask("1")}>
              {removeLabel}
            </Button>
          ) : (
            <DeniedControl reason={ADMIN_ONLY} className={buttonClass("outline")}>
              {removeLabel}
            </DeniedControl>
          )
        ) : null}
        {remove.dialog}
        <fetcher.Form method="post" encType="multipart/form-data" className="space-y-3">
          <input type="hidden" name="intent" value="certificate" />
          <div className="space-y-2">
            <Label htmlFor={`${FORM}-certificate`}>Nouveau certificat (PDF, {FILE_SIZE_LABEL} maximum)</Label>
            <Input
              id={`${FORM}-certificate`}
              name="certificate"
              type="file"
              accept="application/pdf,.pdf"
              disabled={!canEdit}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${FORM}-certificate-error` : undefined}
              className="h-auto"
            />
            {error ? (
              <p id={`${FORM}-certificate-error`} className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          {canEdit ? (
            <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
              Envoyer le certificat
            </Button>
          ) : (
            <DeniedControl reason={ADMIN_ONLY} className={buttonClass("outline")}>
              Envoyer le certificat
            </DeniedControl>
          )}
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

/**
 * The règlement intérieur, in Markdown: e-mailed as its own PDF with every convocation. Its own form
 * and intent, so that saving the identity never rewrites it (nor its date, printed on the PDF).
 */
function InternalRulesCard({ canEdit, rules }: { canEdit: boolean; rules: InternalRules }) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${FORM}-reglement`} className="text-lg">
          Règlement intérieur
        </CardTitle>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" noValidate aria-labelledby={`${FORM}-reglement`} className="space-y-4">
          <input type="hidden" name="intent" value="internal-rules" />
          <p className="text-sm text-muted-foreground">
            {rules.text
              ? `Joint en PDF (reglement-interieur.pdf) à chaque convocation${rules.updatedAt ? `, version du ${formatDateTime(rules.updatedAt)}` : ""}.`
              : "Non renseigné : les convocations partent sans règlement intérieur."}
          </p>
          <fieldset disabled={!canEdit} className="m-0 min-w-0 border-0 p-0">
            <legend className="sr-only">Règlement intérieur</legend>
            <TextAreaField
              form="internal-rules"
              name="internalRules"
              label="Texte du règlement intérieur"
              hint={`Markdown : # Titre, ## Article, - liste, **gras**. ${INTERNAL_RULES_MAX.toLocaleString("fr-FR")} caractères au plus ; vide, il n'est plus joint.`}
              errors={errors}
              defaultValue={rules.text}
              className="min-h-[240px] font-mono text-sm"
            />
          </fieldset>
          {canEdit ? (
            <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
              Enregistrer le règlement intérieur
            </Button>
          ) : (
            <DeniedControl reason={ADMIN_ONLY} className={buttonClass("outline")}>
              Enregistrer le règlement intérieur
            </DeniedControl>
          )}
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { settings, qualiopi, surveyDelays, internalRules, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const canEdit = useCan("settings:write");
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.errors;
  // The capital field shows only for a legal form that has one (a company), as typed.
  const [legalForm, setLegalForm] = useState(settings?.legalForm ?? "");
  if (!settings) {
    return <PageHeader title="Paramètres" description="Les paramètres n'ont pas pu être chargés." />;
  }
  const field = (name: keyof typeof settings, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      form={FORM}
      name={name}
      label={label}
      errors={errors}
      defaultValue={String(settings[name] ?? "")}
      {...extra}
    />
  );
  return (
    <>
      <PageHeader
        title="Paramètres"
        description={
          canEdit
            ? "L'identité du centre, telle que le site, les e-mails et les documents l'affichent."
            : "Lecture seule : seul un administrateur peut modifier les paramètres."
        }
      />
      {qualiopi?.expired ? <QualiopiWarning message={qualiopi.message} /> : null}
      <div className="grid gap-6">
        <fetcher.Form method="post" noValidate className="grid gap-6">
          <input type="hidden" name="intent" value="update" />
          <ErrorSummary form={FORM} errors={errors} />
          <fieldset disabled={!canEdit} className="m-0 grid min-w-0 gap-6 border-0 p-0">
            <legend className="sr-only">Paramètres du centre</legend>
            <Section id="identite" title="Identité">
              {field("name", "Nom du centre", { required: true })}
              {field("legalForm", "Forme juridique", {
                required: true,
                list: `${FORM}-legal-forms`,
                hint: "Par exemple : Association loi 1901, SAS, SARL, Entreprise individuelle",
                onChange: (event: ChangeEvent<HTMLInputElement>) => setLegalForm(event.target.value),
              })}
              <datalist id={`${FORM}-legal-forms`}>
                {LEGAL_FORM_SUGGESTIONS.map((form) => (
                  <option key={form} value={form} />
                ))}
              </datalist>
              {hasShareCapital(legalForm)
                ? field("shareCapital", "Capital social", {
                    required: true,
                    hint: "Par exemple : 5 000 € ; imprimé après la forme juridique",
                  })
                : null}
              {field("siret", "SIRET", { required: true, hint: "14 chiffres", inputMode: "numeric" })}
              {field("rcs", "RCS", { hint: "Par exemple : RCS Paris 123 456 789" })}
              {field("foundedOn", "Date de création", { type: "date" })}
              <div className="sm:col-span-2">
                <MediaPicker
                  form={FORM}
                  name="logoId"
                  label="Logo (en-tête du site, e-mails, programme PDF)"
                  value={settings.logo?.id ?? null}
                  error={errors?.logoId}
                />
              </div>
            </Section>
            <Section id="coordonnees" title="Coordonnées">
              {field("street", "Adresse", { required: true })}
              {field("postalCode", "Code postal", { required: true, inputMode: "numeric" })}
              {field("city", "Ville", { required: true })}
              {field("phone", "Téléphone", { required: true, type: "tel" })}
              {field("email", "E-mail", { required: true, type: "email" })}
              <TextAreaField
                form={FORM}
                name="openingHours"
                label="Horaires d'ouverture"
                required
                hint="Une ligne par plage horaire"
                errors={errors}
                defaultValue={settings.openingHours.join("\n")}
              />
            </Section>
            <Section id="mentions" title="Mentions légales">
              {field("publicationDirector", "Directeur·rice de la publication", { required: true })}
              {field("host", "Hébergeur", { required: true, hint: "Nom et adresse" })}
            </Section>
            <Section id="declaration" title="Déclaration d'activité">
              {field("activityNumber", "Numéro de déclaration d'activité", {
                hint: `11 chiffres, suivis partout de « Cet enregistrement ne vaut pas agrément de l'État ». Vide tant que la préfecture ne l'a pas attribué : le site et les documents indiquent « ${ACTIVITY_PENDING} ».`,
              })}
              {field("activityRegion", "Région (préfet de région)", {
                hint: "Celle de la préfecture qui a enregistré la déclaration",
              })}
            </Section>
            <Section id="qualiopi" title="Certification Qualiopi">
              <p className="text-sm text-muted-foreground sm:col-span-2">
                Facultatif. Le site ne mentionne Qualiopi que si le centre est certifié : un certificat envoyé
                (ci-dessous), encore valide, et au moins une catégorie d'actions cochée. Sans cela, aucune
                page, aucun document ni aucun e-mail ne parle de Qualiopi.
              </p>
              {field("qualiopiCertifier", "Organisme certificateur")}
              {field("qualiopiValidUntil", "Valide jusqu'au", {
                type: "date",
                hint: "Passé cette date, la mention Qualiopi disparaît du site",
              })}
              <fieldset
                id={`${FORM}-qualiopiCategories`}
                className="space-y-2 sm:col-span-2"
                aria-describedby={errors?.qualiopiCategories ? `${FORM}-categories-error` : undefined}
              >
                <legend className="text-sm font-medium">Catégories d'actions certifiées</legend>
                {QUALIOPI_CATEGORIES.map((category, i) => (
                  <div key={category} className="flex items-center gap-2">
                    <input
                      id={`${FORM}-category-${i}`}
                      type="checkbox"
                      name="qualiopiCategories"
                      value={category}
                      defaultChecked={settings.qualiopiCategories.includes(category)}
                      className="h-4 w-4"
                    />
                    <label htmlFor={`${FORM}-category-${i}`} className="text-sm">
                      {category}
                    </label>
                  </div>
                ))}
                {errors?.qualiopiCategories ? (
                  <p id={`${FORM}-categories-error`} className="text-sm text-destructive">
                    {errors.qualiopiCategories}
                  </p>
                ) : null}
              </fieldset>
            </Section>
            <Section id="mediateur" title="Médiateur de la consommation">
              {field("mediatorName", "Nom du médiateur")}
              {field("mediatorWebsite", "Site web ou adresse")}
            </Section>
            <Section id="referent" title="Référent handicap">
              {field("referentName", "Nom du référent", { hint: "Affiché sur chaque page de formation" })}
              {field("referentPhone", "Téléphone du référent", { type: "tel" })}
              {field("referentEmail", "E-mail du référent", {
                type: "email",
                hint: "Reçoit les demandes d'aménagement des candidatures",
              })}
            </Section>
            <Section id="tva" title="TVA">
              <SelectField
                form={FORM}
                name="vatStatus"
                label="Régime de TVA"
                required
                errors={errors}
                defaultValue={settings.vatStatus}
                hint="Les conventions et contrats de formation indiquent le prix HT et TTC, ou la mention d'exonération"
                options={VAT_STATUSES.map((v) => ({ value: v, label: VAT_STATUS_LABELS[v] }))}
              />
            </Section>
            <Section id="notifications" title="Notifications">
              {field("leadRecipient", "Destinataire des nouvelles demandes", {
                required: true,
                type: "email",
                hint: "Demandes de contact, de rappel et candidatures",
              })}
              {field("complaintRecipient", "Destinataire des réclamations", {
                type: "email",
                hint: "Vide : les réclamations vont au destinataire des nouvelles demandes",
              })}
            </Section>
            <Section id="conservation" title="Conservation des données">
              {field("learnerRetentionMonths", "Conservation des dossiers des stagiaires (mois)", {
                required: true,
                inputMode: "numeric",
                hint: `Comptée depuis le dernier jour de la session ; le nom, l'e-mail et l'entreprise sont ensuite effacés, le statut et le résultat restent pour les indicateurs. ${LEARNER_RETENTION.defaultMonths} mois (5 ans) par défaut : un contrôle des financeurs et un cycle Qualiopi demandent ces dossiers plusieurs années après la formation. La politique de confidentialité indique cette durée.`,
              })}
            </Section>
            <Section id="resultats" title="Résultats publiés">
              {field("minResultAnswers", "Nombre minimal de réponses pour publier un résultat", {
                required: true,
                inputMode: "numeric",
                hint: "En dessous, la page de la formation indique que les résultats de l'année ne sont pas encore disponibles",
              })}
            </Section>
          </fieldset>
          <div>
            {canEdit ? (
              <Button type="submit" disabled={fetcher.state !== "idle"}>
                Enregistrer les paramètres
              </Button>
            ) : (
              <DeniedControl reason={ADMIN_ONLY} className={buttonClass()}>
                Enregistrer les paramètres
              </DeniedControl>
            )}
          </div>
        </fetcher.Form>
        <CertificateCard canEdit={canEdit} shown={qualiopi?.shown ?? false} file={settings.certificate} />
        {internalRules ? <InternalRulesCard canEdit={canEdit} rules={internalRules} /> : null}
        <SurveyDelaysCard delays={surveyDelays} canEdit={canEdit} />
      </div>
    </>
  );
}
