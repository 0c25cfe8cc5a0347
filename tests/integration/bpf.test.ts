// Bilan pédagogique et financier: the figures of a seeded year equal the hand-computed ones
// (hours-learners = each learner's hours attended in the year, read from the attendance entries, so
// learners × hours for a session's class), each counted learner is in one line of F-1, of F-3 and of F-4 (three equal totals), section
// E counts the trainers named on the year's slots; the learner's BPF type is a field of the Stagiaires
// dialog and CSV; the screen is for bpf:read, its CSV for learners:export, audited.
import { beforeAll, describe, expect, it } from "vitest";
import { bpfYear } from "~/features/bpf/bpf.server";
import { readLearnersCsv } from "~/features/learners/csv-import";
import * as bpfRoute from "~/routes/admin/bpf";
import * as csvRoute from "~/routes/admin/bpf-csv";
import * as learnersRoute from "~/routes/admin/learners";
import { DRIVER } from "../support/db";
import {
  type FormationFields,
  makeAttendanceEntry,
  makeFormation,
  makeLearner,
  makeSession,
  makeSlot,
} from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { queriesOn } from "../support/query";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");
const none = setUpSignedIn(t, null);

const { rows } = queriesOn(t);
const db = () => t.app.db;

async function formation(values: {
  slug: string;
  certifying?: boolean;
  code?: string | null;
  exit?: FormationFields["exitLevel"];
  objective?: FormationFields["bpfObjective"];
  nsf?: string[];
}): Promise<string> {
  const row = await makeFormation(db(), {
    title: `BPF ${values.slug}`,
    slug: values.slug,
    certifying: values.certifying ?? false,
    rncpCode: values.code ?? null,
    exitLevel: values.exit ?? null,
    bpfObjective: values.objective ?? null,
    nsfCodes: values.nsf ?? [],
  });
  return row.id;
}

async function session(formationId: string, start: string, end: string): Promise<string> {
  const row = await makeSession(db(), { formationId, startDate: start, endDate: end, seats: 10 });
  return row.id;
}

/** A slot from `from` to `to` (hours, Paris wall clock). */
async function slot(sessionId: string, day: string, from: number, to: number, trainer: string | null) {
  await makeSlot(db(), { sessionId, day, startMinute: from * 60, endMinute: to * 60, trainer });
}

