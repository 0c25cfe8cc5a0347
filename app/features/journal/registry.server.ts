/**
 * The server's half of a record's declaration to the Journal (the other half, its names and fields,
 * is registry.ts): where the record is in the console while it exists, and how an entry names it.
 * Each feature declares its records in its own `journal.server.ts`; app/boot registers them all.
 */
import type { Db } from "~/platform/db/client.server";
import { describeForJournal, type JournalDescription } from "./registry";

/** How an entry names its record, and where the record is in the console while it exists. */
export interface AuditRecord {
  name: string;
  href: string | null;
}

/** A record found still existing: its console address, and its name as it is now when the Journal shows it. */
export interface FoundRecord {
  href: string;
  name?: string;
}

export interface JournalRow {
  entity: string;
  entityId: string | null;
  details: Record<string, unknown> | null;
}

export interface JournalDeclaration extends JournalDescription {
  /** Which of `ids` (the page's entries' records of this kind) still exist, in one query. */
  find?: (db: Db, ids: string[]) => Promise<({ id: string } & FoundRecord)[]>;
  /** Looks up ids that are not UUIDs too (accounts' ids are text; other kinds' non-UUID ids name nothing). */
  anyId?: boolean;
  /**
   * Names the record when the general rule does not fit (the title written with the entry, else
   * the record's name now, else its short reference); undefined keeps the general rule.
   */
  record?: (row: JournalRow, found: FoundRecord | undefined) => AuditRecord | undefined;
}

const declarations = new Map<string, JournalDeclaration>();

/** Called by app/boot with every feature's declarations, before any request is served. */
export function registerJournal(...list: JournalDeclaration[]): void {
  for (const declaration of list) {
    declarations.set(declaration.entity, declaration);
    describeForJournal(declaration);
  }
}

export const journalDeclaration = (entity: string) => declarations.get(entity);
export const journalDeclarations = () => [...declarations.values()];

/** A console list searched for `q`: where a record whose list has no page of its own is found. */
export const listSearchedFor = (path: string, q: string) => `${path}?q=${encodeURIComponent(q)}`;
