import { APPLICATION_STATUSES, type ApplicationStatusValue } from "~/lib/application-status";
import { entityId, searchQuery } from "./admin-common";

/**
 * The Candidatures list's filters, read from the URL (shareable, and they work without
 * JavaScript): the sessions screen links here with `?session=<id>`.
 */
export interface ApplicationFilters {
  q: string;
  formation: string | null;
  session: string | null;
  status: ApplicationStatusValue | null;
}

const uuidOrNull = (value: string | null) => (value && entityId.safeParse(value).success ? value : null);

export function applicationFiltersFrom(params: URLSearchParams): ApplicationFilters {
  const status = params.get("statut");
  return {
    q: searchQuery(params),
    formation: uuidOrNull(params.get("formation")),
    session: uuidOrNull(params.get("session")),
    status: APPLICATION_STATUSES.includes(status as ApplicationStatusValue)
      ? (status as ApplicationStatusValue)
      : null,
  };
}
