import { ADMIN_ONLY, DeniedControl } from "~/features/accounts";
import type { InternalRules } from "~/features/settings/centre";
import { INTERNAL_RULES_MAX } from "~/features/settings/settings-schema";
import { formatDateTime } from "~/platform/paris-time";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { TextAreaField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { FORM } from "./settings-section";

/**
 * The règlement intérieur, in Markdown: e-mailed as its own PDF with every convocation. Its own form
 * and intent, so that saving the identity never rewrites it (nor its date, printed on the PDF).
 */
export function InternalRulesCard({ canEdit, rules }: { canEdit: boolean; rules: InternalRules }) {
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
