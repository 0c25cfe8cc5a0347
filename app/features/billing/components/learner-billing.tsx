import { FilePlus2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { Badge, type BadgeVariant } from "~/ui/badge";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { ErrorSummary } from "~/ui/console/error-summary";
import { TextField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { Dialog, DialogContent } from "~/ui/dialog";
import { Table, TBody, Td, THead, Th, Tr } from "~/ui/table";
import type { InvoiceRow } from "../console-invoice-rows.server";
import { invoiceHref, NEW_QUOTE, quoteHref } from "../console-paths";
import type { FundingShareView } from "../funding-plans.server";
import { stateLabel } from "../invoice-state";
import {
  INVOICE_KIND_LABELS,
  INVOICE_PURPOSE_LABELS,
  type InvoiceState,
  QUOTE_STATE_LABELS,
  type QuoteState,
} from "../vocabulary";

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

/** How a state's badge looks: what needs doing stands out, what is settled does not. */
export const STATE_BADGE: Record<InvoiceState, BadgeVariant> = {
  draft: "outline",
  issued: "secondary",
  partly_paid: "secondary",
  paid: "success",
  overdue: "destructive",
  cancelled: "outline",
};

/** A credit note's state reads in the masculine (Émis), an invoice's in the feminine (Émise). */
export const stateText = (row: Pick<InvoiceRow, "kind" | "state">) => stateLabel(row.kind, row.state);

/** What a row of invoices says it is: 'Facture de solde', 'Avoir sur F-2027-00012'. */
export const purposeText = (row: Pick<InvoiceRow, "kind" | "purpose" | "creditedNumber">) =>
  row.kind === "credit_note"
    ? `${INVOICE_KIND_LABELS.credit_note} sur ${row.creditedNumber ?? "une facture"}`
    : INVOICE_PURPOSE_LABELS[row.purpose];

/** Invoices and credit notes beside a record (a learner's, an invoice's credit notes), each linked to its page. */
export function InvoiceRowsTable({ rows, empty }: { rows: readonly InvoiceRow[]; empty: string }) {
  if (!rows.length) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <Table>
      <THead>
        <Tr>
          <Th>Numéro</Th>
          <Th>Objet</Th>
          <Th>Financeur</Th>
          <Th className="text-right">Montant TTC</Th>
          <Th>État</Th>
        </Tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.id} data-testid="invoice-row">
            <Td>
              <Link to={invoiceHref(row.id)} className={linkClass}>
                {row.number ?? "Brouillon"}
              </Link>
              {row.issuedOn ? (
                <p className="text-xs text-muted-foreground">le {formatDate(row.issuedOn)}</p>
              ) : null}
            </Td>
            <Td>{purposeText(row)}</Td>
            <Td>{row.payerName}</Td>
            <Td className="whitespace-nowrap text-right">{formatCents(row.grossCents)}</Td>
            <Td>
              <Badge variant={STATE_BADGE[row.state]}>{stateText(row)}</Badge>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

/** One button posting intent=draft for a payer's share: the draft opens once made. */
function DraftButton({
  learnerId,
  payerId,
  purpose,
  label,
}: {
  learnerId: string;
  payerId: string;
  purpose: "final" | "attended";
  label: string;
}) {
  const fetcher = useAdminFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="draft" />
      <input type="hidden" name="learnerId" value={learnerId} />
      <input type="hidden" name="payerId" value={payerId} />
      <input type="hidden" name="purpose" value={purpose} />
      <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
        {label}
      </Button>
    </fetcher.Form>
  );
}

/** 'Facture d'acompte': a percentage of the payer's share, or an amount. */
function DepositButton({ learnerId, share }: { learnerId: string; share: FundingShareView }) {
  const [open, setOpen] = useState(false);
  const fetcher = useAdminFetcher((result) => {
    if (result.ok) setOpen(false);
  });
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined;
  const form = `deposit-${share.payerId}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Facture d'acompte
      </Button>
      <DialogContent
        title={`Facture d'acompte à ${share.payerName}`}
        description={`Un pourcentage de sa part (${formatCents(share.amountCents)}) ou un montant HT.`}
      >
        <fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="draft" />
          <input type="hidden" name="learnerId" value={learnerId} />
          <input type="hidden" name="payerId" value={share.payerId} />
          <input type="hidden" name="purpose" value="deposit" />
          <ErrorSummary form={form} errors={errors} />
          <TextField
            form={form}
            name="depositPercent"
            label="Pourcentage de la part (%)"
            inputMode="decimal"
            defaultValue="30"
            errors={errors}
          />
          <TextField
            form={form}
            name="depositAmount"
            label="ou montant HT (€)"
            inputMode="decimal"
            hint="Laissez le pourcentage vide pour facturer un montant."
            errors={errors}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Annuler
            </Button>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              Créer le brouillon
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * For each saved share of the plan, the drafts it may give: a deposit, the final invoice (the share
 * less the deposits issued), the hours attended. Each opens the draft once made.
 */
export function ShareDrafts({
  learnerId,
  shares,
  canWrite,
}: {
  learnerId: string;
  shares: readonly FundingShareView[];
  canWrite: boolean;
}) {
  if (!shares.length) {
    return (
      <p className="text-sm text-muted-foreground">
        Enregistrez au moins un financeur dans le plan pour lui facturer sa part.
      </p>
    );
  }
  return (
    <ul className="grid gap-3">
      {shares.map((share) => (
        <li
          key={share.payerId}
          className="flex flex-col gap-2 rounded-md border border-border p-3 md:flex-row md:items-center md:justify-between"
          data-testid="share-drafts"
        >
          <div>
            <p className="font-medium">{share.payerName}</p>
            <p className="text-sm text-muted-foreground">
              {formatCents(share.amountCents)}
              {share.subrogation ? " · subrogation" : ""}
            </p>
          </div>
          {canWrite ? (
            <div className="flex flex-wrap gap-2">
              <DepositButton learnerId={learnerId} share={share} />
              <DraftButton
                learnerId={learnerId}
                payerId={share.payerId}
                purpose="final"
                label="Facture de solde"
              />
              <DraftButton
                learnerId={learnerId}
                payerId={share.payerId}
                purpose="attended"
                label="Facture au réalisé"
              />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export interface LearnerQuoteRow {
  id: string;
  number: string | null;
  title: string;
  state: QuoteState;
  netCents: number;
  validUntil: string;
}

/** The learner's quotes, newest first, and 'Nouveau devis'. */
export function LearnerQuotes({
  learnerId,
  quotes,
  canWrite,
}: {
  learnerId: string;
  quotes: readonly LearnerQuoteRow[];
  canWrite: boolean;
}) {
  return (
    <Card>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Devis</h2>
          {canWrite ? (
            <Link
              to={`${quoteHref(NEW_QUOTE)}?stagiaire=${learnerId}`}
              className={buttonClass("outline", "sm")}
            >
              <FilePlus2 aria-hidden="true" className="h-4 w-4" /> Nouveau devis
            </Link>
          ) : null}
        </div>
        {quotes.length ? (
          <Table>
            <THead>
              <Tr>
                <Th>Numéro</Th>
                <Th>Objet</Th>
                <Th className="text-right">Montant HT</Th>
                <Th>Validité</Th>
                <Th>État</Th>
              </Tr>
            </THead>
            <TBody>
              {quotes.map((q) => (
                <Tr key={q.id} data-testid="quote-row">
                  <Td>
                    <Link to={quoteHref(q.id)} className={linkClass}>
                      {q.number ?? "Brouillon"}
                    </Link>
                  </Td>
                  <Td>{q.title}</Td>
                  <Td className="whitespace-nowrap text-right">{formatCents(q.netCents)}</Td>
                  <Td className="whitespace-nowrap">{formatDate(q.validUntil)}</Td>
                  <Td>
                    <Badge variant={q.state === "accepted" ? "success" : "secondary"}>
                      {QUOTE_STATE_LABELS[q.state]}
                    </Badge>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        ) : (
          <p className="text-sm text-muted-foreground">Aucun devis pour ce ou cette stagiaire.</p>
        )}
      </CardContent>
    </Card>
  );
}
