import { Link } from "react-router";
import { useCan } from "~/features/accounts/components/use-can";
import { SignatureRequestPanel } from "~/features/signatures/components/signature-request-panel";
import { SIGNATURE_PAGE_INTENTS, signaturePageAction } from "~/features/signatures/console-signatures.server";
import { requestView } from "~/features/signatures/request-views.server";
import { loadConsoleRecord } from "~/platform/console/record-loader.server";
import { useLiveRevalidation } from "~/platform/use-live";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import { RecordScreen } from "~/ui/console/record-screen";
import type { Route } from "./+types/signature-request";

export const meta: Route.MetaFunction = () => [{ title: "Demande de signature | Console d'administration" }];

const NOT_FOUND = "Demande de signature introuvable";

export async function loader(args: Route.LoaderArgs) {
  const { value, loadError } = await loadConsoleRecord(args, {
    permission: "signatures:request",
    what: "demandes de signature",
    notFound: NOT_FOUND,
    read: requestView,
  });
  return { view: value, loadError };
}

/** The page's intents; the centre's signature records the connection it came from. */
export const action = Object.assign(
  (args: Route.ActionArgs) =>
    signaturePageAction(args.params.id, {
      ip: args.context.clientIp,
      userAgent: args.request.headers.get("user-agent"),
    })(args),
  { permissions: SIGNATURE_PAGE_INTENTS },
);

// A signature given on the signing page shows at once.
const LIVE = ["signature_requests"] as const;

const KIND_TITLES: Record<string, string> = {
  convention: "Convention de formation",
  contrat: "Contrat de formation",
};

export default function AdminSignatureRequest({ loaderData }: Route.ComponentProps) {
  const { view, loadError } = loaderData;
  useLoadErrorToast(loadError);
  useLiveRevalidation(LIVE);
  const canSign = useCan("signatures:sign");
  const canManage = useCan("signatures:request");
  const list = {
    to: view ? `/admin/stagiaires?session=${view.request.sessionId}` : "/admin/stagiaires",
    label: "Stagiaires de la session",
  };
  if (!view) return <RecordScreen list={list} failure={loadError ?? "Erreur lors du chargement"} />;
  const name =
    [view.request.firstName, view.request.lastName].filter(Boolean).join(" ") || "Stagiaire anonymisé·e";
  return (
    <RecordScreen list={list}>
      <PageHeader
        title={`Signature · ${KIND_TITLES[view.request.kind] ?? view.request.kind}`}
        description={name}
        actions={
          <Link
            to={`/admin/stagiaires?session=${view.request.sessionId}`}
            className="self-center text-sm text-primary underline-offset-4 hover:underline"
          >
            Fiche de la session
          </Link>
        }
      />
      <SignatureRequestPanel data={view} canSign={canSign} canManage={canManage} />
    </RecordScreen>
  );
}