async function learner(
  sessionId: string,
  name: string,
  category: Parameters<typeof makeLearner>[1]["traineeCategory"],
  extra: { abandonedOn?: string; anonymised?: boolean } = {},
): Promise<string> {
  const anonymised = extra.anonymised ?? false;
  const row = await makeLearner(db(), {
    sessionId,
    origin: "manual",
    firstName: anonymised ? null : name,
    lastName: anonymised ? null : "Bpf",
    email: anonymised ? null : `${name.toLowerCase()}@bpf.test`,
    traineeCategory: category,
    status: extra.abandonedOn ? "dropped_out" : "in_training",
    abandonedOn: extra.abandonedOn ?? null,
    anonymisedAt: anonymised ? new Date() : null,
  });
  return row.id;
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  const rh = await formation({
    slug: "bpf-rh",
    certifying: true,
    code: "RNCP 35030",
    exit: "niveau-5",
    nsf: ["315"],
  });
  const rs = await formation({
    slug: "bpf-rs",
    certifying: true,
    code: "RS 5826",
    exit: null,
    nsf: ["326", "324"],
  });
  const cqp = await formation({ slug: "bpf-cqp", objective: "cqp" });
  const other = await formation({ slug: "bpf-autre", exit: "niveau-6", nsf: ["326"] });
  const master = await formation({
    slug: "bpf-master",
    certifying: true,
    code: "RNCP 1",
    exit: "niveau-7",
    nsf: ["312"],
  });

  // RH, March 2029: 3 h + 4 h on the 5th, 3 h 30 on the 6th = 10 h 30 (Claire Dubois, written twice).
  const a1 = await session(rh, "2029-03-05", "2029-03-06");
  await slot(a1, "2029-03-05", 9, 12, "Claire Dubois");
  await slot(a1, "2029-03-05", 13, 17, "Claire Dubois");
  await slot(a1, "2029-03-06", 9, 12.5, "  claire   dubois ");
  // RH across the new year: 3 h in December 2028, 3 h in January 2029 (no trainer named).
  const a0 = await session(rh, "2028-12-15", "2029-01-10");
  await slot(a0, "2028-12-15", 9, 12, "Claire Dubois");
  await slot(a0, "2029-01-10", 9, 12, null);
  // RS: two days of 8 h.
  const b = await session(rs, "2029-04-01", "2029-04-02");
  await slot(b, "2029-04-01", 9, 17, "Marc Petit");
  await slot(b, "2029-04-02", 9, 17, "Marc Petit");
  const c = await session(cqp, "2029-05-02", "2029-05-02");
  await slot(c, "2029-05-02", 9, 12, "Marc Petit");
  const d = await session(other, "2029-06-03", "2029-06-03");
  await slot(d, "2029-06-03", 8, 12, "Zoé Roux");
  // Only in 2030.
  const e = await session(master, "2030-01-05", "2030-01-05");
  await slot(e, "2030-01-05", 9, 17, "Zoé Roux");

  ids.l1 = await learner(a1, "Lina", "private_employee");
  ids.l2 = await learner(a1, "Noé", "jobseeker");
  // Left at the end of the first day: the second day is not hers.
  ids.l3 = await learner(a1, "Inès", "apprentice", { abandonedOn: "2029-03-05" });
  ids.l4 = await learner(a0, "Paul", "self_funded");
  ids.l5 = await learner(b, "Sami", "other");
  ids.l6 = await learner(b, "Jade", null);
  ids.l7 = await learner(c, "Hugo", "jobseeker");
  ids.l8 = await learner(d, "Anonyme", "private_employee", { anonymised: true });
  // Left before the session's only slot: no hour in 2029, counted nowhere.
  ids.l10 = await learner(d, "Tom", "other", { abandonedOn: "2029-06-01" });
  ids.l9 = await learner(e, "Eva", "jobseeker");

  // The attendance recorded: every learner present at every slot of their session, except Inès
  // absent on the second day (she left), Tom absent at his only slot, Hugo at first; Eva's 2030 day is recorded
  // too, and counts only in 2030.
  const absent = new Set([`${ids.l3}|2029-03-06`, `${ids.l10}|2029-06-03`, `${ids.l7}|2029-05-02`]);
  const attendance = await rows<{ learner_id: string; slot_id: string; day: string }>(
    `select l.id as learner_id, s.id as slot_id, to_char(s.day, 'YYYY-MM-DD') as day
       from learners l join session_slots s on s.session_id = l.session_id
      where l.id = any($1::uuid[])`,
    [Object.values(ids)],
  );
  for (const a of attendance) {
    const status = absent.has(`${a.learner_id}|${a.day}`) ? "absent" : "present";
    await makeAttendanceEntry(db(), { slotId: a.slot_id, learnerId: a.learner_id, status, method: "staff" });
  }
  // A correction counts, not what it corrects: Hugo, marked absent above, corrected to present (the
  // later entry).
  const [hugoSlot] = attendance.filter((a) => a.learner_id === ids.l7);
  await makeAttendanceEntry(db(), {
    slotId: hugoSlot?.slot_id ?? "",
    learnerId: ids.l7 ?? "",
    status: "present",
    method: "staff",
  });
});

const lineOf = (report: Awaited<ReturnType<typeof bpfYear>>["report"], id: string) =>
  report.sections.flatMap((s) => s.lines).find((l) => l.id === id);
const figures = (report: Awaited<ReturnType<typeof bpfYear>>["report"], section: string) =>
  Object.fromEntries(
    (report.sections.find((s) => s.id === section)?.lines ?? []).map((l) => [
      l.id,
      [l.learners, l.minutes / 60],
    ]),
  );

