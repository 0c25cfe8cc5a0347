/**
 * The Bilan pédagogique et financier of one calendar year (Paris days), from the records: the learners
 * of the sessions with slots that year, each counted once in sections F-1, F-3 and F-4 when they
 * attended at least a minute that year, with the hours they attended (hours-learners); section E from
 * the trainers named on the year's slots. Four grouped queries, whatever the number of learners.
 */

import { and, asc, between, eq, exists, sql } from "drizzle-orm";
import { attendedMinutes } from "~/features/attendance/index.server";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { learners } from "~/features/learners/schema.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import { CSV_BOM, csvLine } from "~/platform/csv.server";
import type { Db } from "~/platform/db/client.server";
import { formatIsoDay } from "~/platform/paris-time";
import {
  type BpfLearner,
  type BpfLine,
  type BpfSection,
  type BpfTrainers,
  F1_LABELS,
  F1_LINES,
  F3_LABELS,
  F3_LINES,
  F4_NAMED,
  f4Label,
  hoursOf,
  learnerInLine,
  objectiveOf,
} from "./bpf";

export interface BpfReport {
  year: number;
  /** The years the timetable has slots in (newest first), and the one shown. */
  years: number[];
  sections: BpfSection[];
  /** Learners counted (at least a minute attended in the year). */
  counted: number;
  /** Learners of the year's sessions with no minute attended that year: counted nowhere. */
  notCounted: number;
  trainers: BpfTrainers;
  /** The five NSF codes F-4 names. */
  namedNsf: string[];
}

const dayRange = (year: number) => ({ from: `${year}-01-01`, to: `${year}-12-31` });

/** The BPF is filed in spring for the year before: that year unless another is asked. */
export function defaultYear(now = new Date()): number {
  return Number(formatIsoDay(now).slice(0, 4)) - 1;
}

async function yearsWithSlots(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ year: sql<number>`extract(year from ${sessionSlots.day})::int` })
    .from(sessionSlots);
  return rows.map((r) => Number(r.year));
}

/** Every learner of a session with slots in the year, with what classifies them. */
async function learnersOfYear(db: Db, year: number) {
  const { from, to } = dayRange(year);
  return db
    .select({
      id: learners.id,
      firstName: learners.firstName,
      lastName: learners.lastName,
      email: learners.email,
      anonymisedAt: learners.anonymisedAt,
      traineeCategory: learners.traineeCategory,
      formationTitle: formations.title,
      startDate: formationSessions.startDate,
      endDate: formationSessions.endDate,
      certifying: formations.certifying,
      rncpCode: formations.rncpCode,
      exitLevel: formations.exitLevel,
      bpfObjective: formations.bpfObjective,
      nsf: sql<string | null>`${formations.nsfCodes}[1]`,
    })
    .from(learners)
    .innerJoin(formationSessions, eq(formationSessions.id, learners.sessionId))
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(sessionSlots)
          .where(and(eq(sessionSlots.sessionId, formationSessions.id), between(sessionSlots.day, from, to))),
      ),
    )
    .orderBy(
      asc(formations.title),
      asc(formationSessions.startDate),
      asc(learners.lastName),
      asc(learners.firstName),
      asc(learners.id),
    );
}

/** Trainers' names compared without case nor extra spaces; a slot without one is nobody's. */
async function trainersOfYear(db: Db, year: number): Promise<BpfTrainers> {
  const { from, to } = dayRange(year);
  const key = sql`lower(regexp_replace(nullif(trim(${sessionSlots.trainer}), ''), '\\s+', ' ', 'g'))`;
  const rows = await db
    .select({
      name: sql<
        string | null
      >`min(regexp_replace(nullif(trim(${sessionSlots.trainer}), ''), '\\s+', ' ', 'g'))`,
      minutes: sql<number>`sum(${sessionSlots.endMinute} - ${sessionSlots.startMinute})::int`,
    })
    .from(sessionSlots)
    .where(between(sessionSlots.day, from, to))
    .groupBy(key);
  const people = rows
    .filter((r): r is { name: string; minutes: number } => r.name !== null)
    .map((r) => ({ name: r.name, minutes: Number(r.minutes) }))
    .sort((a, b) => a.name.localeCompare(b.name, "fr"));
  return {
    people,
    minutes: people.reduce((sum, p) => sum + p.minutes, 0),
    unnamedMinutes: rows.filter((r) => r.name === null).reduce((sum, r) => sum + Number(r.minutes), 0),
  };
}

function lineOf(id: string, label: string, counted: readonly BpfLearner[], test: (l: BpfLearner) => boolean) {
  const mine = counted.filter(test);
  return { id, label, learners: mine.length, minutes: mine.reduce((sum, l) => sum + l.minutes, 0) };
}

