import { FilterSelect } from "~/ui/console/list-filters";

/** What `sessionChoices` (sessions.server.ts) answers: the formations that have sessions, and those sessions. */
export interface SessionChoices {
  formations: { id: string; title: string }[];
  sessions: { id: string; formationId: string; label: string; endDate: string }[];
}

/**
 * The 'Formation' and 'Session' filters of a console list of people in sessions (Candidatures,
 * Stagiaires): `?formation=` and `?session=`; once a formation is chosen, only its sessions are offered.
 */
export function SessionFilters({
  choices,
  formation,
  session,
}: {
  choices: SessionChoices;
  formation: string | null;
  session: string | null;
}) {
  const sessions = formation ? choices.sessions.filter((s) => s.formationId === formation) : choices.sessions;
  return (
    <>
      <FilterSelect
        id="filter-formation"
        name="formation"
        label="Formation"
        value={formation ?? ""}
        options={[
          { value: "", label: "Toutes les formations" },
          ...choices.formations.map((f) => ({ value: f.id, label: f.title })),
        ]}
      />
      <FilterSelect
        id="filter-session"
        name="session"
        label="Session"
        value={session ?? ""}
        options={[
          { value: "", label: "Toutes les sessions" },
          ...sessions.map((s) => ({ value: s.id, label: s.label })),
        ]}
      />
    </>
  );
}
