import { type ChangeEvent, useState } from "react";
import { ADMIN_ONLY, DeniedControl } from "~/features/accounts";
import { ACTIVITY_PENDING, hasShareCapital, LEGAL_FORM_SUGGESTIONS } from "~/features/settings/centre";
import { LEARNER_RETENTION } from "~/features/settings/retention";
import { QUALIOPI_CATEGORIES } from "~/features/settings/settings-schema";
import { VAT_STATUS_LABELS, VAT_STATUSES } from "~/features/settings/vat";
import { Button, buttonClass } from "~/ui/button";
import { ErrorSummary } from "~/ui/console/error-summary";
import { type ImagePickerSlot, SelectField, TextAreaField, TextField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import type { CentreSettings } from "../centre";
import { FORM, Section } from "./settings-section";

/**
 * The centre's identity, legal data and options in one form (intent 'update'), section by section; read
 * only for whoever may not change Paramètres.
 */
export function CentreSettingsForm({
  settings,
  canEdit,
  logoPicker,
}: {
  settings: CentreSettings;
  canEdit: boolean;
  /** The médiathèque's picker for the logo, passed by the route: media's console code is the routes'. */
  logoPicker: ImagePickerSlot;
}) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.errors;
  // The capital field shows only for a legal form that has one (a company), as typed.
  const [legalForm, setLegalForm] = useState(settings.legalForm);
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
            {logoPicker({
              form: FORM,
              name: "logoId",
              label: "Logo (en-tête du site, e-mails, programme et documents PDF)",
              value: settings.logo?.id ?? null,
              error: errors?.logoId,
            })}
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
            (ci-dessous), encore valide, et au moins une catégorie d'actions cochée. Sans cela, aucune page,
            aucun document ni aucun e-mail ne parle de Qualiopi.
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
        <Section id="signature" title="Signature des documents">
          <p className="text-sm text-muted-foreground sm:col-span-2">
            Conventions, contrats, attestations et certificats de réalisation impriment ce nom et cette
            qualité sous « Pour l'organisme de formation ». Laissés vides, les documents gardent un bloc de
            signature à remplir à la main.
          </p>
          {field("signatoryName", "Nom de la personne qui signe", { hint: "Par exemple : Claire Martin" })}
          {field("signatoryTitle", "Sa qualité", { hint: "Par exemple : Directrice" })}
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
  );
}
