// The attendance sheets: the signed sheet prints an empty box where nothing was recorded (never 'Non
// renseigné'), is written in the background with its progress, kept in parts and served by any
// instance; the blank sheet to print for a room without network has a page per day, a box per
// learner and slot; who may download is checked.
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { attendanceEntries } from "~/features/attendance/schema.server";
import { requestSheet } from "~/features/attendance/sheet-jobs.server";
import { formationSessions } from "~/features/catalogue/schema.server";
import { learners } from "~/features/learners/schema.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import * as sessionPage from "~/routes/admin/session-attendance";
import * as blankRoute from "~/routes/admin/session-attendance-blank-sheet";
import * as sheetRoute from "~/routes/admin/session-attendance-sheet";
import { DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);

const pdfText = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text.replace(/\s+/g, " ");

async function newSession() {
  const [formation] = await t.app.database.query<{ id: string }>("select id from formations limit 1");
  const [session] = await t.app.db
    .insert(formationSessions)
    .values({ formationId: formation?.id ?? "", startDate: "2025-03-03", endDate: "2025-03-04", seats: 20 })
    .returning({ id: formationSessions.id, formationId: formationSessions.formationId });
  if (!session) throw new Error("no session");
  const people = await t.app.db
    .insert(learners)
    .values(
      ["Alves", "Bernard", "Costa"].map((lastName, i) => ({
        sessionId: session.id,
        origin: "manual" as const,
        firstName: `Prénom${i}`,
        lastName,
        email: `${lastName.toLowerCase()}.${session.id.slice(0, 8)}@example.fr`,
        status: lastName === "Costa" ? ("dropped_out" as const) : ("enrolled" as const),
        abandonedOn: lastName === "Costa" ? "2025-03-03" : null,
      })),
    )
    .returning({ id: learners.id });
  const slots = await t.app.db
    .insert(sessionSlots)
    .values([
      {
        sessionId: session.id,
        day: "2025-03-03",
        startMinute: 540,
        endMinute: 750,
        trainer: "Claire Dubois",
      },
      { sessionId: session.id, day: "2025-03-03", startMinute: 810, endMinute: 1020 },
      { sessionId: session.id, day: "2025-03-04", startMinute: 540, endMinute: 750 },
    ])
    .returning({ id: sessionSlots.id });
  const params = { id: session.formationId, sessionId: session.id };
  const base = `/admin/formations/${session.formationId}/sessions/${session.id}`;
  return { session, learnerIds: people.map((p) => p.id), slotIds: slots.map((s) => s.id), params, base };
}

describe(`attendance sheets on ${DRIVER}`, () => {
  it("the signed sheet is written in the background with its progress, an empty box where nothing was recorded", async () => {
    const s = await newSession();
    const [alves] = s.learnerIds as [string];
    const [morning] = s.slotIds as [string];
    await t.app.db.insert(attendanceEntries).values({
      slotId: morning,
      learnerId: alves,
      status: "present",
      method: "typed",
      typedName: "Prénom0 Alves",
    });

    const prepare = () =>
      sessionPage.action(
        routeArgs(
          t,
          formRequest(
            `${s.base}/emargement`,
            { intent: "prepare-sheet", sessionId: s.session.id },
            moderator.cookie,
          ),
          s.params,
        ),
      );
    expect(statusOf(await prepare())).toBe(200);
    // A second click while it waits: the same sheet, not a second one.
    expect((await requestSheet(t.app.db, s.session.id, null)).created).toBe(false);
    const page = () =>
      sessionPage.loader(routeArgs(t, getRequest(`${s.base}/emargement`, moderator.cookie), s.params));
    expect((await page()).sheet).toMatchObject({ state: "queued", doneSlots: 0 });
    expect(await t.app.attendanceSheets.runOnce()).toBe(true);
    expect(await t.app.attendanceSheets.runOnce()).toBe(false);
    const ready = (await page()).sheet;
    expect(ready).toMatchObject({ state: "done", doneSlots: 3, totalSlots: 3 });

    const download = await sheetRoute.loader(
      routeArgs(t, getRequest(`${s.base}/emargement.pdf?feuille=${ready?.id}`, moderator.cookie), s.params),
    );
    expect(download.status).toBe(200);
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(bytes.byteLength).toBe(ready?.byteSize);
    const text = await pdfText(bytes);
    expect(text).toContain("Feuille d'émargement");
    expect(text).toContain("Nom saisi : Prénom0 Alves");
    expect(text).not.toContain("Non renseigné");
    expect(text).not.toContain("Non contresigné");
    expect(text).toContain("Formateur·rice :");

    // Prepared again: the new one replaces the old, which is no longer kept.
    expect(statusOf(await prepare())).toBe(200);
    await t.app.attendanceSheets.runOnce();
    const [{ n = 0 } = {}] = await t.app.database.query<{ n: number }>(
      "select count(*)::int as n from attendance_sheets where session_id = $1",
      [s.session.id],
    );
    expect(n).toBe(1);
    const old = await sheetRoute.loader(
      routeArgs(t, getRequest(`${s.base}/emargement.pdf?feuille=${ready?.id}`, moderator.cookie), s.params),
    );
    expect(old.status).toBe(404);
    // A role-less account may neither prepare nor download.
    const refused = await sheetRoute
      .loader(routeArgs(t, getRequest(`${s.base}/emargement.pdf`, roleless.cookie), s.params))
      .catch((thrown: unknown) => thrown);
    expect(statusOf(refused)).toBe(403);
  });

  it("the blank sheet: a page per day, each learner still following the session, empty boxes, nothing 'non renseigné'", async () => {
    const s = await newSession();
    const response = await blankRoute.loader(
      routeArgs(t, getRequest(`${s.base}/emargement-vierge.pdf`, moderator.cookie), s.params),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The PDF reader takes the bytes it is given: each read gets its own copy.
    const document = await getDocumentProxy(bytes.slice());
    expect(document.numPages).toBe(2);
    const text = await pdfText(bytes.slice());
    expect(text).toContain("lundi 3 mars 2025");
    expect(text).toContain("mardi 4 mars 2025");
    expect(text).toMatch(/Matin, 9\sh – 12\sh\s?30/);
    expect(text).toMatch(/Après-midi, 13\sh\s?30 – 17\sh/);
    expect(text).toContain("Alves Prénom0");
    expect(text).toContain("Formateur·rice");
    expect(text).not.toContain("Costa");
    expect(text).not.toContain("Non renseigné");
    const refused = await blankRoute
      .loader(routeArgs(t, getRequest(`${s.base}/emargement-vierge.pdf`, roleless.cookie), s.params))
      .catch((thrown: unknown) => thrown);
    expect(statusOf(refused)).toBe(403);
  });
});
