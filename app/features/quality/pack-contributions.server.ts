/**
 * What fills the evidence pack's folders: a list of contributions, one per source of documents the
 * product generates, each naming its indicator and yielding its files one at a time (bytes read from
 * the database for that file only, or a stream from a temporary file), so that the archive never holds
 * more than one document. The registers (survey answers, complaints, absences, watch, partners,
 * improvements) are in pack-registers.server.ts; another source joins with `registerPackContribution`.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { writeAttendanceSheet } from "~/features/attendance/index.server";
import { programmeFileName, renderProgramme } from "~/features/catalogue/index.server";
import { formations } from "~/features/catalogue/schema.server";
import { learnerDocuments } from "~/features/documents/schema.server";
import { INDICATOR_TABLE_COLUMNS, indicatorLines, indicatorTableRows } from "~/features/indicators";
import { allFormationIndicators, formationIndicators } from "~/features/indicators/index.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import { TRAINER_DOCUMENT_KIND_LABELS, trainerName } from "~/features/trainers";
import { trainerDocuments, trainers } from "~/features/trainers/schema.server";
import { CSV_BOM, csvLine } from "~/platform/csv.server";
import { formatDate } from "~/platform/dates";
import { fileNamePart } from "~/platform/pdf-document.server";
import { registerContributions } from "./pack-registers.server";
import type { PackContext, PackContribution, PackSession } from "./pack-types.server";
import { positioningContributions } from "./positioning-pack.server";

export type { PackContext, PackContribution, PackFile, PackPeriod, PackSession } from "./pack-types.server";

/** '2027-03-01 Développeur Web': a session's folder, sorted by its first day. */
export const sessionFolder = (s: Pick<PackSession, "startDate" | "title">) =>
  `${s.startDate} ${fileNamePart(s.title, 60) || "session"}`;

const ids = (sessions: readonly PackSession[]) => sessions.map((s) => s.id);

/** The formations with a session in the period, in the catalogue's order. */
async function periodFormations({ db, sessions }: PackContext) {
  const wanted = [...new Set(sessions.map((s) => s.formationId))];
  if (!wanted.length) return [];
  return db
    .select()
    .from(formations)
    .where(inArray(formations.id, wanted))
    .orderBy(asc(formations.position), asc(formations.title));
}

/** Indicator 1: the programme of each formation run in the period, as the course page offers it. */
const programmes: PackContribution = {
  indicator: 1,
  title:
    "Programmes des formations ayant une session dans la période, tels qu'ils sont publiés le jour du dossier (PDF)",
  count: async (context) => new Set(context.sessions.map((s) => s.formationId)).size,
  async *files(context) {
    for (const formation of await periodFormations(context)) {
      const results = indicatorLines(await formationIndicators(context.db, formation));
      const pdf = await renderProgramme({ formation, centre: context.centre, sessions: [], results });
      yield { path: `programmes/${programmeFileName(formation.slug)}`, data: pdf };
    }
  },
};

/** Indicator 2: the published results with their sample, as Statistiques' table and its CSV show them. */
const results: PackContribution = {
  indicator: 2,
  title: "Résultats publiés par formation, avec leur échantillon (CSV)",
  count: async () => 1,
  async *files({ db }) {
    const lines = indicatorTableRows(await allFormationIndicators(db)).map((r) => csvLine(r.cells));
    yield {
      path: "resultats-publies.csv",
      data: CSV_BOM + csvLine(INDICATOR_TABLE_COLUMNS) + lines.join(""),
    };
  },
};

/**
 * A learner document kind of the period's sessions, sent (it left the centre), each file read alone;
 * with the signed copy received beside an agreement.
 */
function learnerDocumentsOf(
  indicator: number,
  title: string,
  kinds: readonly (typeof learnerDocuments.$inferSelect)["kind"][],
  folder: string,
): PackContribution {
  const where = (sessions: readonly PackSession[]) =>
    and(
      inArray(learnerDocuments.sessionId, ids(sessions)),
      inArray(learnerDocuments.kind, [...kinds]),
      isNotNull(learnerDocuments.sentAt),
    );
  return {
    indicator,
    title,
    async count({ db, sessions }) {
      if (!sessions.length) return 0;
      const [row] = await db
        .select({ n: sql<number>`(count(*) + count(${learnerDocuments.signedFile}))::int` })
        .from(learnerDocuments)
        .where(where(sessions));
      return Number(row?.n ?? 0);
    },
    async *files({ db, sessions }) {
      if (!sessions.length) return;
      const byId = new Map(sessions.map((s) => [s.id, s]));
      const list = await db
        .select({ id: learnerDocuments.id, sessionId: learnerDocuments.sessionId })
        .from(learnerDocuments)
        .where(where(sessions))
        .orderBy(asc(learnerDocuments.sessionId), asc(learnerDocuments.fileName), asc(learnerDocuments.id));
      for (const { id, sessionId } of list) {
        const [doc] = await db
          .select({
            fileName: learnerDocuments.fileName,
            pdf: learnerDocuments.pdf,
            signedFileName: learnerDocuments.signedFileName,
          })
          .from(learnerDocuments)
          .where(eq(learnerDocuments.id, id));
        const session = byId.get(sessionId);
        if (!doc || !session) continue;
        const dir = `${folder}/${sessionFolder(session)}`;
        yield { path: `${dir}/${doc.fileName}`, data: doc.pdf };
        if (doc.signedFileName) {
          const [signed] = await db
            .select({ bytes: learnerDocuments.signedFile })
            .from(learnerDocuments)
            .where(eq(learnerDocuments.id, id));
          if (signed?.bytes) yield { path: `${dir}/signé - ${doc.signedFileName}`, data: signed.bytes };
        }
      }
    },
  };
}

