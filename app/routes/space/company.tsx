import { Check, Download, FileSignature } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { ATTENDANCE_STATUS_LABELS } from "~/features/attendance";
import { INVOICE_KIND_LABELS, QUOTE_STATE_LABELS, stateLabel } from "~/features/billing";
import { formatDateRange, formatDay } from "~/features/catalogue";
import { LEARNER_STATUS_LABELS } from "~/features/learners";
import {
  companyDocumentHref,
  companyInvoiceHref,
  companyQuoteHref,
  DOCUMENT_TITLES,
} from "~/features/spaces";
import {
  acceptCompanyQuote,
  type CompanyEmployee,
  companySpace,
  type EmployeeSlot,
  payerOf,
} from "~/features/spaces/index.server";
import { hoursText, timeText } from "~/features/timetable";
import { AdminInputError } from "~/platform/console/action.server";
import { formatDate } from "~/platform/dates";
import { entityId } from "~/platform/form-schema";
import { readFormData } from "~/platform/http/body.server";
import { formatCents } from "~/platform/money";
import { pageTitle } from "~/platform/seo";
import { Badge } from "~/ui/badge";
import { Button, buttonClass } from "~/ui/button";
import type { Route } from "./+types/company";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageTitle(matches, loaderData?.name ?? "Mon entreprise"),
  { name: "robots", content: "noindex" },
];

const notFound = () => new Response("Page introuvable", { status: 404 });

/** The company's own page: the walls first (payerOf: a 404 for any other payer), then what it holds. */
export async function loader(args: Route.LoaderArgs) {
  const { user, membership } = await payerOf(args, args.params.payerId);
  const space = await companySpace(args.context.app.db, membership.payerId, user);
  if (!space) throw notFound();
  return space;
}

const QUOTE_ERROR = "Ce devis ne peut pas être accepté.";

/** 'Accepter' a quote: only this payer's, only while sent and valid (billing says why not, in French). */
export async function action(args: Route.ActionArgs) {
  const { user, membership } = await payerOf(args, args.params.payerId);
  const form = await readFormData(args.request);
  if (typeof form === "string" || form.get("intent") !== "accept-quote") {
    return data({ error: QUOTE_ERROR, accepted: null }, { status: 400 });
  }
  const quoteId = entityId.safeParse(form.get("quoteId"));
  if (!quoteId.success) throw notFound();
  try {
    const own = await acceptCompanyQuote(args.context.app.db, membership.payerId, user, quoteId.data);
    if (!own) throw notFound();
  } catch (error) {
    if (error instanceof AdminInputError)
      return data({ error: error.message, accepted: null }, { status: 409 });
    throw error;
  }
  return { error: null, accepted: quoteId.data };
}

/** '1 absence', '2 absences'. */
const counted = (n: number, one: string, many: string) => `${n}\u00a0${n > 1 ? many : one}`;

function slotStatus(slot: EmployeeSlot): string {
  if (!slot.status) return "Non renseigné";
  if (slot.status === "late") return `En retard (${slot.lateMinutes}\u00a0min)`;
  return ATTENDANCE_STATUS_LABELS[slot.status];
}

