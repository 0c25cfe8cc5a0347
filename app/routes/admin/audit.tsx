import { Form, Link } from "react-router";
import { requirePermission } from "~/features/accounts/index.server";
import {
  AUDIT_ENTITIES,
  AUDIT_PAGE_SIZE,
  auditDescription,
  changeText,
  entryChanges,
} from "~/features/audit";
import { type AuditRecord, auditFiltersFrom, listAuditLog } from "~/features/audit/index.server";
import { loadOr } from "~/platform/console/action.server";
import { NNBSP, quoted } from "~/platform/french";
import { formatDateTime } from "~/platform/paris-time";
import { plural } from "~/platform/plural";
import { Button, buttonClass } from "~/ui/button";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { ListTable } from "~/ui/console/list-table";
import { PageHeader } from "~/ui/console/page-header";
import { Field } from "~/ui/field";
import { Input, Select } from "~/ui/input";
import { Td, Tr } from "~/ui/table";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => [{ title: "Journal d'activité | Console d'administration" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  await requirePermission({ request, context }, "audit:read");
  const filters = auditFiltersFrom(new URL(request.url).searchParams);
  const { value, loadError } = await loadOr(app, "audit log", () => listAuditLog(app.db, filters), {
    entries: [],
    total: 0,
    actors: [],
  });
  // The kinds' names and the changes' sentences come from each feature's declaration, registered
  // on the server when it starts (features/audit/registry.ts): the page receives them written.
  const entries = value.entries.map((entry) => ({
    ...entry,
    entityLabel: auditDescription(entry.entity)?.label ?? entry.entity,
    changes: entryChanges(entry.entity, entry.details).map((c) => ({
      field: c.field,
      text: changeText(entry.entity, c),
    })),
  }));
  const kinds = AUDIT_ENTITIES.map((entity) => ({
    entity,
    label: auditDescription(entity)?.kind ?? entity,
  }));
  return { ...value, entries, kinds, filters, loadError };
}

const ACTION_VERBS: Record<string, string> = {
  create: "a créé",
  update: "a modifié",
  delete: "a supprimé",
  status: "a changé le statut de",
  erase: "a effacé",
  export: "a exporté",
  role: "a changé le rôle de",
  note: "a ajouté une note à",
  offer: "a libéré une place, proposée à",
  "offer-mail": "a envoyé la proposition de place de",
  reply: "a répondu à l'auteur de",
  publish: "a publié",
  unpublish: "a dépublié",
  send: "a envoyé",
  schedule: "a programmé la publication de",
  restore: "a restauré en brouillon une version de",
  discard: "a abandonné le brouillon de",
  issue: "a émis",
  sign: "a signé",
  cancel: "a annulé",
};

/** What the server does on its own, at the date staff chose: no one to name. */
const SCHEDULED_LEADS: Record<string, string> = {
  publish: "Publication programmée de",
  unpublish: "Dépublication programmée de",
};

interface Entry {
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  details: Record<string, unknown> | null;
  record: AuditRecord;
  /** 'la formation': the object of the entry's sentence. */
  entityLabel: string;
  changes: { field: string; text: string }[];
}

/** The sentence before the record's name: 'admin@… a modifié la formation'. */
function entryLead(entry: Entry): string {
  const who = entry.actorEmail ?? "Un compte supprimé";
  const n = Number(entry.details?.count ?? 0);
  if (entry.entity === "learner") {
    if (entry.action === "export") return `${who} a exporté les stagiaires (CSV)`;
    if (entry.action === "import") return `${who} a importé ${plural(n, "stagiaire")} dans la session`;
    if (entry.action === "purge") {
      return `Anonymisation automatique${NNBSP}: ${plural(n, "stagiaire anonymisé·e", "stagiaires anonymisé·es")} (durée de conservation écoulée)`;
    }
  }
  if (entry.entity === "complaint") {
    if (entry.action === "erase") return `${who} a effacé les données personnelles de la réclamation`;
    if (entry.action === "purge") {
      return `Effacement automatique${NNBSP}: données personnelles de ${plural(n, "réclamation close", "réclamations closes")} depuis 3 ans (durée de conservation écoulée)`;
    }
  }
  if (entry.entity === "formation_session" && entry.action === "send" && entry.details?.attendanceLinks) {
    const links = Number(entry.details.attendanceLinks);
    // Null actor: the server itself, before the slot (Paramètres › Émargement).
    if (!entry.actorEmail) {
      return `Envoi automatique${NNBSP}: ${plural(links, "lien d'émargement", "liens d'émargement")} (${String(entry.details.slot ?? "créneau")}) pour la session`;
    }
    return `${who} a envoyé par e-mail ${plural(links, "lien d'émargement", "liens d'émargement")} (${String(entry.details.slot ?? "créneau")}) pour la session`;
  }
  if (entry.entity === "formation_session" && entry.details?.allPresent) {
    const marked = Number(entry.details.allPresent);
    return `${who} a marqué «${NNBSP}Tous présents${NNBSP}» ${plural(marked, "stagiaire", "stagiaires")} sans saisie (${String(entry.details.slot ?? "créneau")}) pour la session`;
  }
  if (entry.entity === "questionnaire" && entry.action === "export") {
    return `${who} a exporté les réponses au questionnaire (CSV)`;
  }
  if (entry.action === "export") return `${who} a exporté les demandes de contact (CSV)`;
  if (entry.entity === "calendar_feed") return `${who} a régénéré son lien d'abonnement iCalendar`;
  if (entry.entity === "demo_data") {
    const n = (key: string) => Number(entry.details?.[key] ?? 0);
    return `${who} a supprimé les données de démonstration (${plural(n("formations"), "formation")}, ${plural(n("articles"), "article")}, ${plural(n("testimonials"), "témoignage")})`;
  }
  if (entry.action === "purge") {
    return `Purge automatique${NNBSP}: ${plural(n, "candidature refusée ou retirée effacée", "candidatures refusées ou retirées effacées")} (durée de conservation écoulée)`;
  }
  const scheduled = entry.details?.scheduled === true ? SCHEDULED_LEADS[entry.action] : undefined;
  if (scheduled) return `${scheduled} ${entry.entityLabel}`;
  return `${who} ${ACTION_VERBS[entry.action] ?? entry.action} ${entry.entityLabel}`;
}

/** 'admin@… a modifié la formation « TP Assistant RH »', the name a link while the record exists, and what changed. */
function EntryText({ entry }: { entry: Entry }) {
  const { name, href } = entry.record;
  const shown = name.startsWith("(") ? name : quoted(name);
  const { changes } = entry;
  return (
    <>
      <p>
        {entryLead(entry)}
        {name && entry.action !== "export" && entry.action !== "purge" ? (
          <>
            {" "}
            {href ? (
              <Link to={href} className="text-primary underline underline-offset-2">
                {shown}
              </Link>
            ) : (
              shown
            )}
          </>
        ) : null}
      </p>
      {changes.length ? (
        <ul className="mt-1 grid gap-0.5 text-sm text-muted-foreground" aria-label="Modifications">
          {changes.map((c) => (
            <li key={c.field} className="break-words">
              {c.text}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, kinds, total, actors, filters, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const pageLink = (page: number) => {
    const params = new URLSearchParams();
    if (filters.actor) params.set("personne", filters.actor);
    if (filters.entity) params.set("type", filters.entity);
    if (filters.from) params.set("du", filters.from);
    if (filters.to) params.set("au", filters.to);
    if (page > 1) params.set("page", String(page));
    const search = params.toString();
    return `/admin/journal${search ? `?${search}` : ""}`;
  };

  return (
    <>
      <PageHeader
        title={`Journal d'activité (${total})`}
        description="Qui a fait quoi, sur quel enregistrement et quand : chaque modification faite dans la console."
      />
      <Form method="get" className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <Field id="audit-personne" label="Personne">
          <Select id="audit-personne" name="personne" defaultValue={filters.actor ?? ""}>
            <option value="">Tout le monde</option>
            {actors.map((email) => (
              <option key={email} value={email}>
                {email}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="audit-type" label="Type d'enregistrement">
          <Select id="audit-type" name="type" defaultValue={filters.entity ?? ""}>
            <option value="">Tous les types</option>
            {kinds.map(({ entity, label }) => (
              <option key={entity} value={entity}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="audit-du" label="Du">
          <Input id="audit-du" name="du" type="date" defaultValue={filters.from ?? ""} />
        </Field>
        <Field id="audit-au" label="Au">
          <Input id="audit-au" name="au" type="date" defaultValue={filters.to ?? ""} />
        </Field>
        <Button type="submit">Filtrer</Button>
      </Form>
      <ListTable columns={["Date", "Action"]} items={entries} empty="Aucune entrée pour ces filtres">
        {(entry) => (
          <Tr key={entry.id}>
            <Td className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</Td>
            <Td>
              <EntryText entry={entry} />
            </Td>
          </Tr>
        )}
      </ListTable>
      {pages > 1 ? (
        <nav aria-label="Pages du journal" className="mt-4 flex items-center justify-between gap-2">
          {filters.page > 1 ? (
            <Link to={pageLink(filters.page - 1)} className={buttonClass("outline", "sm")}>
              Précédent
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-muted-foreground">
            Page {filters.page} sur {pages}
          </p>
          {filters.page < pages ? (
            <Link to={pageLink(filters.page + 1)} className={buttonClass("outline", "sm")}>
              Suivant
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}
