/**
 * An entity's fields, each declared once, as Payload declares a collection's fields: its French label
 * (the form's, and the server's messages'), how the Journal d'activité speaks of a change to it, and, for
 * a plain text field, its length and whether it is required. The form, the server-side schema and the
 * Journal's declaration read it, so that a label or a limit is written in one place. A feature adds what
 * its own readers need beside these (a formation: where its editor renders a field, the course page's
 * rows, the Lhéo element). Browser-safe: no server code, and no zod (a public page reads labels from
 * here without loading the validation library; the checks are in entity-checks.ts).
 */

export interface FieldDeclaration {
  /** Its name in the form and in the server's messages (no column names). */
  label: string;
  /**
   * How the Journal names a change: with its old and new values ('shown': short and never personal) or
   * by its name only ('named'). `auditLabel` when the Journal's wording differs from the form's.
   */
  audit: "shown" | "named";
  auditLabel?: string;
  /** A plain text field: trimmed, blank is null unless required, at most `max` characters. */
  text?: { max?: number; required?: true };
}

type Declared = Readonly<Record<string, FieldDeclaration>>;

/** The fields declared as plain text, and those of them that are required. */
export type TextFieldOf<F extends Declared> = {
  [K in keyof F]: F[K] extends { text: object } ? K : never;
}[keyof F];
export type RequiredTextFieldOf<F extends Declared> = {
  [K in TextFieldOf<F>]: F[K]["text"] extends { required: true } ? K : never;
}[TextFieldOf<F>];

/** Each field's label, by field. */
export const fieldLabels = <F extends Declared>(fields: F) =>
  Object.fromEntries(Object.entries(fields).map(([name, d]) => [name, d.label])) as {
    readonly [K in keyof F]: F[K]["label"];
  };

/** The Journal's [label, values shown] of each field (features/audit's `AuditFields`). */
export const auditFields = (fields: Declared): Readonly<Record<string, readonly [string, boolean]>> =>
  Object.fromEntries(
    Object.entries(fields).map(([name, d]) => [
      name,
      [d.auditLabel ?? d.label, d.audit === "shown"] as const,
    ]),
  );
