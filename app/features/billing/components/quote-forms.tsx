import { Check, Mail, Trash2, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { useCan } from "~/features/accounts";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { formatDateTime } from "~/platform/paris-time";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { ErrorSummary } from "~/ui/console/error-summary";
import { TextAreaField, TextField } from "~/ui/console/form-fields";
import { useIntentPost } from "~/ui/console/intent-form";
import { Table, TBody, Td, THead, Th, Tr } from "~/ui/table";
import type { PayerChoice } from "../console-common.server";
import { quantityText } from "../form-values";
import { QUOTE_ANSWERED_BY_CONTACT } from "../vocabulary";
import { ConfirmIntentButton } from "./confirm-intent";
import { LinesEditor, lineRow } from "./lines-editor";
import { PayerSelect } from "./payer-select";
import { Fact, Totals } from "./record-facts";

const FORM = "quote";

interface QuoteLine {
  label: string;
  quantityHundredths: number;
  unitCode: string;
  unitPriceCents: number;
}

/** The learner a quote is for, as the page names them (null: a company's group, no learner yet). */
export interface QuoteLearner {
  id: string;
  name: string | null;
  formationTitle: string;
  fundingHref: string;
}

function LearnerLine({ learner }: { learner: QuoteLearner }) {
  return (
    <p>
      {learner.name ?? "Stagiaire anonymisé·e"} – {learner.formationTitle} ·{" "}
      <Link to={learner.fundingHref} className="text-primary underline underline-offset-4">
        Financement
      </Link>
    </p>
  );
}

/**
 * A draft quote: the payer, the learner it is for (set when opened from the learner's Financement),
 * the title, the validity, the note and the lines; 'Enregistrer' posts intent=save (a new quote opens
 * its own page once made).
 */
export function QuoteEditor({
  id,
  draft,
  learner,
  payers,
}: {
  /** Null for a new quote. */
  id: string | null;
  draft: {
    payerId: string | null;
    title: string;
    validUntil: string;
    note?: string;
    lines: readonly QuoteLine[];
  };
  learner: QuoteLearner | null;
  payers: readonly PayerChoice[];
}) {
  const canWrite = useCan("invoices:write");
  const { fetcher, errors, busy } = useIntentPost();
  const [payerId, setPayerId] = useState(draft.payerId ?? "");
  return (
    <Card>
      <CardContent>
        <fetcher.Form
          method="post"
          className="space-y-6"
          aria-label={id ? "Brouillon de devis" : "Nouveau devis"}
        >
          <input type="hidden" name="intent" value="save" />
          {id ? <input type="hidden" name="id" value={id} /> : null}
          <input type="hidden" name="learnerId" value={learner?.id ?? ""} />
          <ErrorSummary form={FORM} errors={errors} />
          {learner ? (
            <div>
              <p className="text-sm font-medium">Stagiaire</p>
              <LearnerLine learner={learner} />
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              Devis sans stagiaire (un groupe d'entreprise, par exemple)&nbsp;: pour le devis d'un ou d'une
              stagiaire, ouvrez-le depuis son Financement.
            </p>
          )}
          <div className="grid gap-4 md:grid-cols-2">
            <PayerSelect
              form={FORM}
              name="payerId"
              label="Financeur"
              payers={payers}
              value={payerId}
              errors={errors}
              onChange={setPayerId}
            />
            <TextField
              form={FORM}
              name="validUntil"
              label="Valable jusqu'au"
              type="date"
              required
              errors={errors}
              defaultValue={draft.validUntil}
            />
          </div>
          <TextField
            form={FORM}
            name="title"
            label="Objet"
            required
            maxLength={300}
            errors={errors}
            defaultValue={draft.title}
          />
          <LinesEditor
            form={FORM}
            errors={errors}
            initial={draft.lines.map((line, i) => lineRow(line, i + 1))}
            withDescription={false}
            negative={false}
          />
          <TextAreaField
            form={FORM}
            name="note"
            label="Note"
            errors={errors}
            defaultValue={draft.note ?? ""}
            maxLength={2000}
            rows={3}
          />
          {canWrite ? (
            <Button type="submit" disabled={busy}>
              {busy ? "Enregistrement..." : "Enregistrer"}
            </Button>
          ) : null}
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

/** A saved draft's 'Envoyer' (it names who receives it) and 'Supprimer'. */
export function DraftQuoteActions({
  id,
  payerName,
  payerEmail,
}: {
  id: string;
  payerName: string;
  payerEmail: string;
}) {
  if (!useCan("invoices:write")) return null;
  return (
    <div className="flex flex-wrap gap-2" data-testid="quote-actions">
      <ConfirmIntentButton
        intent="send"
        id={id}
        label="Envoyer"
        question={`Envoyer le devis à ${payerName} (${payerEmail})\u202f?`}
        description="Il recevra son numéro et partira par e-mail avec le lien qui permet au financeur de l'accepter. Il ne pourra plus être modifié."
        confirmLabel="Envoyer"
        busyLabel="Envoi..."
        variant="default"
      >
        <Mail aria-hidden="true" className="h-4 w-4" />
      </ConfirmIntentButton>
      <ConfirmIntentButton
        intent="delete"
        id={id}
        label="Supprimer"
        question={"Supprimer ce brouillon de devis\u202f?"}
        confirmLabel="Supprimer"
        busyLabel="Suppression..."
      >
        <Trash2 aria-hidden="true" className="h-4 w-4 text-destructive" />
      </ConfirmIntentButton>
    </div>
  );
}

/**
 * A sent quote, read only: what was sent, to whom, when, and its answer; while it waits, staff may
 * record the payer's acceptance or refusal (received by post or by phone), under their own name.
 */
export function QuoteView({
  quote,
  lines,
  learner,
}: {
  quote: {
    id: string;
    state: "draft" | "sent" | "accepted" | "refused";
    title: string;
    payerName: string;
    validUntil: string;
    sentAt: Date | string | null;
    sentTo: string | null;
    answeredAt: Date | string | null;
    answeredBy: string | null;
    note: string;
    netCents: number;
    vatCents: number;
    grossCents: number;
    vatRateBasisPoints: number;
  };
  lines: readonly (QuoteLine & { netCents: number })[];
  learner: QuoteLearner | null;
}) {
  const canWrite = useCan("invoices:write");
  return (
    <div className="grid gap-6">
      {quote.state === "sent" && canWrite ? (
        <div className="flex flex-wrap gap-2" data-testid="quote-answer">
          <ConfirmIntentButton
            intent="accept"
            id={quote.id}
            label="Enregistrer l'acceptation"
            question={"Enregistrer l'acceptation du devis\u202f?"}
            description={`${quote.payerName} a accepté le devis. Si le devis est celui d'un ou d'une stagiaire, son plan de financement reçoit la part du financeur.`}
            confirmLabel="Enregistrer l'acceptation"
            busyLabel="Enregistrement..."
            variant="default"
          >
            <Check aria-hidden="true" className="h-4 w-4" />
          </ConfirmIntentButton>
          <ConfirmIntentButton
            intent="refuse"
            id={quote.id}
            label="Enregistrer le refus"
            question={"Enregistrer le refus du devis\u202f?"}
            description={`${quote.payerName} a refusé le devis.`}
            confirmLabel="Enregistrer le refus"
            busyLabel="Enregistrement..."
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </ConfirmIntentButton>
        </div>
      ) : null}
      <Card>
        <CardContent className="space-y-6">
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact label="Financeur">{quote.payerName}</Fact>
            {learner ? (
              <Fact label="Stagiaire">
                <LearnerLine learner={learner} />
              </Fact>
            ) : null}
            <Fact label="Objet">{quote.title}</Fact>
            <Fact label="Valable jusqu'au">{formatDate(quote.validUntil)}</Fact>
            {quote.sentAt ? (
              <Fact label="Envoyé">
                le {formatDateTime(quote.sentAt)}
                {quote.sentTo ? ` à ${quote.sentTo}` : ""}
              </Fact>
            ) : null}
            {quote.answeredAt ? (
              <Fact label={quote.state === "accepted" ? "Accepté" : "Refusé"}>
                le {formatDateTime(quote.answeredAt)}
                {quote.answeredBy === "link"
                  ? " par le financeur, en ligne"
                  : quote.answeredBy === QUOTE_ANSWERED_BY_CONTACT
                    ? " par le contact du financeur, dans son espace personnel"
                    : quote.answeredBy
                      ? `, enregistré par ${quote.answeredBy}`
                      : ""}
              </Fact>
            ) : null}
            {quote.note ? <Fact label="Note">{quote.note}</Fact> : null}
          </dl>
          <Table>
            <THead>
              <Tr>
                <Th>Libellé</Th>
                <Th className="text-right">Quantité</Th>
                <Th className="text-right">Prix unitaire HT</Th>
                <Th className="text-right">Montant HT</Th>
              </Tr>
            </THead>
            <TBody>
              {lines.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a sent quote's lines never move.
                <Tr key={i}>
                  <Td>{line.label}</Td>
                  <Td className="whitespace-nowrap text-right">
                    {quantityText(line.quantityHundredths, line.unitCode)}
                  </Td>
                  <Td className="whitespace-nowrap text-right">{formatCents(line.unitPriceCents)}</Td>
                  <Td className="whitespace-nowrap text-right">{formatCents(line.netCents)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          <Totals figures={quote} />
        </CardContent>
      </Card>
    </div>
  );
}