describe(`the BPF's figures on ${DRIVER}`, () => {
  it("2029: F-1, F-3, F-4 and E equal the hand-computed figures, and the three totals agree", async () => {
    const { report, learners } = await bpfYear(t.app.db, 2029);
    // Hours attended in 2029: Lina and Noé 10.5 each (2 learners × 10.5 h = 21 h), Inès 7 (first day),
    // Paul 3 (January only), Sami and Jade 16 each (2 × 16 = 32 h), Hugo 3, the anonymised learner 4.
    expect(figures(report, "f1")).toEqual({
      "f1-private_employee": [2, 14.5],
      "f1-apprentice": [1, 7],
      "f1-jobseeker": [2, 13.5],
      "f1-self_funded": [1, 3],
      "f1-other": [1, 16],
      "f1-unknown": [1, 16],
    });
    expect(figures(report, "f3")).toEqual({
      "f3-rncp": [4, 31],
      "f3-rncp_6_8": [0, 0],
      "f3-rncp_5": [4, 31],
      "f3-rncp_4": [0, 0],
      "f3-rncp_3": [0, 0],
      "f3-rncp_2": [0, 0],
      "f3-rncp_cqp": [0, 0],
      "f3-rs": [2, 32],
      "f3-cqp": [1, 3],
      "f3-other": [1, 4],
      "f3-skills_assessment": [0, 0],
      "f3-vae": [0, 0],
    });
    expect(figures(report, "f4")).toEqual({
      "f4-315": [4, 31],
      "f4-326": [3, 36],
      "f4-others": [0, 0],
      "f4-unknown": [1, 3],
    });
    expect(lineOf(report, "f4-326")?.label).toBe(
      "326 – Informatique, traitement de l'information, réseaux de transmission",
    );
    // Each learner once per section: the lines add up to the same total in the three (the RNCP
    // group's own line is the sum of its sub-lines, not counted twice).
    for (const section of report.sections) {
      const lines = section.lines.filter((l) => l.id !== "f3-rncp");
      expect(section.total).toEqual({ learners: 8, minutes: 70 * 60 });
      expect(lines.reduce((n, l) => n + l.learners, 0)).toBe(8);
      expect(lines.reduce((n, l) => n + l.minutes, 0)).toBe(70 * 60);
    }
    expect(report.counted).toBe(8);
    expect(report.notCounted).toBe(1);
    expect(learners.find((l) => l.id === ids.l10)?.minutes).toBe(0);
    expect(learners.some((l) => l.id === ids.l9)).toBe(false);
    // E: names compared without case nor extra spaces; the unnamed slot's hours apart; 2028 and 2030 out.
    expect(report.trainers).toEqual({
      people: [
        { name: "Claire Dubois", minutes: 630 },
        { name: "Marc Petit", minutes: 1140 },
        { name: "Zoé Roux", minutes: 240 },
      ],
      minutes: 2010,
      unnamedMinutes: 180,
    });
    expect(report.years).toEqual(expect.arrayContaining([2030, 2029, 2028]));
  });

  it("2028 counts only the hours of 2028: Paul's December day", async () => {
    const { report } = await bpfYear(t.app.db, 2028);
    expect(figures(report, "f1")["f1-self_funded"]).toEqual([1, 3]);
    expect(report.sections.map((s) => s.total)).toEqual([
      { learners: 1, minutes: 180 },
      { learners: 1, minutes: 180 },
      { learners: 1, minutes: 180 },
    ]);
    expect(report.trainers.people).toEqual([{ name: "Claire Dubois", minutes: 180 }]);
  });
});

