/**
 * The server's half of a record's declaration to the Journal (the other half, its names and fields,
 * is registry.ts): where the record is in the console while it exists, and how an entry names it.
 * Each feature declares its records in its own `journal.server.ts`; app/boot registers them all.
 */
import type { Db } from "~/platform/db/client.server";
import { type AuditDescription, describeForAudit } from "./registry";

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

export interface AuditRow {
  entity: string;
  entityId: string | null;
  details: Record<string, unknown> | null;
}

export interface AuditDeclaration extends AuditDescription {
  /** Which of `ids` (the page's entries' records of this kind) still exist, in one query. */
  find?: (db: Db, ids: string[]) => Promise<({ id: string } & FoundRecord)[]>;
  /** Looks up ids that are not UUIDs too (accounts' ids are text; other kinds' non-UUID ids name nothing). */
  anyId?: boolean;
  /**
   * Names the record when the general rule does not fit (the title written with the entry, else
   * the record's name now, else its short reference); undefined keeps the general rule.
   */
  record?: (row: AuditRow, found: FoundRecord | undefined) => AuditRecord | undefined;
}

const declarations = new Map<string, AuditDeclaration>();

/** Called by app/boot with every feature's declarations, before any request is served. */
export function registerAudit(...list: AuditDeclaration[]): void {
  for (const declaration of list) {
    declarations.set(declaration.entity, declaration);
    describeForAudit(declaration);
  }
}

export const auditDeclaration = (entity: string) => declarations.get(entity);
export const auditDeclarations = () => [...declarations.values()];

/** A console list searched for `q`: where a record whose list has no page of its own is found. */
export const listSearchedFor = (path: string, q: string) => `${path}?q=${encodeURIComponent(q)}`;
