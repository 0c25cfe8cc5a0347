/**
 * What fills the evidence pack's folders: a list of contributions, one per source of documents the
 * product generates, each naming its indicator and yielding its files one at a time (bytes read from
 * the database for that file only, or a stream from a temporary file), so that the archive never holds
 * more than one document. A register kept elsewhere (improvements, watch, disability partners) joins
 * the pack with one more entry (`registerPackContribution`, or the list below).
 */
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { absenceFollowUpCsv, writeAttendanceSheet } from "~/features/attendance/index.server";
import { programmeFileName, renderProgramme } from "~/features/catalogue/index.server";
import { formations } from "~/features/catalogue/schema.server";
import { complaintsRegisterCsv, complaintsRegisterPdf } from "~/features/complaints/index.server";
import { learnerDocuments } from "~/features/documents/schema.server";
import { INDICATOR_TABLE_COLUMNS, indicatorLines, indicatorTableRows } from "~/features/indicators";
import { allFormationIndicators, formationIndicators } from "~/features/indicators/index.server";
import type { CentreSettings } from "~/features/settings";
import { surveyPeriodFiles } from "~/features/surveys/index.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import { TRAINER_DOCUMENT_KIND_LABELS, trainerName } from "~/features/trainers";
import { trainerDocuments, trainers } from "~/features/trainers/schema.server";
import { CSV_BOM, csvLine } from "~/platform/csv.server";
import { formatDate } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { fileNamePart } from "~/platform/pdf-document.server";
import { complaintImprovementLines } from "./complaint-improvements.server";
import { positioningContributions } from "./positioning-pack.server";
import { improvementsCsv } from "./registers.server";
import { WATCH_KIND_INDICATORS, WATCH_KIND_LABELS, WATCH_KINDS } from "./vocabulary";
import { partnersCsv, watchCsv } from "./watch-partners.server";

/** The period of a pack: the centre's days, both included (YYYY-MM-DD). */
export interface PackPeriod {
  from: string;
  to: string;
}

/** A session of the period (it runs on at least one of its days). */
export interface PackSession {
  id: string;
  formationId: string;
  title: string;
  startDate: string;
  endDate: string;
}

export interface PackContext {
  db: Db;
  period: PackPeriod;
  sessions: readonly PackSession[];
  centre: CentreSettings;
  /** The day the pack is made (Paris): the date its files carry and the attendance sheets print. */
  today: string;
  /** A folder of its own for temporary files, removed after the build. */
  scratch: string;
}

/** One file of a folder: its path inside the indicator's folder ('conventions/…/x.pdf') and its bytes. */
export type PackFile = { path: string } & (
  | { data: Uint8Array | string }
  | { stream: AsyncIterable<Uint8Array> }
);

export interface PackContribution {
  indicator: number;
  /** What it puts in the folder, as the index and the LISEZ-MOI name it: 'Programmes des formations (PDF)'. */
  title: string;
  /** How many files it will give for this period: the progress's share of it. */
  count(context: PackContext): Promise<number>;
  files(context: PackContext): AsyncIterable<PackFile>;
}

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

/** Indicator 30: the survey answers of the period and their analysis, per questionnaire. */
const surveyAnswers: PackContribution = {
  indicator: 30,
  title: "Réponses aux enquêtes reçues dans la période et leur analyse, par questionnaire (CSV)",
  async count({ db, period }) {
    const [row] = await rows<{ n: number }>(
      db,
      sql`select count(distinct questionnaire_id)::int as n from survey_invitations
           where (answered_at at time zone 'Europe/Paris')::date between ${period.from}::date and ${period.to}::date`,
    );
    return 2 * Number(row?.n ?? 0);
  },
  async *files({ db, period }) {
    for await (const file of surveyPeriodFiles(db, period)) yield { path: file.name, data: file.content };
  },
};

/** Indicator 31: the complaints register of the period, as data (CSV) and to read (PDF/A). */
const complaintsRegister: PackContribution = {
  indicator: 31,
  title: "Registre des réclamations reçues dans la période (CSV et PDF)",
  count: async () => 2,
  async *files({ db, period, centre }) {
    yield { path: "registre-des-reclamations.csv", data: (await complaintsRegisterCsv(db, period)).csv };
    const improvements = (ids: string[]) => complaintImprovementLines(db, ids);
    const { pdf } = await complaintsRegisterPdf(db, { period, centreName: centre.name, improvements });
    yield { path: "registre-des-reclamations.pdf", data: pdf };
  },
};

/** A register the board keeps, as one CSV in its indicator's folder. */
const registerCsv = (
  indicator: number,
  title: string,
  fileName: string,
  csv: (context: PackContext) => Promise<string>,
): PackContribution => ({
  indicator,
  title,
  count: async () => 1,
  async *files(context) {
    yield { path: fileName, data: await csv(context) };
  },
});

/**
 * Indicator 12's absence alerts of the period and their follow-ups; indicators 23 to 25, 26 and 32: the
 * watch registers, the disability partners, the improvement register.
 */
const boardRegisters: PackContribution[] = [
  registerCsv(
    12,
    "Alertes d'absences de la période et leur suivi (CSV)",
    "suivi-des-absences.csv",
    ({ db, period }) => absenceFollowUpCsv(db, period),
  ),
  ...WATCH_KINDS.map((kind) =>
    registerCsv(
      WATCH_KIND_INDICATORS[kind],
      `Registre de veille « ${WATCH_KIND_LABELS[kind].toLowerCase()} », entrées de la période (CSV)`,
      "registre-de-veille.csv",
      ({ db, period }) => watchCsv(db, kind, period),
    ),
  ),
  registerCsv(26, "Annuaire des partenaires handicap (CSV)", "partenaires-handicap.csv", ({ db }) =>
    partnersCsv(db),
  ),
  registerCsv(32, "Registre des actions d'amélioration (CSV)", "registre-des-ameliorations.csv", ({ db }) =>
    improvementsCsv(db),
  ),
];

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
  surveyAnswers,
  complaintsRegister,
  ...boardRegisters,
];

/** Adds a source to the pack (a register another part of quality keeps); app/boot or the feature calls it once. */
export function registerPackContribution(contribution: PackContribution): void {
  CONTRIBUTIONS.push(contribution);
}

/** The sources, in the order the pack writes them (by indicator, then as listed). */
export const packContributions = (): readonly PackContribution[] =>
  [...CONTRIBUTIONS].sort((a, b) => a.indicator - b.indicator);
