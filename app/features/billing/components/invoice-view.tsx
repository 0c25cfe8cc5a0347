import { Banknote, Download, Undo2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ADMIN_ONLY, DeniedControl, useCan } from "~/features/accounts";
import { formatDate, parisToday } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { ErrorSummary } from "~/ui/console/error-summary";
import { SelectField, TextAreaField, TextField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { Dialog, DialogContent } from "~/ui/dialog";
import { Table, TBody, Td, THead, Th, Tr } from "~/ui/table";
import type { InvoicePage } from "../console-invoices.server";
import { centsField, quantityText } from "../form-values";
import { PAYMENT_MEANS, PAYMENT_MEANS_LABELS } from "../vocabulary";
import { ConfirmIntentButton } from "./confirm-intent";
import { InvoiceRowsTable } from "./learner-billing";
import { Fact, Totals } from "./record-facts";

/** Who is billed, for what, when: the invoice's facts as it prints them (frozen once issued). */
export function InvoiceFacts({ page }: { page: InvoicePage }) {
  const { invoice, fundingHref } = page;
  const buyer = invoice.buyer;
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <Fact label="Financeur">
        {buyer.name}
        {"\n"}
        {buyer.street}, {buyer.postalCode} {buyer.city}
        {buyer.siren ? `\nSIREN ${buyer.siren}` : ""}
      </Fact>
      {invoice.learnerName || invoice.formationTitle ? (
        <Fact label="Formation">
          {[invoice.formationTitle, invoice.learnerName].filter(Boolean).join(" — ")}
          {fundingHref ? (
            <>
              {"\n"}
              <Link to={fundingHref} className="text-primary underline underline-offset-4">
                Financement du ou de la stagiaire
              </Link>
            </>
          ) : null}
        </Fact>
      ) : null}
      <Fact label="Période facturée">
        du {formatDate(invoice.serviceStart)} au {formatDate(invoice.serviceEnd)}
      </Fact>
      {invoice.issuedOn ? <Fact label="Date d'émission">{formatDate(invoice.issuedOn)}</Fact> : null}
      {invoice.dueOn && invoice.kind === "invoice" ? (
        <Fact label="Échéance">{formatDate(invoice.dueOn)}</Fact>
      ) : null}
      {invoice.engagementNumber ? <Fact label="Numéro d'engagement">{invoice.engagementNumber}</Fact> : null}
      {invoice.note ? <Fact label="Note">{invoice.note}</Fact> : null}
    </dl>
  );
}

