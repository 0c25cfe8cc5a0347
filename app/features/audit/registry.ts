/**
 * What the Journal d'activité knows of each kind of record it lists: nothing of its own. Each feature
 * describes its records (their French names, their fields' labels, which fields' values may be
 * shown, how coded values read) in its own `journal.server.ts`, and app/boot registers every
 * description when the process starts; the Journal, and every feature that describes a change
 * (changes.ts), read them here. So the Journal imports no feature, and a new kind of record is
 * described beside its own fields rather than in a list here.
 *
 * The shape is one record's declaration, meant to sit later beside its fields and their validation.
 */
import type { AuditEntity } from "./log";

/** [label, values shown] per field: a field's values are kept only when short and never personal. */
export type AuditFields = Readonly<Record<string, readonly [label: string, shown: boolean]>>;

export interface AuditDescription {
  entity: AuditEntity;
  /** The Journal's filter names the kind: 'Formations'. */
  kind: string;
  /** The object of an entry's sentence: '… a modifié la formation'; the entity's code when left out. */
  label?: string;
  /** The fields a change may name; a field not listed is named by its key, values never shown. */
  fields?: AuditFields;
  /** Values stored as codes, printed with their French label (`status: { received: 'Reçue' }`). */
  values?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

const descriptions = new Map<string, AuditDescription>();

/** Called by app/boot for every feature's description; a second description of a kind replaces the first. */
export function describeForAudit(description: AuditDescription): void {
  descriptions.set(description.entity, description);
}

export const auditDescription = (entity: string): AuditDescription | undefined => descriptions.get(entity);
