import { useState } from "react";
import { type FieldsContext, FormDialog } from "~/ui/console/form-dialog";
import { ConsoleFields, rowValues } from "~/ui/console/form-fields";
import { LEARNER_FIELD_LABELS } from "../learner-entity";
import type { LearnerRow } from "../learner-list.server";
import {
  CERTIFICATION_OUTCOME_LABELS,
  CERTIFICATION_OUTCOMES,
  LEARNER_CATEGORY_LABELS,
  LEARNER_FUNDING_LABELS,
  LEARNER_FUNDINGS,
  LEARNER_STATUS_LABELS,
  LEARNER_STATUSES,
  type LearnerStatus,
  TRAINEE_CATEGORIES,
} from "../vocabulary";

/** What the choice of funding means for the documents, under the select. */
const FUNDING_HINTS: Record<"payer" | "personal" | "cpf", string> = {
  payer: "Une convention de formation est établie avec l'entreprise ou le financeur",
  personal: "Un contrat de formation professionnelle est établi avec le ou la stagiaire",
  cpf: "Ni convention ni contrat : la formation est achetée sur Mon Compte Formation, selon ses conditions générales. Le certificat de réalisation s'envoie en fin de formation.",
};

/**
 * Who pays: the learner personally (a contrat de formation, which prints their address), Mon Compte
 * Formation (no agreement: the file's number only), or a company or funder (a convention, whose
 * party is named here). Blank until staff know.
 */
function FundingFields({ common, funding }: { common: FieldsContext; funding: string }) {
  const [source, setSource] = useState(funding);
  const payer = source !== "" && source !== "personal" && source !== "cpf";
  const hint = payer
    ? FUNDING_HINTS.payer
    : source === "personal" || source === "cpf"
      ? FUNDING_HINTS[source]
      : undefined;
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium">Financement</legend>
      <ConsoleFields
        {...common}
        fields={[
          {
            as: "select",
            name: "fundingSource",
            label: LEARNER_FIELD_LABELS.fundingSource,
            value: source,
            onChange: (e) => setSource(e.target.value),
            hint,
            options: [
              { value: "", label: "Pas encore connu" },
              ...LEARNER_FUNDINGS.map((f) => ({ value: f, label: LEARNER_FUNDING_LABELS[f] })),
            ],
          },
          ...(source === "cpf"
            ? [
                {
                  name: "cpfFileNumber",
                  label: LEARNER_FIELD_LABELS.cpfFileNumber,
                  inputMode: "numeric" as const,
                  autoComplete: "off",
                  hint: "Le numéro du dossier d'achat sur Mon Compte Formation ; il figure sur le certificat de réalisation.",
                },
              ]
            : []),
          ...(payer
            ? [
                { name: "payerName", label: LEARNER_FIELD_LABELS.payerName, required: true },
                { name: "payerAddress", label: LEARNER_FIELD_LABELS.payerAddress, required: true },
                { name: "payerSiret", label: LEARNER_FIELD_LABELS.payerSiret, inputMode: "numeric" as const },
                {
                  name: "payerContactName",
                  label: LEARNER_FIELD_LABELS.payerContactName,
                  autoComplete: "off",
                },
                {
                  name: "payerContactEmail",
                  label: LEARNER_FIELD_LABELS.payerContactEmail,
                  type: "email",
                  autoComplete: "off",
                },
              ]
            : []),
          {
            name: "address",
            label: LEARNER_FIELD_LABELS.address,
            required: source === "personal",
            autoComplete: "off",
            hint: source === "personal" ? "Elle figure sur le contrat de formation." : undefined,
          },
        ]}
      />
    </fieldset>
  );
}

const F = "stagiaire";

/**
 * 'Ajouter un·e stagiaire' (a session, the person) and 'Modifier le ou la stagiaire' (the person,
 * the status with an abandon's date, and the certification's outcome where the formation leads to one).
 */
export function LearnerDialog({
  learner,
  sessions,
  sessionId,
  onDone,
}: {
  learner: LearnerRow | null;
  sessions: { id: string; label: string }[];
  /** The session the list is filtered on: a new learner joins it unless staff pick another. */
  sessionId: string | null;
  onDone: () => void;
}) {
  const l = learner;
  const [status, setStatus] = useState<LearnerStatus>(l?.status ?? "enrolled");
  const values = rowValues(l, { sessionId: sessionId ?? "" });
  return (
    <FormDialog
      form={F}
      values={values}
      id={l?.id ?? null}
      title={l ? "Modifier le ou la stagiaire" : "Ajouter un·e stagiaire"}
      description="Le prénom, le nom et l'e-mail sont obligatoires."
      className="max-w-2xl"
      onDone={onDone}
    >
      {(common) => (
        <>
          {l ? null : (
            <ConsoleFields
              {...common}
              fields={[
                {
                  as: "select",
                  name: "sessionId",
                  label: LEARNER_FIELD_LABELS.sessionId,
                  required: true,
                  options: [
                    { value: "", label: "Choisissez une session" },
                    ...sessions.map((s) => ({ value: s.id, label: s.label })),
                  ],
                },
              ]}
            />
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <ConsoleFields
              {...common}
              fields={[
                {
                  name: "firstName",
                  label: LEARNER_FIELD_LABELS.firstName,
                  required: true,
                  autoComplete: "off",
                },
                {
                  name: "lastName",
                  label: LEARNER_FIELD_LABELS.lastName,
                  required: true,
                  autoComplete: "off",
                },
                {
                  name: "email",
                  label: LEARNER_FIELD_LABELS.email,
                  required: true,
                  type: "email",
                  autoComplete: "off",
                },
                { name: "company", label: LEARNER_FIELD_LABELS.company },
                {
                  as: "select",
                  name: "traineeCategory",
                  label: LEARNER_FIELD_LABELS.traineeCategory,
                  hint: "Pour le bilan pédagogique et financier.",
                  options: [
                    { value: "", label: "Non renseigné" },
                    ...TRAINEE_CATEGORIES.map((c) => ({ value: c, label: LEARNER_CATEGORY_LABELS[c] })),
                  ],
                },
              ]}
            />
          </div>
          <FundingFields common={common} funding={l?.fundingSource ?? ""} />
          {l ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <ConsoleFields
                {...common}
                fields={[
                  {
                    as: "select",
                    name: "status",
                    label: LEARNER_FIELD_LABELS.status,
                    value: status,
                    onChange: (e) => setStatus(e.target.value as LearnerStatus),
                    options: LEARNER_STATUSES.map((s) => ({ value: s, label: LEARNER_STATUS_LABELS[s] })),
                  },
                  ...(status === "dropped_out"
                    ? [
                        {
                          name: "abandonedOn",
                          label: LEARNER_FIELD_LABELS.abandonedOn,
                          type: "date",
                          required: true,
                        },
                      ]
                    : []),
                  ...(l.certifying
                    ? [
                        {
                          as: "select" as const,
                          name: "certification",
                          label: LEARNER_FIELD_LABELS.certification,
                          options: [
                            { value: "", label: "Pas encore présenté·e" },
                            ...CERTIFICATION_OUTCOMES.map((c) => ({
                              value: c,
                              label: CERTIFICATION_OUTCOME_LABELS[c],
                            })),
                          ],
                        },
                      ]
                    : []),
                ]}
              />
            </div>
          ) : null}
        </>
      )}
    </FormDialog>
  );
}
