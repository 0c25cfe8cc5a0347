import { ADMIN_ONLY, DeniedControl } from "~/features/accounts";
import { Button, buttonClass } from "~/ui/button";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { CheckboxField } from "~/ui/field";
import { AUTOMATIC_FIELDS, type SurveyAutomatic } from "../automatic";
import { SURVEY_AUDIENCE_LABELS, SURVEY_AUDIENCES } from "../vocabulary";

const FORM = "survey-automatic";

const HINT =
  "Décochez un public pour ne plus lui écrire automatiquement (ni à chaud ni à froid)\u00a0: ses questionnaires restent envoyables à la main depuis Enquêtes. Sans enquête envoyée aux stagiaires, le taux de satisfaction publié n'a plus de nouvelles réponses.";

/**
 * Paramètres' 'Envoi automatique': one checkbox per audience; an audience turned off gets no
 * automatic questionnaire (à chaud or à froid) and can still be asked by hand from Enquêtes. Posted
 * to the Enquêtes screen's action (settings:write).
 */
export function SurveyAutomaticForm({ settings, canEdit }: { settings: SurveyAutomatic; canEdit: boolean }) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  return (
    <fetcher.Form
      id={FORM}
      method="post"
      action="/admin/enquetes"
      noValidate
      className="mt-6"
      aria-label="Envoi automatique des questionnaires"
    >
      <input type="hidden" name="intent" value="automatic" />
      <fieldset disabled={!canEdit} className="m-0 min-w-0 space-y-2 border-0 p-0">
        <legend className="mb-2 text-sm font-medium">Envoi automatique des questionnaires</legend>
        <p className="text-sm text-muted-foreground">{HINT}</p>
        <div className="grid gap-2 sm:grid-cols-2">
          {SURVEY_AUDIENCES.map((audience) => (
            <CheckboxField
              key={audience}
              form={FORM}
              name={AUTOMATIC_FIELDS[audience]}
              defaultChecked={settings[AUTOMATIC_FIELDS[audience]]}
              errors={errors}
            >
              {SURVEY_AUDIENCE_LABELS[audience]}
            </CheckboxField>
          ))}
        </div>
      </fieldset>
      <div className="mt-4">
        {canEdit ? (
          <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
            Enregistrer les envois automatiques
          </Button>
        ) : (
          <DeniedControl reason={ADMIN_ONLY} className={buttonClass("outline")}>
            Enregistrer les envois automatiques
          </DeniedControl>
        )}
      </div>
    </fetcher.Form>
  );
}
