import { ADMIN_ONLY, DeniedControl } from "~/features/accounts";
import { ATTENDANCE_LINK_MINUTES } from "~/features/settings/settings-schema";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { TextField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { CheckboxField } from "~/ui/field";

const FORM = "attendance-links";

/**
 * Paramètres' 'Émargement' card: whether the server e-mails each learner their personal signing link
 * by itself before each slot, and how long before. Off by default.
 */
export function AttendanceLinksCard({ minutes, canEdit }: { minutes: number | null; canEdit: boolean }) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  const { min, max, suggested } = ATTENDANCE_LINK_MINUTES;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="settings-emargement" className="text-lg">
          Émargement
        </CardTitle>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" noValidate aria-labelledby="settings-emargement">
          <input type="hidden" name="intent" value="attendance-links" />
          <fieldset disabled={!canEdit} className="m-0 grid min-w-0 gap-4 border-0 p-0">
            <legend className="mb-3 text-sm text-muted-foreground">
              Chaque stagiaire reçoit par e-mail son lien personnel de signature et son code d'émargement
              (pour le QR code affiché en salle), une fois par créneau.
            </legend>
            <CheckboxField form={FORM} name="automatic" errors={errors} defaultChecked={minutes !== null}>
              Envoyer les liens automatiquement avant chaque créneau
            </CheckboxField>
            <TextField
              form={FORM}
              name="minutes"
              label="Minutes avant le début du créneau"
              hint={`${suggested} minutes conseillées (la signature ouvre 15 minutes avant le début) ; entre ${min} et ${max}`}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              errors={errors}
              defaultValue={String(minutes ?? suggested)}
            />
          </fieldset>
          <div className="mt-4">
            {canEdit ? (
              <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
                Enregistrer l'émargement
              </Button>
            ) : (
              <DeniedControl reason={ADMIN_ONLY} className={buttonClass("outline")}>
                Enregistrer l'émargement
              </DeniedControl>
            )}
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