/** The lines and the totals, read only. */
export function InvoiceLinesTable({ page }: { page: InvoicePage }) {
  const { invoice, lines } = page;
  return (
    <>
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
          {lines.map((line) => (
            <Tr key={line.id}>
              <Td>
                <p>{line.label}</p>
                {line.description ? (
                  <p className="text-xs text-muted-foreground">{line.description}</p>
                ) : null}
              </Td>
              <Td className="whitespace-nowrap text-right">
                {quantityText(line.quantityHundredths, line.unitCode)}
              </Td>
              <Td className="whitespace-nowrap text-right">{formatCents(line.unitPriceCents)}</Td>
              <Td className="whitespace-nowrap text-right">{formatCents(line.netCents)}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      <Totals figures={invoice} testId="invoice-totals" />
    </>
  );
}

const FORM = "credit-note";

/** 'Créer un avoir': the whole of what is left to credit, or a part of it (an amount excluding VAT). */
function CreditNoteButton({ page }: { page: InvoicePage }) {
  const { invoice, creditableCents } = page;
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<"total" | "partial">(
    creditableCents < invoice.netCents ? "partial" : "total",
  );
  const fetcher = useAdminFetcher((result) => {
    if (result.ok) setOpen(false);
  });
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Undo2 aria-hidden="true" className="h-4 w-4" /> Créer un avoir
      </Button>
      <DialogContent
        title={`Avoir sur la facture ${invoice.number}`}
        description={`Reste à créditer\u00a0: ${formatCents(creditableCents)} HT. L'avoir est créé en brouillon\u00a0: vous le relisez, puis vous l'émettez.`}
      >
        <fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="credit-note" />
          <input type="hidden" name="invoiceId" value={invoice.id} />
          <ErrorSummary form={FORM} errors={errors} />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Montant de l'avoir</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="mode"
                value="total"
                checked={mode === "total"}
                disabled={creditableCents < invoice.netCents}
                onChange={() => setMode("total")}
                className="accent-primary"
              />
              Avoir total (toutes les lignes de la facture)
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="mode"
                value="partial"
                checked={mode === "partial"}
                onChange={() => setMode("partial")}
                className="accent-primary"
              />
              Avoir partiel
            </label>
          </fieldset>
          {mode === "partial" ? (
            <TextField
              form={FORM}
              name="amount"
              label="Montant de l'avoir HT (€)"
              required
              inputMode="decimal"
              defaultValue={centsField(creditableCents)}
              errors={errors}
            />
          ) : null}
          <TextAreaField
            form={FORM}
            name="note"
            label="Motif (imprimé sur l'avoir)"
            errors={errors}
            rows={2}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Annuler
            </Button>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              Créer le brouillon d'avoir
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

const PAYMENT_FORM = "payment";
const MEANS_OPTIONS = PAYMENT_MEANS.map((means) => ({ value: means, label: PAYMENT_MEANS_LABELS[means] }));

/** 'Enregistrer un règlement': the day it came, the amount (what is left, unless told), the means, a reference. */
function PaymentButton({ page }: { page: InvoicePage }) {
  const [open, setOpen] = useState(false);
  const fetcher = useAdminFetcher((result) => {
    if (result.ok) setOpen(false);
  });
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button onClick={() => setOpen(true)}>
        <Banknote aria-hidden="true" className="h-4 w-4" /> Enregistrer un règlement
      </Button>
      <DialogContent
        title={`Règlement de la facture ${page.invoice.number}`}
        description={`Reste à payer\u00a0: ${formatCents(page.leftCents)}.`}
      >
        <fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="payment" />
          <input type="hidden" name="invoiceId" value={page.invoice.id} />
          <ErrorSummary form={PAYMENT_FORM} errors={errors} />
          <TextField
            form={PAYMENT_FORM}
            name="receivedOn"
            label="Reçu le"
            type="date"
            required
            defaultValue={parisToday()}
            errors={errors}
          />
          <TextField
            form={PAYMENT_FORM}
            name="amount"
            label="Montant reçu (€)"
            required
            inputMode="decimal"
            defaultValue={centsField(page.leftCents)}
            errors={errors}
          />
          <SelectField
            form={PAYMENT_FORM}
            name="means"
            label="Moyen de règlement"
            required
            options={MEANS_OPTIONS}
            defaultValue="transfer"
            errors={errors}
          />
          <TextField
            form={PAYMENT_FORM}
            name="reference"
            label="Référence (virement, numéro de chèque)"
            maxLength={100}
            errors={errors}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Annuler
            </Button>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              Enregistrer le règlement
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/** What was paid, what is left, each payment (removable when recorded by mistake), the reminders sent. */
function PaymentsCard({ page }: { page: InvoicePage }) {
  const { payments, reminders } = page;
  const canPay = useCan("payments:write");
  const payable = page.leftCents > 0 && page.state !== "cancelled";
  return (
    <Card>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Règlements</h2>
          {payable ? (
            canPay ? (
              <PaymentButton page={page} />
            ) : (
              <DeniedControl reason={ADMIN_ONLY} className={buttonClass("default")}>
                <Banknote aria-hidden="true" className="h-4 w-4" /> Enregistrer un règlement
              </DeniedControl>
            )
          ) : null}
        </div>
        <p className="text-sm" data-testid="invoice-due">
          Réglé&nbsp;: {formatCents(page.paidCents)} · Reste à payer&nbsp;: {formatCents(page.leftCents)}
        </p>
        {payments.length ? (
          <Table>
            <THead>
              <Tr>
                <Th>Reçu le</Th>
                <Th className="text-right">Montant</Th>
                <Th>Moyen</Th>
                <Th>Référence</Th>
                {canPay ? <Th className="text-right">Actions</Th> : null}
              </Tr>
            </THead>
            <TBody>
              {payments.map((payment) => (
                <Tr key={payment.id} data-testid="payment-row">
                  <Td className="whitespace-nowrap">{formatDate(payment.receivedOn)}</Td>
                  <Td className="whitespace-nowrap text-right">{formatCents(payment.amountCents)}</Td>
                  <Td>{PAYMENT_MEANS_LABELS[payment.means]}</Td>
                  <Td>{payment.reference}</Td>
                  {canPay ? (
                    <Td className="text-right">
                      <ConfirmIntentButton
                        intent="remove-payment"
                        id={payment.id}
                        label="Retirer"
                        question={`Retirer le règlement de ${formatCents(payment.amountCents)} du ${formatDate(payment.receivedOn)}\u202f?`}
                        description={
                          "Pour un règlement enregistré par erreur (mauvaise facture, chèque impayé)\u00a0: la facture reprend l'état que ses autres règlements lui donnent."
                        }
                        confirmLabel="Retirer"
                        busyLabel="Retrait..."
                        variant="ghost"
                      />
                    </Td>
                  ) : null}
                </Tr>
              ))}
            </TBody>
          </Table>
        ) : (
          <p className="text-sm text-muted-foreground">Aucun règlement reçu.</p>
        )}
        {reminders.length ? (
          <p className="text-sm text-muted-foreground">
            Relances envoyées&nbsp;:{" "}
            {reminders.map((r) => `n°\u00a0${r.level} le ${formatDate(r.sentAt)}`).join(", ")}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * An issued invoice or credit note, read only: its facts, its lines, its PDF, and for an invoice
 * 'Créer un avoir' (administrators: a credit note is numbered in the same sequence) and the credit
 * notes that already correct it, its payments ('Enregistrer un règlement': administrators). Never
 * 'Supprimer': an issued invoice stays, a credit note corrects it.
 */
export function InvoiceView({ page, pdfHref }: { page: InvoicePage; pdfHref: string | null }) {
  const { invoice, creditNotes, creditableCents } = page;
  const canIssue = useCan("invoices:issue");
  const creditable = invoice.kind === "invoice" && creditableCents > 0;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap gap-2" data-testid="issued-actions">
        {pdfHref ? (
          <a href={pdfHref} className={buttonClass("outline")} download>
            <Download aria-hidden="true" className="h-4 w-4" /> Télécharger (PDF)
          </a>
        ) : null}
        {creditable ? (
          canIssue ? (
            <CreditNoteButton page={page} />
          ) : (
            <DeniedControl reason={ADMIN_ONLY} className={buttonClass("outline")}>
              <Undo2 aria-hidden="true" className="h-4 w-4" /> Créer un avoir
            </DeniedControl>
          )
        ) : null}
      </div>
      <Card>
        <CardContent className="space-y-6">
          <InvoiceFacts page={page} />
          <InvoiceLinesTable page={page} />
        </CardContent>
      </Card>
      {invoice.kind === "invoice" ? <PaymentsCard page={page} /> : null}
      {invoice.kind === "invoice" ? (
        <Card>
          <CardContent className="space-y-3">
            <h2 className="text-lg font-semibold">Avoirs</h2>
            <InvoiceRowsTable rows={creditNotes} empty="Aucun avoir sur cette facture." />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
