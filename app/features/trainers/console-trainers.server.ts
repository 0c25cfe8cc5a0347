/**
 * The Formateurs screens: the register's list (search, active or not), its dialog's create / update /
 * delete, and one trainer's page (their details, their documents). Each change is in the Journal.
 */
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { crudAction } from "~/features/audit/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import { countRows, NO_PAGE, type Page, readPage, searchMatch } from "~/platform/console/paging.server";
import type { Db } from "~/platform/db/client.server";
import { trainerTitle } from "./audit-record.server";
import { type Trainer, trainerDocuments, trainers } from "./schema.server";
import { TRAINER_ERRORS, type TrainerFilters, type TrainerInput, trainerSchema } from "./trainer-schema";

/** One page of the register, by last then first name, filtered on the search and the state. */
export async function trainersPage(db: Db, filters: TrainerFilters, page: number): Promise<Page<Trainer>> {
  const where = and(
    filters.q
      ? searchMatch(filters.q, trainers.firstName, trainers.lastName, trainers.email, trainers.skills)
      : undefined,
    filters.state === "all" ? undefined : eq(trainers.active, filters.state === "active"),
  );
  return readPage(
    page,
    () => countRows(db, trainers, where),
    (limit, offset) =>
      db
        .select()
        .from(trainers)
        .where(where)
        .orderBy(
          asc(sql`lower(${trainers.lastName})`),
          asc(sql`lower(${trainers.firstName})`),
          asc(trainers.id),
        )
        .limit(limit)
        .offset(offset),
  );
}

export type AdminTrainer = Trainer;
export const NO_TRAINERS: Page<Trainer> = NO_PAGE;

/** One trainer's page: the record and its documents (their facts, not their bytes), latest first. */
export async function trainerRecord(db: Db, id: string) {
  const [trainer] = await db.select().from(trainers).where(eq(trainers.id, id));
  if (!trainer) return null;
  const documents = await db
    .select({
      id: trainerDocuments.id,
      kind: trainerDocuments.kind,
      label: trainerDocuments.label,
      fileName: trainerDocuments.fileName,
      size: trainerDocuments.size,
      expiresOn: trainerDocuments.expiresOn,
      uploadedAt: trainerDocuments.uploadedAt,
    })
    .from(trainerDocuments)
    .where(eq(trainerDocuments.trainerId, id))
    .orderBy(desc(trainerDocuments.uploadedAt), asc(trainerDocuments.id));
  return { trainer, documents };
}

export type TrainerRecord = NonNullable<Awaited<ReturnType<typeof trainerRecord>>>;

/** The fields the dialog edits, as the row has them: the Journal compares the two. */
function editable(row: Trainer): Record<keyof TrainerInput, unknown> {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = row;
  return fields;
}

/** An e-mail address is one trainer's (their space signs them in with it). */
async function refuseTakenEmail(tx: Db, email: string | null, id: string | null) {
  if (!email) return;
  const [other] = await tx
    .select({ id: trainers.id })
    .from(trainers)
    .where(and(eq(sql`lower(${trainers.email})`, email), id ? ne(trainers.id, id) : undefined));
  if (other) throw new AdminInputError(TRAINER_ERRORS.emailTaken, "email");
}

/**
 * The Formateurs screen's action: intent = create | update | delete, for whoever keeps the register
 * (trainers:write). A trainer the timetable names cannot be deleted (foreign key, restrict): the
 * message says to make them inactive instead. Deleting one removes their documents with them.
 */
export const trainerAction = crudAction<TrainerInput>({
  permission: "trainers:write",
  schema: trainerSchema,
  entity: "trainer",
  table: "trainers",
  messages: {
    unknown: TRAINER_ERRORS.unknown,
    gone: "Ce formateur ou cette formatrice n'existe plus.",
    created: "Formateur·rice ajouté·e",
    updated: "Formateur·rice mis·e à jour",
    deleted: "Formateur·rice supprimé·e",
    inUse: TRAINER_ERRORS.inUse,
  },
  async save(tx, input, id) {
    await refuseTakenEmail(tx, input.email, id);
    const [saved] = id
      ? await tx
          .update(trainers)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(trainers.id, id))
          .returning({ id: trainers.id })
      : await tx.insert(trainers).values(input).returning({ id: trainers.id });
    return saved?.id;
  },
  async current(tx, id) {
    const [row] = await tx.select().from(trainers).where(eq(trainers.id, id));
    return row && editable(row);
  },
  title: (_tx, _input, id) => trainerTitle(id),
  async remove(tx, id) {
    const [deleted] = await tx.delete(trainers).where(eq(trainers.id, id)).returning({ id: trainers.id });
    return deleted && { title: trainerTitle(deleted.id) };
  },
});