/** The period's sessions that have a timetable: those whose attendance sheet means something. */
async function sessionsWithSlots({ db, sessions }: PackContext): Promise<PackSession[]> {
  if (!sessions.length) return [];
  const withSlots = await db
    .selectDistinct({ sessionId: sessionSlots.sessionId })
    .from(sessionSlots)
    .where(inArray(sessionSlots.sessionId, ids(sessions)));
  const have = new Set(withSlots.map((r) => r.sessionId));
  return sessions.filter((s) => have.has(s.id));
}

/** Indicator 12: each session's attendance sheet as signed, written into a temporary file then read. */
const attendanceSheets: PackContribution = {
  indicator: 12,
  title: "Feuilles d'émargement signées des sessions de la période (PDF)",
  count: async (context) => (await sessionsWithSlots(context)).length,
  async *files(context) {
    for (const session of await sessionsWithSlots(context)) {
      const file = path.join(context.scratch, `emargement-${session.id}.pdf`);
      try {
        const out = createWriteStream(file);
        // Written whole (the writer waits for the file to be finished) before it is read back.
        const made = await writeAttendanceSheet(context.db, session.id, context.today, out);
        if (!made) {
          out.destroy();
          continue;
        }
        yield { path: `${sessionFolder(session)}/${made.fileName}`, stream: createReadStream(file) };
      } finally {
        await rm(file, { force: true });
      }
    }
  },
};

/** The trainers who taught a slot of the period's sessions, by name. */
async function periodTrainers({ db, sessions }: PackContext) {
  if (!sessions.length) return [];
  return db
    .select({
      id: trainers.id,
      firstName: trainers.firstName,
      lastName: trainers.lastName,
      qualification: trainers.qualification,
      skills: trainers.skills,
    })
    .from(trainers)
    .where(
      inArray(
        trainers.id,
        db
          .selectDistinct({ id: sql<string>`${sessionSlots.trainerId}` })
          .from(sessionSlots)
          .where(and(inArray(sessionSlots.sessionId, ids(sessions)), isNotNull(sessionSlots.trainerId))),
      ),
    )
    .orderBy(asc(trainers.lastName), asc(trainers.firstName));
}

/** Indicator 21: the register's lines of the period's trainers and the documents kept on each. */
const trainerFiles: PackContribution = {
  indicator: 21,
  title: "Registre des formateur·rice·s de la période et leurs documents (CV, diplômes, contrats…)",
  async count(context) {
    const people = await periodTrainers(context);
    if (!people.length) return 1;
    const [row] = await context.db
      .select({ n: sql<number>`count(*)::int` })
      .from(trainerDocuments)
      .where(
        inArray(
          trainerDocuments.trainerId,
          people.map((p) => p.id),
        ),
      );
    return 1 + Number(row?.n ?? 0);
  },
  async *files(context) {
    const people = await periodTrainers(context);
    const lines: string[] = [];
    for (const person of people) {
      const docs = await context.db
        .select({
          id: trainerDocuments.id,
          kind: trainerDocuments.kind,
          label: trainerDocuments.label,
          fileName: trainerDocuments.fileName,
          expiresOn: trainerDocuments.expiresOn,
        })
        .from(trainerDocuments)
        .where(eq(trainerDocuments.trainerId, person.id))
        .orderBy(asc(trainerDocuments.uploadedAt), asc(trainerDocuments.id));
      lines.push(
        csvLine([
          trainerName(person),
          person.qualification,
          person.skills,
          docs
            .map(
              (d) =>
                `${TRAINER_DOCUMENT_KIND_LABELS[d.kind]}\u00a0: ${d.label}${d.expiresOn ? ` (valable jusqu'au ${formatDate(d.expiresOn)})` : ""}`,
            )
            .join("\u202f; "),
        ]),
      );
      const folder = fileNamePart(trainerName(person), 60) || "formateur";
      for (const doc of docs) {
        const [file] = await context.db
          .select({ content: trainerDocuments.content })
          .from(trainerDocuments)
          .where(eq(trainerDocuments.id, doc.id));
        if (file) yield { path: `${folder}/${doc.fileName}`, data: file.content };
      }
    }
    yield {
      path: "registre-des-formateurs.csv",
      data: CSV_BOM + csvLine(["Nom", "Qualification", "Compétences", "Documents"]) + lines.join(""),
    };
  },
};

const CONTRIBUTIONS: PackContribution[] = [
  programmes,
  results,
  ...positioningContributions,
  learnerDocumentsOf(9, "Convocations envoyées aux stagiaires (PDF)", ["convocation"], "convocations"),
  learnerDocumentsOf(
    9,
    "Conventions et contrats de formation envoyés, avec la copie signée reçue (PDF)",
    ["convention", "contrat"],
    "conventions et contrats",
  ),
  learnerDocumentsOf(
    11,
    "Attestations de fin de formation et certificats de réalisation envoyés (PDF)",
    ["attestation", "certificate"],
    "attestations et certificats",
  ),
  attendanceSheets,
  trainerFiles,
  ...registerContributions,
];

/** Adds a source to the pack (a register another part of quality keeps); app/boot or the feature calls it once. */
export function registerPackContribution(contribution: PackContribution): void {
  CONTRIBUTIONS.push(contribution);
}

/** The sources, in the order the pack writes them (by indicator, then as listed). */
export const packContributions = (): readonly PackContribution[] =>
  [...CONTRIBUTIONS].sort((a, b) => a.indicator - b.indicator);
