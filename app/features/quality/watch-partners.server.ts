/**
 * The watch register (Qualiopi indicators 23 to 25: legal, jobs, pedagogy) and the disability partners'
 * directory (26): lists whose rows are their declared fields and nothing else, edited in a dialog
 * (crudAction: every change in the Journal), and their CSVs for the evidence pack.
 */
import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import { type CrudTable, crudAction } from "~/features/audit/index.server";
import { CSV_BOM, csvLine } from "~/platform/csv.server";
import type { Db } from "~/platform/db/client.server";
import { partnerTitle, watchTitle } from "./audit-record.server";
import {
  PARTNER_ERRORS,
  type PartnerInput,
  partnerSchema,
  WATCH_ERRORS,
  type WatchInput,
  watchSchema,
} from "./registers";
import { disabilityPartners, watchEntries } from "./schema.server";
import { PARTNER_KIND_LABELS, WATCH_KIND_LABELS, type WatchKind } from "./vocabulary";

/**
 * The action of a register whose rows are its declared fields and nothing else (the watch, the
 * partners): create, update, delete from its dialog, for whoever keeps the registers (quality:write).
 */
function plainRegisterAction<Input extends object>(
  // One of the plain registers' tables: each has its id, its declared fields and updatedAt, which
  // is all the statements below touch, so the watch's table type stands for both.
  table: typeof watchEntries | typeof disabilityPartners,
  fields: readonly (keyof Input & string)[],
  config: Pick<CrudTable<Input>, "schema" | "entity" | "table" | "messages"> & {
    title: (id: string) => string;
  },
) {
  const rows = table as typeof watchEntries;
  return crudAction<Input>({
    ...config,
    permission: "quality:write",
    async save(tx, input, id) {
      const values = input as unknown as typeof watchEntries.$inferInsert;
      const [saved] = id
        ? await tx
            .update(rows)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(rows.id, id))
            .returning({ id: rows.id })
        : await tx.insert(rows).values(values).returning({ id: rows.id });
      return saved?.id;
    },
    async current(tx, id) {
      const [row] = await tx.select().from(rows).where(eq(rows.id, id));
      const found = row as Record<string, unknown> | undefined;
      return found && Object.fromEntries(fields.map((f) => [f, found[f]]));
    },
    title: (_tx, _input, id) => config.title(id),
    async remove(tx, id) {
      const [deleted] = await tx.delete(rows).where(eq(rows.id, id)).returning({ id: rows.id });
      return deleted && { title: config.title(deleted.id) };
    },
  });
}

/** The watch register, latest first. */
export const watchRegister = (db: Db) =>
  db.select().from(watchEntries).orderBy(desc(watchEntries.seenOn), desc(watchEntries.createdAt));

export const watchAction = plainRegisterAction<WatchInput>(
  watchEntries,
  ["seenOn", "kind", "source", "summary", "impact"],
  {
    schema: watchSchema,
    entity: "watch_entry",
    table: "watch_entries",
    messages: {
      unknown: WATCH_ERRORS.unknown,
      gone: "Cette entrée de veille n'existe plus.",
      created: "Veille ajoutée",
      updated: "Veille mise à jour",
      deleted: "Veille supprimée",
    },
    title: watchTitle,
  },
);

/** The disability partners, by name. */
export const partnerRegister = (db: Db) =>
  db
    .select()
    .from(disabilityPartners)
    .orderBy(asc(sql`lower(${disabilityPartners.name})`), asc(disabilityPartners.id));

export const partnerAction = plainRegisterAction<PartnerInput>(
  disabilityPartners,
  ["name", "kind", "contact", "purpose"],
  {
    schema: partnerSchema,
    entity: "disability_partner",
    table: "disability_partners",
    messages: {
      unknown: PARTNER_ERRORS.unknown,
      gone: "Ce partenaire n'existe plus.",
      created: "Partenaire ajouté",
      updated: "Partenaire mis à jour",
      deleted: "Partenaire supprimé",
    },
    title: partnerTitle,
  },
);

/** The watch register of one kind (indicators 23 to 25), entries read in the period, as CSV. */
export async function watchCsv(
  db: Db,
  kind: WatchKind,
  period: { from: string; to: string },
): Promise<string> {
  const entries = await db
    .select()
    .from(watchEntries)
    .where(
      and(
        eq(watchEntries.kind, kind),
        gte(watchEntries.seenOn, period.from),
        lte(watchEntries.seenOn, period.to),
      ),
    )
    .orderBy(asc(watchEntries.seenOn), asc(watchEntries.createdAt));
  return (
    CSV_BOM +
    csvLine(["Date", "Type de veille", "Source", "Résumé", "Ce que cela change"]) +
    entries.map((e) => csvLine([e.seenOn, WATCH_KIND_LABELS[e.kind], e.source, e.summary, e.impact])).join("")
  );
}

/** The disability partners' directory (indicator 26), as CSV. */
export async function partnersCsv(db: Db): Promise<string> {
  const partners = await partnerRegister(db);
  return (
    CSV_BOM +
    csvLine(["Nom", "Type", "Contact", "Pour quoi"]) +
    partners.map((p) => csvLine([p.name, PARTNER_KIND_LABELS[p.kind], p.contact, p.purpose])).join("")
  );
}
