import { Download } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { getSignedInUser } from "~/features/accounts/current-user.server";
import { evidenceTime } from "~/features/signatures/evidence-pdf.server";
import { signAsSigner, signerView } from "~/features/signatures/signer.server";
import {
  SIGNATURE_ERRORS,
  SIGNATURE_STATE_LABELS,
  SIGNER_ROLE_LABELS,
} from "~/features/signatures/vocabulary";
import { signInHref } from "~/features/spaces";
import { AdminInputError } from "~/platform/console/action.server";
import { entityId } from "~/platform/form-schema";
import { readFormData } from "~/platform/http/body.server";
import { pageTitle } from "~/platform/seo";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import type { Route } from "./+types/signature";

// A signer's own page: never indexed, never kept (/espace is no-store, platform/http/addresses.server.ts).
const PRIVATE = { "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = () => PRIVATE;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Signature d'un document"),
  { name: "robots", content: "noindex" },
];

/** Anyone but the signer (signed in with the verified e-mail the request names) reads the same 404. */
const notFound = () => data({ found: false as const }, { status: 404, headers: PRIVATE });

/**
 * Signed out: to the personal space's sign-in page, and back here after it. A signer named by a
 * request may ask for a sign-in link there (their account was made with the request).
 */
async function signedIn(request: Request, app: Route.LoaderArgs["context"]["app"]) {
  const user = await getSignedInUser(request, app);
  if (!user) throw redirect(signInHref(new URL(request.url).pathname));
  return user;
}

/** The signer's view with each signer's date as the page prints it. */
async function load(
  app: Route.LoaderArgs["context"]["app"],
  id: string,
  user: { id: string; email: string },
) {
  const view = await signerView(app.db, id, user);
  if (!view) return null;
  return {
    found: true as const,
    request: {
      id: view.request.id,
      fileName: view.request.fileName,
      state: view.request.state,
      sha256: view.request.documentSha256,
      kind: view.request.kind,
    },
    me: { name: view.me.name, signedAt: view.me.signedAt ? evidenceTime(view.me.signedAt) : null },
    signers: view.signers.map((s) => ({
      id: s.id,
      role: s.role,
      name: s.name,
      signedAt: s.signedAt ? evidenceTime(s.signedAt) : null,
    })),
    email: view.email,
  };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await signedIn(request, context.app);
  const id = entityId.safeParse(params.id);
  const view = id.success ? await load(context.app, id.data, user) : null;
  return view ? data(view, { headers: PRIVATE }) : notFound();
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app } = context;
  const user = await signedIn(request, app);
  const id = entityId.safeParse(params.id);
  if (!id.success) return notFound();
  const form = await readFormData(request);
  if (typeof form === "string") return data({ error: SIGNATURE_ERRORS.notAccepted }, { status: 400 });
  const shown = form.get("sha256");
  try {
    const outcome = await signAsSigner(
      app,
      id.data,
      user,
      { accepted: form.get("accept") === "on", shownSha256: typeof shown === "string" ? shown : null },
      { ip: context.clientIp, userAgent: request.headers.get("user-agent") },
    );
    if (outcome.state === "unknown") return notFound();
    if (outcome.state === "refused") return data({ error: outcome.error }, { status: 409, headers: PRIVATE });
    await app.events.publish({ table: "signature_requests", op: "update" });
    return data({ signed: true }, { headers: PRIVATE });
  } catch (error) {
    // The document's life refused the signed copy (archived meanwhile): said, nothing signed.
    if (error instanceof AdminInputError) return data({ error: error.message }, { status: 409 });
    throw error;
  }
}

const DOCUMENT_TITLES = { convention: "Convention de formation", contrat: "Contrat de formation" } as const;

export default function SignaturePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (!loaderData.found) {
    return (
      <main id="contenu" className="mx-auto max-w-xl px-4 py-8">
        <h1 className="text-2xl font-bold">Document introuvable</h1>
        <p className="mt-3 text-muted-foreground">
          Aucun document à signer ne correspond à cette adresse pour votre compte. Vérifiez que vous êtes
          connecté·e avec l'adresse e-mail à laquelle la demande vous a été envoyée.
        </p>
      </main>
    );
  }
  const { request, me, signers } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  const title = DOCUMENT_TITLES[request.kind === "contrat" ? "contrat" : "convention"];
  const pdf = `/espace/signatures/${request.id}/document.pdf`;
  return (
    <main id="contenu" className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm font-medium text-primary">Signature électronique</p>
      <h1 className="mt-1 text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-muted-foreground">
        {request.fileName} · <Badge variant="secondary">{SIGNATURE_STATE_LABELS[request.state]}</Badge>
      </p>
      <ul aria-label="Signataires" className="mt-4 space-y-1 text-sm">
        {signers.map((s) => (
          <li key={s.id} data-testid="signer">
            <span className="font-medium">{SIGNER_ROLE_LABELS[s.role]}</span> · {s.name}
            {" · "}
            {s.signedAt ? `signé le ${s.signedAt}` : "pas encore signé"}
          </li>
        ))}
      </ul>
      <div className="mt-6 overflow-hidden rounded-md border">
        <iframe src={pdf} title={`${title} (PDF)`} className="h-[70vh] w-full" />
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <a
          href={`${pdf}?telecharger`}
          download
          className="inline-flex items-center gap-1 text-primary underline"
        >
          <Download aria-hidden="true" className="h-4 w-4" /> Télécharger le PDF
        </a>
        <span className="text-muted-foreground [overflow-wrap:anywhere]">
          Empreinte SHA-256{"\u00a0"}: <code data-testid="document-sha256">{request.sha256}</code>
        </span>
      </p>
      {me.signedAt ? (
        <p role="status" className="mt-6 rounded-md bg-muted p-3 text-sm" data-testid="signed-notice">
          Vous avez signé ce document le {me.signedAt}.
          {request.state === "signed"
            ? ` Tous les signataires ont signé${"\u00a0"}: le PDF ci-dessus porte désormais la page de preuve des signatures.`
            : " Le document sera complet quand chaque signataire l'aura signé."}
        </p>
      ) : request.state !== "pending" ? (
        <p className="mt-6 rounded-md bg-muted p-3 text-sm">
          Cette demande de signature n'est plus en cours.
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="sha256" value={request.sha256} />
          <p className="text-sm">
            En signant, vous êtes identifié·e par votre adresse e-mail vérifiée ({loaderData.email}). La date
            et l'heure, votre adresse IP, votre navigateur et l'empreinte du document sont enregistrés comme
            preuve de votre signature.
          </p>
          <label className="flex items-start gap-2 text-sm font-medium">
            <input
              type="checkbox"
              name="accept"
              required
              className="mt-0.5 h-5 w-5"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "signature-error" : undefined}
            />
            J'ai lu et j'accepte
          </label>
          {error ? (
            <p id="signature-error" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={navigation.state !== "idle"}>
            Signer
          </Button>
        </Form>
      )}
    </main>
  );
}
