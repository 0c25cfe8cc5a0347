import { useEffect, useState } from "react";
import { formatDateTime } from "~/platform/paris-time";
import { TextAreaField } from "~/ui/console/form-fields";
import { IntentForm, useIntentPost } from "~/ui/console/intent-form";
import { RecordItem } from "~/ui/console/record-item";
import type { LearnerPositioningPage } from "../console-positioning.server";
import { ADAPTATION_MAX } from "../console-schema";
import { answerText } from "../questions";

type Positioning = NonNullable<LearnerPositioningPage["positioning"]>;

/** Where the questionnaire stands: not sent, sent and waiting, answered (its answers, or erased). */
export function PositioningAnswers({ positioning }: { positioning: Positioning | null }) {
  if (!positioning?.sentAt && !positioning?.answeredAt) {
    return <p className="text-sm text-muted-foreground">Questionnaire pas encore envoyé.</p>;
  }
  if (!positioning.answeredAt) {
    return (
      <p className="text-sm" data-testid="positioning-state">
        Envoyé le {positioning.sentAt ? formatDateTime(positioning.sentAt) : "—"}
        {positioning.email ? ` à ${positioning.email}` : ""}, pas encore de réponse.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground" data-testid="positioning-state">
        Réponses reçues le {formatDateTime(positioning.answeredAt)}
      </p>
      {positioning.answers ? (
        <dl className="grid gap-4">
          {positioning.answers.map((a) => (
            <RecordItem key={a.key} label={a.question}>
              {answerText(a.answer)}
            </RecordItem>
          ))}
        </dl>
      ) : (
        <p className="text-sm">Réponses effacées avec les données personnelles du ou de la stagiaire.</p>
      )}
    </div>
  );
}

/** 'Envoyer le questionnaire' (or 'Renvoyer': a new link replaces the earlier one). */
export function SendPositioningForm({ learnerId, sent }: { learnerId: string; sent: boolean }) {
  const post = useIntentPost();
  return (
    <IntentForm
      post={post}
      intent="send-positioning"
      id={learnerId}
      label="Envoyer le questionnaire de positionnement"
      submit={{
        label: sent ? "Renvoyer le questionnaire" : "Envoyer le questionnaire",
        busyLabel: "Envoi...",
        variant: "outline",
      }}
    >
      <p className="text-sm text-muted-foreground">
        {sent
          ? "Un nouveau lien part par e-mail\u00a0; le précédent ne fonctionnera plus."
          : "Le lien part par e-mail, à l'adresse du ou de la stagiaire."}
      </p>
    </IntentForm>
  );
}

/** The decision, as recorded: what, when, by whom. */
export function AdaptationDecided({ positioning }: { positioning: Positioning | null }) {
  if (!positioning?.decidedAt)
    return <p className="text-sm text-muted-foreground">Aucune décision enregistrée.</p>;
  return (
    <dl className="grid gap-3" data-testid="adaptation-decided">
      <RecordItem label="Adaptation décidée">
        {positioning.noAdaptation ? "Aucune adaptation nécessaire" : positioning.adaptation}
      </RecordItem>
      <RecordItem label="Décidée">
        le {formatDateTime(positioning.decidedAt)}
        {positioning.decidedBy ? ` par ${positioning.decidedBy}` : ""}
      </RecordItem>
    </dl>
  );
}

/** 'Adaptation décidée': a text, or 'Aucune adaptation nécessaire'. */
export function AdaptationForm({
  learnerId,
  positioning,
  disabled,
}: {
  learnerId: string;
  positioning: Positioning | null;
  disabled: boolean;
}) {
  const [decision, setDecision] = useState<"none" | "adaptation">(
    positioning?.noAdaptation ? "none" : "adaptation",
  );
  const [text, setText] = useState(positioning?.adaptation ?? "");
  // A decision saved here or by a colleague becomes the starting point.
  useEffect(() => {
    setDecision(positioning?.noAdaptation ? "none" : "adaptation");
    setText(positioning?.adaptation ?? "");
  }, [positioning?.noAdaptation, positioning?.adaptation]);
  const post = useIntentPost();
  const choice = (value: "none" | "adaptation", label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="radio"
        name="decision"
        value={value}
        checked={decision === value}
        onChange={() => setDecision(value)}
        disabled={disabled}
        className="h-4 w-4 accent-primary"
      />
      {label}
    </label>
  );
  return (
    <IntentForm
      post={post}
      intent="adaptation"
      id={learnerId}
      label="Adaptation décidée"
      submit={{ label: "Enregistrer la décision", disabled }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Décision</legend>
        {choice("adaptation", "Une adaptation est décidée")}
        {choice("none", "Aucune adaptation nécessaire")}
      </fieldset>
      {decision === "adaptation" ? (
        <TextAreaField
          form="positioning-adaptation"
          name="adaptation"
          label="Adaptation décidée"
          hint="Ce que le centre met en place (rythme, supports, matériel, accompagnement, aménagement d'examen…)."
          errors={post.errors}
          maxLength={ADAPTATION_MAX}
          rows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
          disabled={disabled}
        />
      ) : null}
    </IntentForm>
  );
}
