import { ADMIN_ONLY, DeniedControl } from "~/features/accounts";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { TextField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";

const FORM = "signatures";

/** Paramètres' 'Signatures en ligne' card: after how many days a signer who has not signed is reminded, once. */
export function SignatureSettingsCard({ reminderDays, canEdit }: { reminderDays: number; canEdit: boolean }) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="settings-signatures" className="text-lg">
          Signatures en ligne
        </CardTitle>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" noValidate aria-labelledby="settings-signatures">
          <input type="hidden" name="intent" value="signatures" />
          <fieldset disabled={!canEdit} className="m-0 grid min-w-0 gap-4 border-0 p-0">
            <legend className="mb-3 text-sm text-muted-foreground">
              Un signataire qui n'a pas signé une convention ou un contrat reçoit une seule relance par
              e-mail.
            </legend>
            <TextField
              form={FORM}
              name="reminderDays"
              label="Relance après (jours)"
              hint="Entre 1 et 60 jours après la demande de signature"
              type="number"
              inputMode="numeric"
              min={1}
              max={60}
              errors={errors}
              defaultValue={String(reminderDays)}
            />
          </fieldset>
          <div className="mt-4">
            {canEdit ? (
              <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
                Enregistrer les signatures
              </Button>
            ) : (
              <DeniedControl reason={ADMIN_ONLY} className={buttonClass("outline")}>
                Enregistrer les signatures
              </DeniedControl>
            )}
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
