import { ClipboardList, Download, Euro, ListChecks, Pencil, Trash2, Upload } from "lucide-react";
import { Link } from "react-router";
import { ADMIN_ONLY, DeniedControl, useCan } from "~/features/accounts";
import { followUpHref } from "~/features/attendance";
import { fundingHref } from "~/features/billing";
import { formatDateRange, formatDay, SessionFilters } from "~/features/catalogue";
import {
  DOCUMENT_TYPES,
  InternalRulesWarning,
  LearnerDocuments,
  SendSessionDocumentsButton,
  SessionDocumentsPanel,
} from "~/features/documents";
import {
  DOCUMENT_INTENTS,
  DOCUMENT_UPLOAD,
  documentIntent,
  documentsOf,
  hoursOf,
  internalRulesMissing,
  sessionGaps,
} from "~/features/documents/index.server";
import {
  CERTIFICATION_OUTCOME_LABELS,
  LEARNER_CATEGORY_LABELS,
  LEARNER_FUNDING_LABELS,
  LEARNER_ORIGIN_LABELS,
  LEARNER_STATUS_LABELS,
  LEARNER_STATUSES,
  LearnerDialog,
  learnerFiltersFrom,
} from "~/features/learners";
import { type LearnerRow, learnerAction, learnersPage, NO_LEARNERS } from "~/features/learners/index.server";
import { positioningHref } from "~/features/positioning";
import { AgreementSignature } from "~/features/signatures";
import {
  SIGNATURE_INTENTS,
  signatureIntent,
  signaturesOfDocuments,
} from "~/features/signatures/index.server";
import { LearnerDocumentRequests, LearnerSpaceInvitation } from "~/features/spaces";
import {
  LEARNER_SPACE_INTENTS,
  learnerInvitations,
  learnerSpaceIntent,
  requestedDocumentsOf,
} from "~/features/spaces/index.server";
import { intentOf } from "~/platform/console/action.server";
import { loadConsoleList } from "~/platform/console/list-loader.server";
import { parisToday } from "~/platform/dates";
import { Badge } from "~/ui/badge";
import { buttonClass } from "~/ui/button";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { ListFilters, StatusFilter } from "~/ui/console/list-filters";
import { ActionsCell, IconAction, ListTable, shownFrom } from "~/ui/console/list-table";
import { AddButton, PageHeader } from "~/ui/console/page-header";
import { countedTitle, Pagination } from "~/ui/console/pagination";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
import { useEditDialog } from "~/ui/console/use-edit-dialog";
import { Td, Tr } from "~/ui/table";
import type { Route } from "./+types/learners";

export const meta: Route.MetaFunction = () => [{ title: "Stagiaires | Console d'administration" }];

export function loader(args: Route.LoaderArgs) {
  return loadConsoleList(args, {
    rows: "learners",
    permission: "learners:read",
    what: "stagiaires",
    filters: learnerFiltersFrom,
    // Each learner's documents and hours beside the page's rows; the chosen session's gaps above them.
    read: async (db, filters, page) => {
      const found = await learnersPage(db, filters, page);
      const today = parisToday();
      const documents = await documentsOf(
        db,
        found.list.items.map((l) => l.id),
      );
      return {
        ...found,
        documents,
        // Each agreement's latest demande de signature (features/signatures).
        signatures: await signaturesOfDocuments(
          db,
          Object.values(documents).flatMap((list) => list.map((d) => d.id)),
        ),
        // What an attestation or a certificat would state: checked on screen before it leaves.
        hours: await hoursOf(db, found.list.items),
        // When each learner was last invited into their personal space (features/spaces).
        invited: await learnerInvitations(
          db,
          found.list.items.map((l) => l.id),
        ),
        // The documents asked of each learner and their state (features/spaces).
        requested: await requestedDocumentsOf(
          db,
          found.list.items.map((l) => l.id),
        ),
        gaps: filters.session ? await sessionGaps(db, filters.session, today) : null,
        // Staff are warned before sending a convocation that would leave without it.
        internalRulesMissing: await internalRulesMissing(db),
        // The server's Paris day: whether a session has reached its last day (the closing documents).
        today,
      };
    },
    empty: {
      ...NO_LEARNERS,
      documents: {},
      signatures: {},
      hours: {},
      invited: {},
      requested: {},
      gaps: null,
      internalRulesMissing: false,
      today: parisToday(),
    },
  });
}

// The learners' own intents, with the documents', their online signatures' and the personal spaces'
// invitation beside them.
export const action = learnerAction({
  permissions: { ...DOCUMENT_INTENTS, ...SIGNATURE_INTENTS, ...LEARNER_SPACE_INTENTS },
  handle: (app, actor, form) =>
    Object.hasOwn(SIGNATURE_INTENTS, intentOf(form))
      ? signatureIntent(app, actor, form)
      : Object.hasOwn(LEARNER_SPACE_INTENTS, intentOf(form))
        ? learnerSpaceIntent(app, actor, form)
        : documentIntent(app, actor, form),
  upload: DOCUMENT_UPLOAD,
});