function EmployeeCard({ employee: e, payerId }: { employee: CompanyEmployee; payerId: string }) {
  const name = `${e.firstName} ${e.lastName}`.trim();
  const recorded = e.slots.filter((s) => s.status);
  return (
    <li className="space-y-2 rounded-xl border border-border p-4" data-testid="employee">
      <div>
        <p className="font-medium [overflow-wrap:anywhere]">{name}</p>
        <p className="text-sm [overflow-wrap:anywhere]">{e.formationTitle}</p>
        <p className="text-sm text-muted-foreground">
          {formatDateRange(e.startDate, e.endDate)} · {LEARNER_STATUS_LABELS[e.status]}
        </p>
      </div>
      <p className="text-sm" data-testid="employee-attendance">
        Présence{"\u00a0"}: {hoursText(e.attendedMinutes)} sur {hoursText(e.plannedMinutes)} prévues ·{" "}
        {counted(e.absences, "absence", "absences")} · {counted(e.lates, "retard", "retards")}
      </p>
      {recorded.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-primary">Détail des créneaux émargés</summary>
          <ul className="mt-2 divide-y divide-border rounded-lg border border-border">
            {recorded.map((slot) => (
              <li
                key={`${slot.day} ${slot.startMinute}`}
                className="flex flex-wrap justify-between gap-2 p-2"
              >
                <span>
                  {formatDay(slot.day)}, {timeText(slot.startMinute)} – {timeText(slot.endMinute)}
                </span>
                <span className="text-muted-foreground">{slotStatus(slot)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {e.documents.length ? (
        <ul className="flex flex-wrap gap-2">
          {e.documents.map((doc) => (
            <li key={doc.id}>
              <a
                href={companyDocumentHref(payerId, e.learnerId, doc.id)}
                className={buttonClass("outline", "sm")}
                download
                aria-label={`Télécharger\u00a0: ${DOCUMENT_TITLES[doc.kind]} de ${name}`}
              >
                <Download aria-hidden="true" className="h-4 w-4" /> {DOCUMENT_TITLES[doc.kind]}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

const SIGNATURE_TITLES = { convention: "Convention de formation", contrat: "Contrat de formation" } as const;

export default function CompanySpacePage({ loaderData, actionData }: Route.ComponentProps) {
  const s = loaderData;
  const busy = useNavigation().state !== "idle";
  const pending = s.signatures.filter((sig) => sig.state === "pending" && !sig.signedAt);
  const signed = s.signatures.filter((sig) => sig.signedAt);
  return (
    <main id="contenu" className="space-y-8">
      <header>
        <p className="text-sm text-muted-foreground">Espace entreprise</p>
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{s.name}</h1>
      </header>

      {pending.length || signed.length ? (
        <section aria-labelledby="conventions" className="space-y-2" data-testid="company-signatures">
          <h2 id="conventions" className="text-lg font-semibold">
            Conventions
          </h2>
          <ul className="divide-y divide-border rounded-xl border border-border">
            {pending.map((sig) => (
              <li key={sig.requestId} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span>
                  <span className="block font-medium">{SIGNATURE_TITLES[sig.kind]}</span>
                  <span className="text-xs text-muted-foreground">
                    {sig.learnerName} · demandée le {formatDate(sig.requestedAt)}
                  </span>
                </span>
                <a
                  href={sig.path}
                  className={buttonClass("default", "sm")}
                  aria-label={`Signer\u00a0: ${SIGNATURE_TITLES[sig.kind]} de ${sig.learnerName}`}
                >
                  <FileSignature aria-hidden="true" className="h-4 w-4" /> Signer
                </a>
              </li>
            ))}
            {signed.map((sig) => (
              <li key={sig.requestId} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span>
                  <span className="block font-medium">{SIGNATURE_TITLES[sig.kind]}</span>
                  <span className="text-xs text-muted-foreground">{sig.learnerName}</span>
                </span>
                <span className="text-sm">Signée le {formatDate(sig.signedAt ?? sig.requestedAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="salaries" className="space-y-2">
        <h2 id="salaries" className="text-lg font-semibold">
          Vos salarié·es en formation
        </h2>
        {s.employees.length ? (
          <ul className="space-y-3">
            {s.employees.map((e) => (
              <EmployeeCard key={e.learnerId} employee={e} payerId={s.payerId} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            Aucune formation financée par votre entreprise n'est enregistrée pour l'instant.
          </p>
        )}
      </section>

      <section aria-labelledby="devis" className="space-y-2">
        <h2 id="devis" className="text-lg font-semibold">
          Devis
        </h2>
        {actionData?.error ? (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
            {actionData.error}
          </p>
        ) : null}
        {s.quotes.length ? (
          <ul className="divide-y divide-border rounded-xl border border-border">
            {s.quotes.map((q) => (
              <li key={q.id} className="space-y-2 p-3" data-testid="company-quote">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <span className="min-w-0">
                    <span className="block font-medium">Devis {q.number}</span>
                    <span className="block text-sm [overflow-wrap:anywhere]">{q.title}</span>
                    <span className="text-xs text-muted-foreground">
                      {formatCents(q.grossCents)} · valable jusqu'au {formatDate(q.validUntil)}
                    </span>
                  </span>
                  <Badge variant="secondary">{q.expired ? "Expiré" : QUOTE_STATE_LABELS[q.state]}</Badge>
                </div>
                <div className="flex flex-wrap gap-2">
                  <a
                    href={companyQuoteHref(s.payerId, q.id)}
                    className={buttonClass("outline", "sm")}
                    download
                    aria-label={`Télécharger le devis ${q.number}`}
                  >
                    <Download aria-hidden="true" className="h-4 w-4" /> PDF
                  </a>
                  {q.state === "sent" && !q.expired ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="accept-quote" />
                      <input type="hidden" name="quoteId" value={q.id} />
                      <Button
                        type="submit"
                        size="sm"
                        disabled={busy}
                        aria-label={`Accepter le devis ${q.number}`}
                      >
                        <Check aria-hidden="true" className="h-4 w-4" /> Accepter
                      </Button>
                    </Form>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Aucun devis ne vous a été envoyé.</p>
        )}
      </section>

      <section aria-labelledby="factures" className="space-y-2">
        <h2 id="factures" className="text-lg font-semibold">
          Factures
        </h2>
        {s.invoices.length ? (
          <ul className="divide-y divide-border rounded-xl border border-border">
            {s.invoices.map((inv) => (
              <li
                key={inv.id}
                className="flex flex-wrap items-start justify-between gap-2 p-3"
                data-testid="company-invoice"
              >
                <span className="min-w-0">
                  <span className="block font-medium">
                    {INVOICE_KIND_LABELS[inv.kind]} {inv.number}
                  </span>
                  {inv.formationTitle ? (
                    <span className="block text-sm [overflow-wrap:anywhere]">
                      {inv.formationTitle}
                      {inv.learnerName ? ` · ${inv.learnerName}` : ""}
                    </span>
                  ) : null}
                  <span className="text-xs text-muted-foreground">
                    {formatCents(inv.grossCents)} · {inv.kind === "credit_note" ? "émis" : "émise"} le{" "}
                    {formatDate(inv.issuedOn)}
                    {inv.kind === "invoice" && inv.dueOn ? ` · échéance le ${formatDate(inv.dueOn)}` : ""}
                    {inv.kind === "invoice" && inv.leftCents > 0 && inv.leftCents < inv.grossCents
                      ? ` · reste ${formatCents(inv.leftCents)}`
                      : ""}
                  </span>
                </span>
                <span className="flex flex-wrap items-center gap-2">
                  <Badge variant="secondary">{stateLabel(inv.kind, inv.state)}</Badge>
                  <a
                    href={companyInvoiceHref(s.payerId, inv.id)}
                    className={buttonClass("outline", "sm")}
                    download
                    aria-label={`Télécharger\u00a0: ${INVOICE_KIND_LABELS[inv.kind]} ${inv.number}`}
                  >
                    <Download aria-hidden="true" className="h-4 w-4" /> PDF
                  </a>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Aucune facture ne vous a été adressée.</p>
        )}
      </section>
    </main>
  );
}
