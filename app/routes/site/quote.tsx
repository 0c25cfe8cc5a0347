import { CheckCircle2 } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { answerQuote, quoteByToken } from "~/features/billing/quote-answers.server";
import { QUOTE_STATE_LABELS } from "~/features/billing/vocabulary";
import { AdminInputError } from "~/platform/console/action.server";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { pageTitle } from "~/platform/seo";
import { Button } from "~/ui/button";
import type { Route } from "./+types/quote";

// A payer's personal link, never indexed nor kept: the page cache skips /devis/ and the security
// headers send `Cache-Control: no-store` for it (platform/http/addresses.server.ts).
const PRIVATE = { "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = () => PRIVATE;

export async function loader({ params, context }: Route.LoaderArgs) {
  const quote = await quoteByToken(context.app.db, params.token);
  return data({ quote }, { status: quote ? 200 : 404, headers: PRIVATE });
}

export async function action({ params, context }: Route.ActionArgs) {
  const { app } = context;
  const quote = await quoteByToken(app.db, params.token);
  if (!quote)
    return data({ error: "Ce lien ne correspond à aucun devis." }, { status: 404, headers: PRIVATE });
  try {
    await answerQuote(app.db, null, quote.id, "accepted", "link");
  } catch (error) {
    if (error instanceof AdminInputError)
      return data({ error: error.message }, { status: 409, headers: PRIVATE });
    throw error;
  }
  return data({ error: null }, { headers: PRIVATE });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageTitle(matches, loaderData?.quote ? `Devis ${loaderData.quote.number}` : "Devis introuvable"),
  { name: "robots", content: "noindex" },
];

const quantity = (hundredths: number) =>
  new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 }).format(hundredths / 100);

const UNIT_LABELS: Record<string, string> = { HUR: "h", DAY: "j", C62: "" };

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { quote } = loaderData;
  const busy = useNavigation().state !== "idle";
  if (!quote) {
    return (
      <main id="contenu" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Devis introuvable</h1>
        <p className="text-muted-foreground">
          Ce lien ne correspond à aucun devis. Vérifiez qu'il est complet, tel que reçu dans l'e-mail.
        </p>
      </main>
    );
  }
  const accepted = quote.state === "accepted";
  return (
    <main id="contenu" className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <p className="text-sm font-medium text-primary">Devis {quote.number}</p>
      <h1 className="mt-1 text-2xl font-bold sm:text-3xl">{quote.title}</h1>
      <p className="mt-1 text-muted-foreground">
        Pour {quote.payerName} · valable jusqu'au {formatDate(quote.validUntil)} ·{" "}
        {QUOTE_STATE_LABELS[quote.state]}
      </p>
      <div className="mt-8 overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Lignes du devis</caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-2 pr-4">
                Désignation
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Quantité
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Prix unitaire HT
              </th>
              <th scope="col" className="py-2 text-right">
                Montant HT
              </th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((line) => (
              <tr key={`${line.label}-${line.netCents}`} className="border-b">
                <td className="py-2 pr-4">{line.label}</td>
                <td className="py-2 pr-4 text-right">
                  {quantity(line.quantityHundredths)}
                  {UNIT_LABELS[line.unitCode] ? `\u00a0${UNIT_LABELS[line.unitCode]}` : ""}
                </td>
                <td className="py-2 pr-4 text-right">{formatCents(line.unitPriceCents)}</td>
                <td className="py-2 text-right">{formatCents(line.netCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="mt-4 ml-auto grid max-w-xs grid-cols-2 gap-1 text-sm">
        <dt>Total HT</dt>
        <dd className="text-right">{formatCents(quote.netCents)}</dd>
        {quote.vatRateBasisPoints > 0 ? (
          <>
            <dt>TVA ({quote.vatRateBasisPoints / 100}&nbsp;%)</dt>
            <dd className="text-right">{formatCents(quote.vatCents)}</dd>
            <dt className="font-semibold">Total TTC</dt>
            <dd className="text-right font-semibold">{formatCents(quote.grossCents)}</dd>
          </>
        ) : (
          <dd className="col-span-2 text-muted-foreground">Exonération de TVA – article 261-4-4° a du CGI</dd>
        )}
      </dl>
      {accepted ? (
        <p
          role="status"
          className="mt-8 flex items-center gap-2 rounded-lg border border-primary/30 bg-primary/5 p-5 font-semibold"
        >
          <CheckCircle2 aria-hidden="true" className="h-5 w-5 text-primary" />
          Devis accepté. Merci : nous revenons vers vous pour la convention.
        </p>
      ) : quote.state === "sent" ? (
        <Form method="post" className="mt-8 space-y-3">
          <p className="text-sm">
            En acceptant ce devis, vous donnez votre accord sur la prestation et son prix ; la convention de
            formation vous sera ensuite adressée.
          </p>
          {actionData?.error ? (
            <p role="alert" className="text-sm text-destructive">
              {actionData.error}
            </p>
          ) : null}
          <Button type="submit" disabled={busy}>
            Accepter le devis
          </Button>
        </Form>
      ) : (
        <p className="mt-8 text-muted-foreground">Ce devis ne peut plus être accepté en ligne.</p>
      )}
    </main>
  );
}
