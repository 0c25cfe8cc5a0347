import { ADMIN_ONLY, DeniedControl } from "~/features/accounts";
import { INSERTION_MONTHS } from "~/features/catalogue";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { TextField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import {
  COLD_DELAY_MAX_MONTHS,
  COLD_DELAY_MIN_MONTHS,
  SURVEY_SETTINGS_DEFAULTS,
  type SurveyDelays,
  type SurveySettings,
} from "../delays";
import { SurveyAutomaticForm } from "./automatic-form";

/**
 * Paramètres' 'Enquêtes de satisfaction' card: when the à-froid survey leaves, when the reminder
 * does, how long a link works; then which audiences the automatic waves write to. Posted to the
 * Enquêtes screen's action (settings:write).
 */
export function SurveyDelaysCard({ delays, canEdit }: { delays: SurveySettings; canEdit: boolean }) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  const field = (name: keyof SurveyDelays, label: string, hint: string, min: number, max: number) => (
    <TextField
      form="survey-delays"
      name={name}
      label={label}
      hint={hint}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      required
      errors={errors}
      defaultValue={String(delays[name])}
    />
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle id="settings-enquetes" className="text-lg">
          Enquêtes de satisfaction
        </CardTitle>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" action="/admin/enquetes" noValidate aria-labelledby="settings-enquetes">
          <input type="hidden" name="intent" value="delays" />
          <fieldset disabled={!canEdit} className="m-0 grid min-w-0 gap-4 border-0 p-0 sm:grid-cols-3">
            <legend className="mb-3 text-sm text-muted-foreground sm:col-span-3">
              Le questionnaire à chaud part le dernier jour de chaque session. Ces délais règlent le reste.
            </legend>
            {field(
              "coldDelayMonths",
              "Enquête à froid (mois après la session)",
              // The insertion rate counts only the answers given that long after (surveys/figures.server.ts).
              `${SURVEY_SETTINGS_DEFAULTS.coldDelayMonths} mois par défaut, ${COLD_DELAY_MIN_MONTHS} au moins. Le taux d'insertion à ${INSERTION_MONTHS} mois ne compte que les réponses données au moins ${INSERTION_MONTHS} mois après la fin de la session`,
              COLD_DELAY_MIN_MONTHS,
              COLD_DELAY_MAX_MONTHS,
            )}
            {field(
              "reminderDelayDays",
              "Rappel (jours après l'envoi)",
              "7 jours par défaut, un seul rappel",
              1,
              60,
            )}
            {field(
              "openDays",
              "Durée d'ouverture (jours)",
              "Après, le lien ne permet plus de répondre",
              7,
              365,
            )}
          </fieldset>
          <div className="mt-4">
            {canEdit ? (
              <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
                Enregistrer les délais
              </Button>
            ) : (
              <DeniedControl reason={ADMIN_ONLY} className={buttonClass("outline")}>
                Enregistrer les délais
              </DeniedControl>
            )}
          </div>
        </fetcher.Form>
        <SurveyAutomaticForm settings={delays} canEdit={canEdit} />
      </CardContent>
    </Card>
  );
}
