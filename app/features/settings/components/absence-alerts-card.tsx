import { ADMIN_ONLY, DeniedControl } from "~/features/accounts";
import { ABSENCE_ALERT_BOUNDS } from "~/features/settings/settings-schema";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { TextField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";

const FORM = "absence-alerts";

/**
 * Paramètres' 'Suivi des absences' card: after how many absences in a row, and from what share of the
 * planned hours missed, staff are alerted about a learner (dashboard and e-mail, once per threshold).
 */
export function AbsenceAlertsCard({
  thresholds,
  canEdit,
}: {
  thresholds: { absenceAlertSlots: number; absenceAlertPercent: number };
  canEdit: boolean;
}) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  const { slots, percent } = ABSENCE_ALERT_BOUNDS;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="settings-absences" className="text-lg">
          Suivi des absences
        </CardTitle>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" noValidate aria-labelledby="settings-absences">
          <input type="hidden" name="intent" value="absence-alerts" />
          <fieldset disabled={!canEdit} className="m-0 grid min-w-0 gap-4 border-0 p-0">
            <legend className="mb-3 text-sm text-muted-foreground">
              Quand un·e stagiaire atteint un de ces seuils, l'équipe est alertée une fois par seuil (tableau
              de bord et e-mail au destinataire des nouvelles demandes) et note le suivi sur sa fiche. Un
              retard ne compte pas comme une absence. 0&nbsp;: pas d'alerte.
            </legend>
            <TextField
              form={FORM}
              name="absenceAlertSlots"
              label="Absences consécutives avant alerte"
              hint={`En créneaux\u00a0; ${slots.suggested} conseillés, entre 0 et ${slots.max}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={slots.max}
              errors={errors}
              defaultValue={String(thresholds.absenceAlertSlots)}
            />
            <TextField
              form={FORM}
              name="absenceAlertPercent"
              label="Part des heures manquées avant alerte (%)"
              hint={`Des heures prévues au planning de la session\u00a0; ${percent.suggested}\u00a0% conseillés, entre 0 et ${percent.max}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={percent.max}
              errors={errors}
              defaultValue={String(thresholds.absenceAlertPercent)}
            />
          </fieldset>
          <div className="mt-4">
            {canEdit ? (
              <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
                Enregistrer le suivi des absences
              </Button>
            ) : (
              <DeniedControl reason={ADMIN_ONLY} className={buttonClass("outline")}>
                Enregistrer le suivi des absences
              </DeniedControl>
            )}
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