/** The list's filters as they are in the URL, for the export and import links. */
function filtersQuery(filters: ReturnType<typeof learnerFiltersFrom>): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.formation) params.set("formation", filters.formation);
  if (filters.session) params.set("session", filters.session);
  if (filters.status) params.set("statut", filters.status);
  const query = params.toString();
  return query ? `?${query}` : "";
}

const nameOf = (l: LearnerRow) => (l.anonymisedAt ? "Stagiaire anonymisé·e" : `${l.firstName} ${l.lastName}`);

export default function AdminLearners({ loaderData }: Route.ComponentProps) {
  const {
    learners,
    page,
    choices,
    filters,
    loadError,
    documents,
    signatures,
    hours,
    gaps,
    internalRulesMissing,
    today,
    invited,
    requested,
  } = loaderData;
  const chosenSession = choices.sessions.find((s) => s.id === filters.session);
  useLoadErrorToast(loadError);
  const canWrite = useCan("learners:write");
  const canExport = useCan("learners:export");
  const canErase = useCan("learners:erase");
  const canSend = useCan("documents:send");
  const canGenerate = useCan("documents:generate");
  const canRequestSignature = useCan("signatures:request");
  const canReadInvoices = useCan("invoices:read");
  const canInvite = useCan("spaces:invite");
  const editor = useEditDialog<LearnerRow>();
  const erase = useConfirmDelete({
    question: "Effacer définitivement ce ou cette stagiaire ?",
    intent: "erase",
    confirmLabel: "Effacer",
    description:
      "Droit à l'effacement (RGPD) : le nom, l'e-mail, l'entreprise, le statut et le résultat de ce ou cette stagiaire seront supprimés. S'il ou elle a un plan de financement ou une facture, sa fiche est anonymisée au lieu d'être supprimée et une facture émise reste telle qu'elle a été émise. Cette action est irréversible.",
  });
  const exportLink = `/admin/stagiaires/export.csv${filtersQuery(filters)}`;
  const importLink = `/admin/stagiaires/import${filters.session ? `?session=${filters.session}` : ""}`;
  return (
    <>
      <PageHeader
        title={countedTitle("Stagiaires", page, loadError)}
        description="Les stagiaires de chaque session : admis·es depuis les candidatures, ajouté·es à la main ou importé·es"
        actions={
          <div className="flex flex-wrap gap-2">
            {canExport ? (
              <a href={exportLink} className={buttonClass("outline")} download>
                <Download aria-hidden="true" className="h-4 w-4" /> Exporter en CSV
              </a>
            ) : (
              <DeniedControl reason={ADMIN_ONLY} className={buttonClass("outline")}>
                <Download aria-hidden="true" className="h-4 w-4" /> Exporter en CSV
              </DeniedControl>
            )}
            {canSend && filters.session
              ? DOCUMENT_TYPES.map((type) => (
                  <SendSessionDocumentsButton
                    key={type}
                    type={type}
                    sessionId={filters.session ?? ""}
                    today={today}
                    endDate={chosenSession?.endDate ?? null}
                  />
                ))
              : null}
            {canWrite ? (
              <>
                <Link to={importLink} className={buttonClass("outline")}>
                  <Upload aria-hidden="true" className="h-4 w-4" /> Importer un CSV
                </Link>
                <AddButton label="Ajouter un·e stagiaire" onClick={editor.create} />
              </>
            ) : null}
          </div>
        }
      />
      {canSend && internalRulesMissing ? <InternalRulesWarning /> : null}
      {gaps ? <SessionDocumentsPanel gaps={gaps} /> : null}
      <ListFilters
        q={filters.q}
        searchLabel="Rechercher un·e stagiaire"
        placeholder="Rechercher par nom, e-mail ou entreprise..."
      >
        <SessionFilters choices={choices} formation={filters.formation} session={filters.session} />
        <StatusFilter statuses={LEARNER_STATUSES} labels={LEARNER_STATUS_LABELS} value={filters.status} />
      </ListFilters>
      <ListTable
        columns={[
          "Stagiaire",
          { label: "Formation et session", from: "sm" },
          "Statut",
          { label: "Certification", from: "md" },
          { label: "Origine", from: "lg" },
        ]}
        actions
        items={learners}
        empty="Aucun·e stagiaire trouvé·e"
        loadError={loadError}
      >
        {(l) => {
          const name = nameOf(l);
          return (
            <Tr key={l.id} data-testid="learner">
              <Td>
                <p className="font-medium">{name}</p>
                {l.email ? (
                  <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{l.email}</p>
                ) : null}
                {l.company ? <p className="text-xs text-muted-foreground">{l.company}</p> : null}
                {l.traineeCategory ? (
                  <p className="text-xs text-muted-foreground">
                    {LEARNER_CATEGORY_LABELS[l.traineeCategory]}
                  </p>
                ) : null}
                {l.fundingSource ? (
                  <p className="text-xs text-muted-foreground">
                    {LEARNER_FUNDING_LABELS[l.fundingSource]}
                    {l.payerName ? ` · ${l.payerName}` : ""}
                  </p>
                ) : null}
                {l.fundingSource === "cpf" && l.cpfFileNumber ? (
                  <p className="text-xs text-muted-foreground">
                    Dossier Mon Compte Formation n{"°\u00a0"}
                    {l.cpfFileNumber}
                  </p>
                ) : null}
                <LearnerDocuments
                  learner={l}
                  documents={documents[l.id] ?? []}
                  hours={hours[l.id] ?? null}
                  today={today}
                  canSend={canSend}
                  canGenerate={canGenerate}
                  agreementExtra={(doc, label) => (
                    <AgreementSignature
                      document={doc}
                      signature={signatures[doc.id]}
                      canRequest={canRequestSignature}
                      label={label}
                    />
                  )}
                />
                {canInvite && l.email && !l.anonymisedAt ? (
                  <LearnerSpaceInvitation learnerId={l.id} name={name} invitedAt={invited[l.id]} />
                ) : null}
                {!l.anonymisedAt ? (
                  <LearnerDocumentRequests
                    learnerId={l.id}
                    name={name}
                    requests={requested[l.id] ?? []}
                    canRequest={canWrite}
                  />
                ) : null}
              </Td>
              <Td className={shownFrom("sm")}>
                <p>{l.formationTitle}</p>
                <p className="text-xs text-muted-foreground">{formatDateRange(l.startDate, l.endDate)}</p>
              </Td>
              <Td>
                <Badge variant={l.status === "dropped_out" ? "outline" : "secondary"}>
                  {LEARNER_STATUS_LABELS[l.status]}
                </Badge>
                {l.abandonedOn ? (
                  <p className="mt-1 text-xs text-muted-foreground">le {formatDay(l.abandonedOn)}</p>
                ) : null}
              </Td>
              <Td className={shownFrom("md")}>
                {l.certification
                  ? CERTIFICATION_OUTCOME_LABELS[l.certification]
                  : l.certifying
                    ? "—"
                    : "Sans certification"}
              </Td>
              <Td className={shownFrom("lg")}>
                {l.applicationId ? (
                  <Link
                    to={`/admin/candidatures/${l.applicationId}`}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {LEARNER_ORIGIN_LABELS[l.origin]}
                  </Link>
                ) : (
                  LEARNER_ORIGIN_LABELS[l.origin]
                )}
              </Td>
              {/* The pages' names show beside their icons only where the table has room (a wide
                  screen); below, the icons keep every column readable, named for screen readers. */}
              <ActionsCell>
                <Link
                  to={followUpHref(l.id)}
                  className={buttonClass("ghost", "sm")}
                  aria-label={`Suivi des absences de ${name}`}
                >
                  <ClipboardList aria-hidden="true" className="h-4 w-4" />
                  <span className="hidden @5xl:inline">Suivi</span>
                </Link>
                <Link
                  to={positioningHref(l.id)}
                  className={buttonClass("ghost", "sm")}
                  aria-label={`Positionnement de ${name}`}
                >
                  <ListChecks aria-hidden="true" className="h-4 w-4" />
                  <span className="hidden @5xl:inline">Positionnement</span>
                </Link>
                {canReadInvoices ? (
                  <Link
                    to={fundingHref(l.id)}
                    className={buttonClass("ghost", "sm")}
                    aria-label={`Financement de ${name}`}
                  >
                    <Euro aria-hidden="true" className="h-4 w-4" />
                    <span className="hidden @5xl:inline">Financement</span>
                  </Link>
                ) : null}
                {canWrite && !l.anonymisedAt ? (
                  <IconAction label={`Modifier ${name}`} icon={Pencil} onClick={() => editor.edit(l)} />
                ) : null}
                {canErase ? (
                  <IconAction
                    label={`Effacer ${name}`}
                    icon={Trash2}
                    destructive
                    onClick={() => erase.ask(l.id)}
                  />
                ) : (
                  <DeniedControl
                    reason={ADMIN_ONLY}
                    label={`Effacer ${name}`}
                    className={buttonClass("ghost", "icon")}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                  </DeniedControl>
                )}
              </ActionsCell>
            </Tr>
          );
        }}
      </ListTable>
      <Pagination page={page} />
      {editor.render((learner) => (
        <LearnerDialog
          learner={learner}
          sessions={choices.sessions}
          sessionId={filters.session}
          onDone={editor.close}
        />
      ))}
      {erase.dialog}
    </>
  );
}
