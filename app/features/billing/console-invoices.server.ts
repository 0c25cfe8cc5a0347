/**
 * An invoice's or a credit note's page (/admin/factures/:id). A draft is edited (payer, lines,
 * period, note, engagement number), deleted or issued; an issued one is read only, corrected by a
 * credit note. Reading needs invoices:read, editing invoices:write, issuing and crediting
 * invoices:issue (administrators): the number drawn is final. An issued invoice's payments are
 * recorded, or removed when recorded by mistake, under payments:write.
 */
import { eq } from "drizzle-orm";
import {
  AdminInputError,
  attemptOnRecord,
  attemptParsed,
  consoleAction,
  intentOf,
  unknownIntent,
} from "~/platform/console/action.server";
import { NO_PAGE, type Page } from "~/platform/console/paging.server";
import type { Db } from "~/platform/db/client.server";
import { sanitizeFileName } from "~/platform/file-name";
import { textFields } from "~/platform/form-data";
import { deleteDraftAndLeave, openCreated, payerChoices } from "./console-common.server";
import { creditNoteRows } from "./console-invoice-rows.server";
import { fundingHref, INVOICES_HREF, invoiceHref } from "./console-paths";
import { createCreditNote } from "./credit-notes.server";
import { deleteDraft, INVOICE_GONE, readInvoice, updateDraft } from "./drafts.server";
import { DRAFT_NUMBER, invoiceDocument } from "./invoice-document.server";
import { invoicePdf } from "./invoice-pdf.server";
import { creditNoteSchema, draftUpdateSchema } from "./invoice-schema";
import { type InvoiceListPage, type InvoiceListRow, invoiceStanding } from "./invoice-state.server";
import { creditableNet, issueInvoice } from "./issue.server";
import { paymentSchema } from "./payment-schema";
import { recordPayment, removePayment } from "./payments.server";
import { invoices } from "./schema.server";
import { INVOICE_STATES } from "./vocabulary";

/** The Factures list when it could not be read: no row, every counter at 0. */
export const NO_INVOICES: InvoiceListPage = {
  list: NO_PAGE as Page<InvoiceListRow>,
  counts: Object.fromEntries(INVOICE_STATES.map((s) => [s, 0])) as InvoiceListPage["counts"],
};

/** Everything an invoice's page shows, or null when there is no such invoice. */
export async function invoicePage(db: Db, id: string) {
  const read = await readInvoice(db, id);
  if (!read) return null;
  const { invoice, lines } = read;
  const issued = invoice.number !== null;
  const [standing, payers, creditNotes, credited, creditableCents] = await Promise.all([
    invoiceStanding(db, id),
    issued ? Promise.resolve([]) : payerChoices(db),
    invoice.kind === "invoice" ? creditNoteRows(db, id) : Promise.resolve([]),
    invoice.creditedInvoiceId
      ? db
          .select({ id: invoices.id, number: invoices.number })
          .from(invoices)
          .where(eq(invoices.id, invoice.creditedInvoiceId))
          .then(([row]) => row ?? null)
      : Promise.resolve(null),
    issued && invoice.kind === "invoice" ? creditableNet(db, invoice) : Promise.resolve(0),
  ]);
  const figures = standing?.invoice;
  return {
    invoice,
    lines,
    payers,
    creditNotes,
    credited,
    creditableCents,
    state: figures?.state ?? (issued ? "issued" : "draft"),
    paidCents: figures?.paidCents ?? 0,
    leftCents: figures?.leftCents ?? 0,
    payments: standing?.payments ?? [],
    reminders: standing?.reminders ?? [],
    fundingHref: invoice.learnerId ? fundingHref(invoice.learnerId) : null,
  };
}

export type InvoicePage = NonNullable<Awaited<ReturnType<typeof invoicePage>>>;

/**
 * The invoice's Factur-X PDF and the name it is saved under: its number ('F-2027-00042.pdf'), or for
 * a draft's preview 'Brouillon-<réf>.pdf' (a draft prints 'BROUILLON' where the number goes). Null
 * when there is no such invoice.
 */
export async function invoicePdfFile(db: Db, id: string) {
  const doc = await invoiceDocument(db, id);
  if (!doc) return null;
  const draft = doc.number === DRAFT_NUMBER;
  const stem = draft ? `Brouillon-${id.slice(0, 8)}` : doc.number;
  return { bytes: await invoicePdf(doc), fileName: sanitizeFileName(stem, "pdf", "facture"), draft };
}

const UNKNOWN = "Facture inconnue.";

/**
 * The page's action: `update` and `delete` of a draft (invoices:write), `issue` of a draft and
 * `credit-note` of an issued invoice (invoices:issue), `payment` and `remove-payment` of an issued
 * invoice (payments:write). An issued invoice is never changed nor
 * deleted: the ledger refuses in French before the database's trigger would.
 */
export const invoiceAction = consoleAction(
  {
    update: "invoices:write",
    delete: "invoices:write",
    issue: "invoices:issue",
    "credit-note": "invoices:issue",
    payment: "payments:write",
    "remove-payment": "payments:write",
  },
  async (app, actor, form) => {
    const intent = intentOf(form);
    const fields = textFields(form);
    if (intent === "update") {
      return attemptParsed(
        app,
        intent,
        draftUpdateSchema.safeParse(fields),
        "Brouillon non enregistré",
        "Brouillon enregistré",
        (input) => updateDraft(app.db, input.id, input.changes, actor),
      );
    }
    if (intent === "delete") {
      return deleteDraftAndLeave(
        app,
        fields.id,
        { error: "Brouillon non supprimé", done: "Brouillon supprimé", unknown: UNKNOWN },
        INVOICES_HREF,
        async (id) => {
          const [row] = await app.db
            .select({ learnerId: invoices.learnerId })
            .from(invoices)
            .where(eq(invoices.id, id));
          if (!row) throw new AdminInputError(INVOICE_GONE);
          await deleteDraft(app.db, id, actor);
          return row.learnerId;
        },
      );
    }
    if (intent === "issue") {
      return attemptOnRecord(
        app,
        intent,
        fields.id,
        { error: "Facture non émise", done: "Facture émise", unknown: UNKNOWN },
        async (id) => {
          const issued = await issueInvoice(app.db, id, actor);
          return issued.kind === "credit_note"
            ? `Avoir émis sous le numéro ${issued.number}`
            : `Facture émise sous le numéro ${issued.number}`;
        },
      );
    }
    if (intent === "credit-note") {
      let created: string | null = null;
      const result = await attemptParsed(
        app,
        intent,
        creditNoteSchema.safeParse(fields),
        "Avoir non créé",
        "Brouillon d'avoir créé",
        async (input) => {
          created = (await createCreditNote(app.db, input.invoiceId, input.request, actor)).id;
        },
      );
      return openCreated(app, result, created, invoiceHref);
    }
    if (intent === "payment") {
      return attemptParsed(
        app,
        intent,
        paymentSchema.safeParse(fields),
        "Règlement non enregistré",
        "Règlement enregistré",
        (input) => recordPayment(app.db, actor, input),
      );
    }
    if (intent === "remove-payment") {
      return attemptOnRecord(
        app,
        intent,
        fields.id,
        { error: "Règlement non retiré", done: "Règlement retiré", unknown: "Règlement inconnu." },
        (id) => removePayment(app.db, actor, id),
      );
    }
    return unknownIntent(intent);
  },
);
