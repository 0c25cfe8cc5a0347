import type { Db } from "~/platform/db/client.server";

/**
 * What the catalogue must know of the applications made to its sessions before it lowers seats or
 * deletes: the applications feature answers, registered at boot (app/boot) rather than imported from
 * here, since applications already leans on the catalogue (its sessions, their seats).
 */
export interface ApplicationUses {
  /** The session's applications holding a seat: admitted, and waiting with a freed seat offered. */
  seatHolders(tx: Db, sessionId: string): Promise<{ admitted: number; offered: number }>;
  /** Whether the session received any application, whatever its status. */
  sessionApplied(tx: Db, sessionId: string): Promise<boolean>;
  /** Whether any session of the formation received an application. */
  formationApplied(tx: Db, formationId: string): Promise<boolean>;
}

// Until applications registers, none is known: the seats taken (seatsTakenOn) and the foreign keys
// (applications keep their session, ON DELETE RESTRICT) still refuse what would lose an application.
const NONE: ApplicationUses = {
  seatHolders: async () => ({ admitted: 0, offered: 0 }),
  sessionApplied: async () => false,
  formationApplied: async () => false,
};

let uses: ApplicationUses = NONE;

export function provideApplicationUses(provider: ApplicationUses): void {
  uses = provider;
}

export function applicationUses(): ApplicationUses {
  return uses;
}
