import { Send, Trash2 } from "lucide-react";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { ADMIN_ONLY, DeniedControl, useCan } from "~/features/accounts";
import type { AdminActionResult } from "~/platform/form-schema";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { ErrorSummary } from "~/ui/console/error-summary";
import { TextAreaField, TextField } from "~/ui/console/form-fields";
import { useIntentPost } from "~/ui/console/intent-form";
import type { InvoicePage } from "../console-invoices.server";
import { PUBLIC_PAYER_KINDS } from "../vocabulary";
import { ConfirmIntentButton, type NotYet } from "./confirm-intent";
import { LinesEditor, lineRow } from "./lines-editor";
import { PayerSelect } from "./payer-select";

const FORM = "invoice";

export const ISSUE_QUESTION = "Émettre la facture\u202f?";
export const ISSUE_WARNING =
  "Elle recevra son numéro définitif et ne pourra plus être modifiée ni supprimée.";

/** The form's fields as posted, in order: two readings differ when a field, a line or a row changed. */
function formState(form: HTMLFormElement | null): string {
  if (!form) return "";
  return [...new FormData(form).entries()].map(([name, value]) => `${name}=${String(value)}`).join("&");
}

/**
 * What the form holds that 'Enregistrer' has not stored: compared with its state when the page was
 * drawn, and with the state it posted once the server accepted it (the answer arrives before the
 * page's data is read again: the posted state is the one kept, whatever the fetcher does next).
 * Lines added or removed count, as typing does.
 */
function useUnsaved(form: RefObject<HTMLFormElement | null>, answer: AdminActionResult | undefined) {
  const stored = useRef<string | null>(null);
  const posted = useRef<string | null>(null);
  useEffect(() => {
    stored.current = formState(form.current);
  }, [form]);
  useEffect(() => {
    if (answer?.ok && posted.current !== null) stored.current = posted.current;
  }, [answer]);
  const unsaved = useCallback(
    () => stored.current !== null && formState(form.current) !== stored.current,
    [form],
  );
  const onSubmit = useCallback(() => {
    posted.current = formState(form.current);
  }, [form]);
  return { unsaved, onSubmit };
}

/**
 * A draft invoice or credit note: its payer (a credit note keeps its invoice's), the period billed,
 * the engagement number a public buyer asks for, the note printed under the lines, and the lines;
 * 'Enregistrer' posts intent=update. Deleting and issuing ask first; issuing is the
 * administrators' (its number is final).
 */
export function InvoiceEditor({ page, previewHref }: { page: InvoicePage; previewHref: string | null }) {
  const { invoice, lines, payers } = page;
  const canIssue = useCan("invoices:issue");
  const canWrite = useCan("invoices:write");
  const post = useIntentPost();
  const { fetcher, errors, busy } = post;
  const formRef = useRef<HTMLFormElement>(null);
  const { unsaved, onSubmit } = useUnsaved(formRef, fetcher.data);
  const [payerId, setPayerId] = useState(invoice.payerId);
  const chosen = payers.find((p) => p.id === payerId);
  const isCreditNote = invoice.kind === "credit_note";
  const publicBuyer = PUBLIC_PAYER_KINDS.includes(chosen?.kind ?? invoice.buyer.kind);
  const what = isCreditNote ? "l'avoir" : "la facture";
  // Issuing freezes what is stored, not what is on the screen: edits not saved are said first, and
  // the dialog's button saves them (the user then issues what they see, once it is stored).
  const notYet = (): NotYet | null =>
    unsaved()
      ? {
          title: "Modifications non enregistrées",
          description: `Enregistrez vos modifications avant d'émettre ${what}.`,
          confirmLabel: "Enregistrer",
          instead: () => formRef.current?.requestSubmit(),
        }
      : null;
  return (
    <div className="grid gap-6">
      <Card>
        <CardContent>
          <fetcher.Form
            ref={formRef}
            onSubmit={onSubmit}
            method="post"
            className="space-y-6"
            aria-label={`Brouillon de ${what}`}
          >
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={invoice.id} />
            <ErrorSummary form={FORM} errors={errors} />
            <div className="grid gap-4 md:grid-cols-2">
              {isCreditNote ? (
                <div>
                  <p className="text-sm font-medium">Financeur</p>
                  <p>{invoice.buyer.name}</p>
                  <p className="text-xs text-muted-foreground">
                    Un avoir va au financeur de la facture qu'il corrige.
                  </p>
                </div>
              ) : (
                <PayerSelect
                  form={FORM}
                  name="payerId"
                  label="Financeur"
                  payers={payers}
                  value={payerId}
                  errors={errors}
                  disabled={!canWrite}
                  onChange={setPayerId}
                />
              )}
              {publicBuyer || invoice.engagementNumber ? (
                <TextField
                  form={FORM}
                  name="engagementNumber"
                  label="Numéro d'engagement (acheteur public)"
                  hint="Le bon de commande que Chorus Pro demande, s'il y en a un."
                  errors={errors}
                  defaultValue={invoice.engagementNumber ?? ""}
                  maxLength={50}
                />
              ) : null}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                form={FORM}
                name="serviceStart"
                label="Début de la période facturée"
                type="date"
                required
                errors={errors}
                defaultValue={invoice.serviceStart}
              />
              <TextField
                form={FORM}
                name="serviceEnd"
                label="Fin de la période facturée"
                type="date"
                required
                errors={errors}
                defaultValue={invoice.serviceEnd}
              />
            </div>
            <LinesEditor
              form={FORM}
              errors={errors}
              initial={lines.map((line, i) => lineRow(line, i + 1))}
              withDescription
              negative={!isCreditNote}
            />
            <TextAreaField
              form={FORM}
              name="note"
              label="Note imprimée sous les lignes"
              errors={errors}
              defaultValue={invoice.note}
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
      <div className="flex flex-wrap gap-2" data-testid="draft-actions">
        {previewHref ? (
          <a href={previewHref} className={buttonClass("outline")} target="_blank" rel="noopener">
            Aperçu (PDF)
          </a>
        ) : null}
        {canIssue ? (
          <ConfirmIntentButton
            intent="issue"
            id={invoice.id}
            label="Émettre"
            question={isCreditNote ? "Émettre l'avoir\u202f?" : ISSUE_QUESTION}
            description={
              isCreditNote
                ? "Il recevra son numéro définitif et ne pourra plus être modifié ni supprimé."
                : ISSUE_WARNING
            }
            confirmLabel="Émettre"
            busyLabel="Émission..."
            variant="default"
            notYet={notYet}
          >
            <Send aria-hidden="true" className="h-4 w-4" />
          </ConfirmIntentButton>
        ) : (
          <DeniedControl reason={ADMIN_ONLY} className={buttonClass("default")}>
            <Send aria-hidden="true" className="h-4 w-4" /> Émettre
          </DeniedControl>
        )}
        {canWrite ? (
          <ConfirmIntentButton
            intent="delete"
            id={invoice.id}
            label="Supprimer"
            question={`Supprimer ce brouillon ${isCreditNote ? "d'avoir" : "de facture"}\u202f?`}
            description={
              "Il n'a pas de numéro\u00a0: le supprimer ne laisse aucun trou dans la numérotation."
            }
            confirmLabel="Supprimer"
            busyLabel="Suppression..."
          >
            <Trash2 aria-hidden="true" className="h-4 w-4 text-destructive" />
          </ConfirmIntentButton>
        ) : null}
      </div>
    </div>
  );
}