describe(`the BPF screen on ${DRIVER}`, () => {
  const page = (query: string, cookie?: string) =>
    bpfRoute.loader(routeArgs(t, getRequest(`/admin/statistiques/bpf${query}`, cookie)));
  const csv = (query: string, cookie?: string) =>
    csvRoute.loader(routeArgs(t, getRequest(`/admin/statistiques/bpf/stagiaires.csv${query}`, cookie)));

  it("a figure's list names the learners it counts (moderators included); an unknown line says so", async () => {
    const data = await page("?annee=2029&ligne=f1-jobseeker", moderator.cookie);
    expect(data.report.year).toBe(2029);
    expect(data.list?.label).toBe("F-1 – Demandeur·euse d'emploi");
    expect(data.list?.learners.map((l) => [l.firstName, l.minutes])).toEqual([
      ["Hugo", 180],
      ["Noé", 630],
    ]);
    const all = await page("?annee=2029&ligne=all", moderator.cookie);
    expect(all.list?.learners).toHaveLength(8);
    const notCounted = await page("?annee=2029&ligne=none", moderator.cookie);
    expect(notCounted.list?.learners.map((l) => l.firstName)).toEqual(["Tom"]);
    const unknown = await page("?annee=2029&ligne=f9-rien", moderator.cookie);
    expect(unknown.list).toBeNull();
    expect(unknown.unknownLine).toBe(true);
  });

  it("a figure's CSV: its learners with their hours, audited; moderators and role-less users refused, anonymous sent to sign in", async () => {
    const response = (await csv("?annee=2029&ligne=f3-rncp_5", admin.cookie)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="bpf-2029-f3-rncp_5.csv"');
    const text = await response.text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Nom;Prénom;E-mail;Formation;Début de session;Fin de session;Type de stagiaire (F-1);Objectif (F-3);Spécialité (F-4);Heures de présence dans l'année",
    );
    expect(lines.slice(1).map((l) => [l.split(";")[1], l.split(";").at(-1)])).toEqual([
      // By formation, then session (Paul's began in December 2028), then name.
      ["Paul", "3"],
      ["Inès", "7"],
      ["Lina", "10,5"],
      ["Noé", "10,5"],
    ]);
    const [audit] = await rows<{ details: { count: number; bpf: unknown } }>(
      "select details from audit_log where action = 'export' and entity = 'learner' order by created_at desc limit 1",
    );
    expect(audit?.details).toEqual({ count: 4, bpf: { year: 2029, line: "f3-rncp_5" } });
    expect(statusOf(await csv("?annee=2029&ligne=f9-rien", admin.cookie))).toBe(404);
    await expect(csv("?annee=2029&ligne=all", moderator.cookie)).rejects.toMatchObject({ status: 403 });
    await expect(csv("?annee=2029&ligne=all", none.cookie)).rejects.toMatchObject({ status: 403 });
    await expect(csv("?annee=2029&ligne=all")).rejects.toMatchObject({ status: 302 });
    await expect(page("?annee=2029", none.cookie)).rejects.toMatchObject({ status: 403 });
    await expect(page("?annee=2029")).rejects.toMatchObject({ status: 302 });
  });
});

describe(`the learner's BPF type on ${DRIVER}`, () => {
  const act = (fields: Record<string, string>) =>
    learnersRoute
      .action(routeArgs(t, formRequest("/admin/stagiaires", fields, moderator.cookie)))
      .catch((thrown: unknown) => thrown);

  it("the dialog stores it; an unknown value is refused in French", async () => {
    const fields = {
      intent: "update",
      id: ids.l6 ?? "",
      firstName: "Jade",
      lastName: "Bpf",
      email: "jade@bpf.test",
      status: "in_training",
      traineeCategory: "apprentice",
    };
    expect(statusOf(await act(fields))).toBe(200);
    const [row] = await rows<{ trainee_category: string }>(
      "select trainee_category from learners where id = $1",
      [ids.l6],
    );
    expect(row?.trainee_category).toBe("apprentice");
    const wrong = await act({ ...fields, traineeCategory: "astronaute" });
    expect(statusOf(wrong)).toBe(400);
    expect((await bodyOf(wrong)).errors).toEqual({
      traineeCategory:
        "Type de stagiaire inconnu : salarié·e, apprenti·e, demandeur·euse d'emploi, particulier ou autre",
    });
    // Blank: not said (back to the F-1 line to complete).
    expect(statusOf(await act({ ...fields, traineeCategory: "" }))).toBe(200);
    const [after] = await rows<{ trainee_category: string | null }>(
      "select trainee_category from learners where id = $1",
      [ids.l6],
    );
    expect(after?.trainee_category).toBeNull();
  });

  it("the CSV import reads it in words, accents, case and inclusive endings aside", () => {
    const reading = readLearnersCsv(
      "Prénom;Nom;E-mail;Type de stagiaire\nA;A;a@x.test;Salarié·e\nB;B;b@x.test;demandeuse d'emploi\nC;C;c@x.test;APPRENTI\nD;D;d@x.test;\nE;E;e@x.test;astronaute\n",
    );
    expect(reading.rows.map((r) => r.traineeCategory)).toEqual([
      "private_employee",
      "jobseeker",
      "apprentice",
      null,
    ]);
    expect(reading.problems).toEqual([
      {
        line: 6,
        message:
          "Type de stagiaire : Type de stagiaire inconnu : salarié·e, apprenti·e, demandeur·euse d'emploi, particulier ou autre",
      },
    ]);
  });
});
