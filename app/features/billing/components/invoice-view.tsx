import { Download, Undo2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { ADMIN_ONLY, DeniedControl, useCan } from "~/features/accounts";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { ErrorSummary } from "~/ui/console/error-summary";
import { TextAreaField, TextField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { Dialog, DialogContent } from "~/ui/dialog";
import { Table, TBody, Td, THead, Th, Tr } from "~/ui/table";
import type { InvoicePage } from "../console-invoices.server";
import { centsField, quantityText } from "../form-values";
import { InvoiceRowsTable } from "./learner-billing";

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-wrap break-words">{children}</dd>
    </div>
  );
}

const vatRateText = (basisPoints: number) =>
  `${(basisPoints / 100).toLocaleString("fr-FR", { maximumFractionDigits: 2 })}\u00a0%`;

/** Who is billed, for what, when: the invoice's facts as it prints them (frozen once issued). */
export function InvoiceFacts({ page }: { page: InvoicePage }) {
  const { invoice, fundingHref } = page;
  const buyer = invoice.buyer;
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <Item label="Financeur">
        {buyer.name}
        {"\n"}
        {buyer.street}, {buyer.postalCode} {buyer.city}
        {buyer.siren ? `\nSIREN ${buyer.siren}` : ""}
      </Item>
      {invoice.learnerName || invoice.formationTitle ? (
        <Item label="Formation">
          {[invoice.formationTitle, invoice.learnerName].filter(Boolean).join(" — ")}
          {fundingHref ? (
            <>
              {"\n"}
              <Link to={fundingHref} className="text-primary underline underline-offset-4">
                Financement du ou de la stagiaire
              </Link>
            </>
          ) : null}
        </Item>
      ) : null}
      <Item label="Période facturée">
        du {formatDate(invoice.serviceStart)} au {formatDate(invoice.serviceEnd)}
      </Item>
      {invoice.issuedOn ? <Item label="Date d'émission">{formatDate(invoice.issuedOn)}</Item> : null}
      {invoice.dueOn && invoice.kind === "invoice" ? (
        <Item label="Échéance">{formatDate(invoice.dueOn)}</Item>
      ) : null}
      {invoice.engagementNumber ? <Item label="Numéro d'engagement">{invoice.engagementNumber}</Item> : null}
      {invoice.note ? <Item label="Note">{invoice.note}</Item> : null}
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
      <dl className="ml-auto grid max-w-xs grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="invoice-totals">
        <dt>Total HT</dt>
        <dd className="text-right">{formatCents(invoice.netCents)}</dd>
        <dt>TVA ({vatRateText(invoice.vatRateBasisPoints)})</dt>
        <dd className="text-right">{formatCents(invoice.vatCents)}</dd>
        <dt className="font-semibold">Total TTC</dt>
        <dd className="text-right font-semibold">{formatCents(invoice.grossCents)}</dd>
      </dl>
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

/**
 * An issued invoice or credit note, read only: its facts, its lines, its PDF, and for an invoice
 * 'Créer un avoir' (administrators: a credit note is numbered in the same sequence) and the credit
 * notes that already correct it. Never 'Supprimer': an issued invoice stays, a credit note corrects it.
 */
export function InvoiceView({
  page,
  pdfHref,
  children,
}: {
  page: InvoicePage;
  pdfHref: string | null;
  /** What other work adds under the invoice (its payments). */
  children?: ReactNode;
}) {
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
      {children}
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
