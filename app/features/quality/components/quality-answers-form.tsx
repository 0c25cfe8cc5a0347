import { CERTIFYING_CHOICES } from "~/features/quality/answers";
import type { QualityBoard } from "~/features/quality/board.server";
import { ConsoleFields } from "~/ui/console/form-fields";
import { IntentForm, useIntentPost } from "~/ui/console/intent-form";
import { CheckboxField } from "~/ui/field";

const F = "qualiopi";

/**
 * What the centre answers for the indicators its records cannot scope (certification, alternance,
 * subcontracting) and the two thresholds the board and the improvement register read.
 */
export function QualityAnswersForm({ board, disabled }: { board: QualityBoard; disabled: boolean }) {
  const post = useIntentPost();
  const { settings } = board;
  const certifying = settings.certifying === null ? "derive" : settings.certifying ? "yes" : "no";
  return (
    <IntentForm
      post={post}
      intent="answers"
      label="Réponses Qualiopi du centre"
      submit={{ label: "Enregistrer les réponses", busyLabel: "Enregistrement...", disabled }}
    >
      <p className="text-sm text-muted-foreground">
        {board.apprenticeship
          ? "Centre de formation d'apprentis (catégorie cochée dans Paramètres)\u00a0: les indicateurs de l'apprentissage s'appliquent."
          : "Pas d'apprentissage dans les catégories Qualiopi de Paramètres\u00a0: les indicateurs 14, 15, 20 et 29 ne s'appliquent pas."}
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <ConsoleFields
          form={F}
          errors={post.errors}
          values={{
            certifying,
            satisfactionThreshold: String(settings.satisfactionThreshold),
            complaintDelayDays: String(settings.complaintDelayDays),
          }}
          fields={[
            {
              as: "select",
              name: "certifying",
              label: "Formations certifiantes",
              hint: board.catalogueCertifying
                ? "Le catalogue en compte au moins une"
                : "Le catalogue n'en compte aucune",
              options: Object.entries(CERTIFYING_CHOICES).map(([value, label]) => ({ value, label })),
            },
            {
              name: "satisfactionThreshold",
              label: "Seuil d'alerte de satisfaction (%)",
              inputMode: "numeric",
              hint: "Sous ce taux, une action d'amélioration est proposée",
            },
            {
              name: "complaintDelayDays",
              label: "Délai de réponse aux réclamations (jours)",
              inputMode: "numeric",
            },
          ]}
        />
      </div>
      <CheckboxField form={F} name="alternance" defaultChecked={settings.alternance} errors={post.errors}>
        Alternance ou périodes de formation en situation de travail (indicateurs 13 et 28)
      </CheckboxField>
      <CheckboxField
        form={F}
        name="subcontracting"
        defaultChecked={settings.subcontracting}
        errors={post.errors}
      >
        Sous-traitance ou portage salarial (indicateur 27)
      </CheckboxField>
    </IntentForm>
  );
}