/** The year's figures and every learner of its sessions (with their lines), for the lists and CSV. */
export async function bpfYear(db: Db, year: number): Promise<{ report: BpfReport; learners: BpfLearner[] }> {
  const { from, to } = dayRange(year);
  const [years, rows, minutes, trainers] = await Promise.all([
    yearsWithSlots(db),
    learnersOfYear(db, year),
    attendedMinutes(db, { from, to }),
    trainersOfYear(db, year),
  ]);
  const all: BpfLearner[] = rows.map((r) => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    anonymised: r.anonymisedAt !== null,
    formationTitle: r.formationTitle,
    startDate: r.startDate,
    endDate: r.endDate,
    f1: r.traineeCategory ?? "unknown",
    f3: objectiveOf(r),
    nsf: r.nsf,
    minutes: minutes.get(r.id) ?? 0,
  }));
  const counted = all.filter((l) => l.minutes > 0);
  const total = { learners: counted.length, minutes: counted.reduce((sum, l) => sum + l.minutes, 0) };
  const shown = (line: BpfLine, always: boolean) => always || line.learners > 0;

  const f1 = F1_LINES.map((c) => lineOf(`f1-${c}`, F1_LABELS[c], counted, (l) => l.f1 === c)).filter((line) =>
    shown(line, line.id !== "f1-unknown"),
  );

  const rncp = F3_LINES.filter((c) => c.startsWith("rncp_"));
  const f3: BpfLine[] = [
    lineOf("f3-rncp", "Formations visant un diplôme, un titre ou un CQP enregistré au RNCP", counted, (l) =>
      l.f3.startsWith("rncp_"),
    ),
    ...rncp
      .map((c) => ({ ...lineOf(`f3-${c}`, F3_LABELS[c], counted, (l) => l.f3 === c), sub: true }))
      .filter((line) => shown(line, line.id !== "f3-rncp_unknown")),
    ...F3_LINES.filter((c) => !c.startsWith("rncp_")).map((c) =>
      lineOf(`f3-${c}`, F3_LABELS[c], counted, (l) => l.f3 === c),
    ),
  ];

  const bySpeciality = new Map<string, { learners: number; minutes: number }>();
  for (const l of counted) {
    if (l.nsf === null) continue;
    const s = bySpeciality.get(l.nsf) ?? { learners: 0, minutes: 0 };
    s.learners++;
    s.minutes += l.minutes;
    bySpeciality.set(l.nsf, s);
  }
  const namedNsf = [...bySpeciality]
    .sort(([a, x], [b, y]) => y.learners - x.learners || y.minutes - x.minutes || a.localeCompare(b))
    .slice(0, F4_NAMED)
    .map(([code]) => code);
  const named = new Set(namedNsf);
  const f4 = [
    ...namedNsf.map((code) => lineOf(`f4-${code}`, f4Label(code), counted, (l) => l.nsf === code)),
    lineOf("f4-others", f4Label("others"), counted, (l) => learnerInLine(l, "f4-others", named)),
    lineOf("f4-unknown", f4Label("unknown"), counted, (l) => l.nsf === null),
  ].filter((line) => shown(line, line.id === "f4-others"));

  return {
    report: {
      year,
      years: [...new Set([...years, year, defaultYear()])].sort((a, b) => b - a),
      sections: [
        { id: "f1", title: "F-1 – Type de stagiaires", lines: f1, total },
        { id: "f3", title: "F-3 – Objectif général des prestations", lines: f3, total },
        { id: "f4", title: "F-4 – Spécialités de formation (codes NSF)", lines: f4, total },
      ],
      counted: counted.length,
      notCounted: all.length - counted.length,
      trainers,
      namedNsf,
    },
    learners: all,
  };
}

/** The label of a ?ligne= value, or null when the year has no such line. */
export function lineLabel(report: BpfReport, line: string): string | null {
  if (line === "all") return "Tous les stagiaires comptés";
  if (line === "none") return "Stagiaires des sessions de l'année sans heure de présence (non comptés)";
  for (const section of report.sections) {
    const found = section.lines.find((l) => l.id === line);
    if (found) return `${section.title.split(" – ")[0]} – ${found.label}`;
  }
  return null;
}

/** The learners one line counts, in the list's order (formation, session, name). */
export function learnersOfLine(report: BpfReport, all: readonly BpfLearner[], line: string): BpfLearner[] {
  const named = new Set(report.namedNsf);
  return all.filter((l) => learnerInLine(l, line, named));
}

const CSV_HEADER = [
  "Nom",
  "Prénom",
  "E-mail",
  "Formation",
  "Début de session",
  "Fin de session",
  "Type de stagiaire (F-1)",
  "Objectif (F-3)",
  "Spécialité (F-4)",
  "Heures de présence dans l'année",
];

const numericDay = (iso: string) => iso.split("-").reverse().join("/");

/**
 * One line's learners as CSV for French Excel, audited like the Stagiaires export (personal data
 * leaving the console), in the same transaction as the read. Null when the year has no such line.
 */
export async function bpfCsv(db: Db, actor: Actor, year: number, line: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const { report, learners: all } = await bpfYear(tx, year);
    if (!lineLabel(report, line)) return null;
    const rows = learnersOfLine(report, all, line);
    await writeAudit(tx, actor, {
      action: "export",
      entity: "learner",
      details: { count: rows.length, bpf: { year, line } },
    });
    const lines = rows.map((l) =>
      csvLine([
        l.anonymised ? "Stagiaire anonymisé·e" : l.lastName,
        l.firstName,
        l.email,
        l.formationTitle,
        numericDay(l.startDate),
        numericDay(l.endDate),
        F1_LABELS[l.f1],
        F3_LABELS[l.f3],
        l.nsf ? f4Label(l.nsf) : "",
        hoursOf(l.minutes),
      ]),
    );
    return CSV_BOM + csvLine(CSV_HEADER) + lines.join("");
  });
}
