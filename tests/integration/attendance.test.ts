// Émargement: a learner signs a slot through a personal link only while the slot is open (the
// server's clock, injected here), once; the trainer's device signs the same way; staff mark an
// absence or a lateness, and a correction is a new entry, audited, the old one kept; many
// signatures posted at once are all kept, none twice; the sheet lists signatures and hours; the
// learner's page answers 404 or 410 in French for an unknown or ended link.
import { and, eq, sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { slotLinks } from "~/features/attendance/attendance-links.server";
import { attendedMinutes } from "~/features/attendance/index.server";
import { attendanceEntries } from "~/features/attendance/schema.server";
import { renderAttendanceSheet } from "~/features/attendance/sheet-pdf.server";
import { signOnPad, signThroughLink } from "~/features/attendance/signing.server";
import { auditLog } from "~/features/audit/schema.server";
import * as sessionPage from "~/routes/admin/session-attendance";
import * as sheetRoute from "~/routes/admin/session-attendance-sheet";
import * as slotPage from "~/routes/admin/session-attendance-slot";
import * as learnerPage from "~/routes/site/attendance-sign";
import { attendanceSession, parisAt, signatureDataUrl, signedForm } from "../support/attendance";
import { DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const moderator = setUpSignedIn(t, "moderator");
const admin = setUpSignedIn(t, "admin");

const at = parisAt;
const signed = signedForm;
const signature = signatureDataUrl;
const device = { ip: "203.0.113.7", userAgent: "Test/1.0" };

/** A session of 2027-03-01 → 05 with `people` learners and one morning slot on `day`, with their links. */
async function newSession(people: number, day = "2027-03-01") {
  const made = await attendanceSession(t, {
    people,
    slots: [{ day, startMinute: 540, endMinute: 750 }],
    session: { startDate: "2027-03-01", endDate: "2027-03-05", place: "Salle 1", seats: 300 },
  });
  const slotId = made.slotIds[0] ?? "";
  const links = await slotLinks(t.app.db, t.app.config.authSecret, slotId);
  const tokenOf = new Map(links.map((l) => [l.learnerId, l.token]));
  return { session: made.session, learnerIds: made.learnerIds, slotId, tokenOf };
}

const entriesOf = (slotId: string) =>
  t.app.db.select().from(attendanceEntries).where(eq(attendanceEntries.slotId, slotId));

describe(`attendance on ${DRIVER}`, () => {
  it("a personal link signs once, only from 15 min before the start to the end; stored with time and address", async () => {
    const { slotId, learnerIds, tokenOf } = await newSession(2);
    const [ana] = learnerIds;
    const token = tokenOf.get(ana ?? "") ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The same link on a second ask: the console shows the same one.
    const again = await slotLinks(t.app.db, t.app.config.authSecret, slotId);
    expect(again.find((l) => l.learnerId === ana)?.token).toBe(token);

    expect(
      await signThroughLink(t.app.db, token, await signed(), device, at("2027-03-01", "08:40")),
    ).toMatchObject({
      state: "early",
    });
    const first = await signThroughLink(t.app.db, token, await signed(), device, at("2027-03-01", "08:50"));
    expect(first.state).toBe("signed");
    const second = await signThroughLink(t.app.db, token, await signed(), device, at("2027-03-01", "09:30"));
    expect(second.state).toBe("already");
    expect(await signThroughLink(t.app.db, token, await signed(), device, at("2027-03-01", "12:30"))).toEqual(
      {
        state: "closed",
      },
    );
    expect(
      await signThroughLink(t.app.db, "x".repeat(43), await signed(), device, at("2027-03-01", "10:00")),
    ).toEqual({
      state: "unknown",
    });
    const rows = await entriesOf(slotId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ learnerId: ana, status: "present", method: "link", ip: "203.0.113.7" });
    // Stamped by the server's clock that opened the window, not the database's.
    expect(rows[0]?.recordedAt).toEqual(at("2027-03-01", "08:50"));
    expect(rows[0]?.signature?.byteLength).toBeGreaterThan(50);

    // Not a PNG, or too large: refused in French, nothing stored.
    const [, bruno] = learnerIds;
    const brunoToken = tokenOf.get(bruno ?? "") ?? "";
    const fake = new FormData();
    fake.set("signature", "data:image/png;base64,aGVsbG8=");
    expect(await signThroughLink(t.app.db, brunoToken, fake, device, at("2027-03-01", "10:00"))).toEqual({
      state: "invalid",
      error: "La signature n'est pas une image PNG.",
    });
    const huge = new FormData();
    huge.set("signature", `data:image/png;base64,${"A".repeat(300_000)}`);
    expect(
      await signThroughLink(t.app.db, brunoToken, huge, device, at("2027-03-01", "10:00")),
    ).toMatchObject({
      state: "invalid",
      error: expect.stringContaining("200 Ko"),
    });
    // A PNG header (signature and IHDR of a real one) followed by junk: decoded, refused.
    const real = Buffer.from((await signature()).slice(22), "base64");
    const junk = Buffer.concat([real.subarray(0, 33), Buffer.alloc(2_000, 0x5a)]);
    const forged = new FormData();
    forged.set("signature", `data:image/png;base64,${junk.toString("base64")}`);
    expect(await signThroughLink(t.app.db, brunoToken, forged, device, at("2027-03-01", "10:00"))).toEqual({
      state: "invalid",
      error: "La signature n'est pas une image PNG.",
    });
    // A typed name signs only for the learner the link belongs to: someone else's name is refused.
    const typed = (name: string) => {
      const form = new FormData();
      form.set("typedName", name);
      return signThroughLink(t.app.db, brunoToken, form, device, at("2027-03-01", "10:00"));
    };
    for (const other of ["Bruno Nom001", "Prénom0 Nom000", "Prénom1", "Prénom1 Nom0011"]) {
      expect(await typed(other), other).toEqual({
        state: "invalid",
        error:
          "Ce nom n'est pas celui du ou de la stagiaire pour qui ce lien a été envoyé\u202f: saisissez votre prénom et votre nom tels que le centre les a enregistrés.",
      });
    }
    expect((await entriesOf(slotId)).filter((e) => e.learnerId === bruno)).toEqual([]);
    // Their own name, whatever the case, accents, spaces and order of the words.
    expect((await typed("  NOM001   prenom1 ")).state).toBe("signed");
    expect((await entriesOf(slotId)).find((e) => e.learnerId === bruno)).toMatchObject({
      method: "typed",
      typedName: "NOM001 prenom1",
    });
    expect((await attendedMinutes(t.app.db, { learnerIds })).get(bruno ?? "")).toBe(210);
  });

  it("many signatures posted at once, each twice: every learner signed exactly once", async () => {
    const people = 40;
    const { slotId, learnerIds, tokenOf } = await newSession(people);
    const now = at("2027-03-01", "09:05");
    const form = await signed();
    const outcomes = await Promise.all(
      learnerIds.flatMap((id) => [
        signThroughLink(t.app.db, tokenOf.get(id) ?? "", form, device, now),
        signThroughLink(t.app.db, tokenOf.get(id) ?? "", form, device, now),
      ]),
    );
    expect(outcomes.filter((o) => o.state === "signed")).toHaveLength(people);
    expect(outcomes.filter((o) => o.state === "already")).toHaveLength(people);
    const rows = await entriesOf(slotId);
    expect(rows).toHaveLength(people);
    expect(new Set(rows.map((r) => r.learnerId)).size).toBe(people);
  });

  it("staff mark an absence; a correction is a new entry, the old one kept, audited; only administrators correct", async () => {
    const { session, slotId, learnerIds } = await newSession(2);
    const [chloe, dan] = learnerIds;
    const url = `/admin/formations/${session.formationId}/sessions/${session.id}/emargement/${slotId}`;
    const params = { id: session.formationId, sessionId: session.id, slotId };
    const post = async (cookie: string, fields: Record<string, string>) => {
      const result = await slotPage.action(
        routeArgs(t, formRequest(url, { sessionId: session.id, slotId, ...fields }, cookie), params),
      );
      return { status: statusOf(result), body: await bodyOf(result) };
    };
    const mark = await post(moderator.cookie, {
      intent: "mark",
      learnerId: chloe ?? "",
      status: "absent",
      reason: "Malade",
    });
    expect(mark.status).toBe(200);
    const twice = await post(moderator.cookie, { intent: "mark", learnerId: chloe ?? "", status: "present" });
    expect(twice.status).toBe(409);
    expect((twice.body.toast as { title: string }).title).toBe("Émargement déjà renseigné");
    await expect(
      slotPage.action(
        routeArgs(
          t,
          formRequest(
            url,
            { intent: "correct", sessionId: session.id, slotId, learnerId: chloe ?? "", status: "present" },
            moderator.cookie,
          ),
          params,
        ),
      ),
    ).rejects.toMatchObject({ status: 403 });
    const late = await post(admin.cookie, {
      intent: "correct",
      learnerId: chloe ?? "",
      status: "late",
      lateMinutes: "abc",
    });
    expect(late.status).toBe(400);
    expect((late.body.errors as Record<string, string>).lateMinutes).toBe(
      "Indiquez le retard en minutes (1 ou plus)",
    );
    const fix = await post(admin.cookie, {
      intent: "correct",
      learnerId: chloe ?? "",
      status: "late",
      lateMinutes: "30",
      reason: "Train en retard",
    });
    expect(fix.status).toBe(200);

    const rows = (await entriesOf(slotId)).filter((e) => e.learnerId === chloe).sort((a, b) => a.seq - b.seq);
    expect(rows.map((r) => [r.status, r.lateMinutes, r.reason])).toEqual([
      ["absent", 0, "Malade"],
      ["late", 30, "Train en retard"],
    ]);
    expect(rows[1]?.correctsId).toBe(rows[0]?.id);
    expect((await attendedMinutes(t.app.db, { sessionId: session.id })).get(chloe ?? "")).toBe(180);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "learner"),
          eq(auditLog.entityId, chloe ?? ""),
          // The marks' entries (the absence also raised an alert, audited as the server's).
          sql`${auditLog.details} ? 'attendance'`,
        ),
      )
      .orderBy(auditLog.createdAt);
    expect(audit.map((a) => (a.details as { changes: unknown[] }).changes)).toEqual([
      [{ field: "attendance", from: "non renseigné", to: "Absent·e" }],
      [{ field: "attendance", from: "Absent·e", to: "En retard (30 min)" }],
    ]);
    expect(audit[1]?.actorEmail).toBe(admin.email);

    // The trainer's device: a signature drawn on the pad, at a chosen instant.
    const pad = await signOnPad(
      t.app.db,
      { sessionId: session.id, slotId, learnerId: dan ?? "", recordedBy: moderator.userId },
      await signed(),
      device,
      at("2027-03-01", "09:10"),
    );
    expect(pad.state).toBe("signed");
    // The database refuses to change what was recorded.
    await expect(
      t.app.database.query("update attendance_entries set status = 'absent' where learner_id = $1", [dan]),
    ).rejects.toThrow(/append-only/);
  });

  it("the sheet lists each signature with its time and the hours attended; a role-less user is refused", async () => {
    const { session, slotId, learnerIds, tokenOf } = await newSession(2);
    const [eva, finn] = learnerIds;
    await signThroughLink(
      t.app.db,
      tokenOf.get(eva ?? "") ?? "",
      await signed(),
      device,
      at("2027-03-01", "09:02"),
    );
    const absent = await slotPage.action(
      routeArgs(
        t,
        formRequest(
          `/admin/formations/${session.formationId}/sessions/${session.id}/emargement/${slotId}`,
          {
            intent: "mark",
            sessionId: session.id,
            slotId,
            learnerId: finn ?? "",
            status: "absent",
            reason: "Rendez-vous médical",
          },
          moderator.cookie,
        ),
        { id: session.formationId, sessionId: session.id, slotId },
      ),
    );
    expect(statusOf(absent)).toBe(200);
    const sheet = await renderAttendanceSheet(t.app.db, session.id, "2027-03-05");
    if (!sheet) throw new Error("no sheet");
    expect(sheet.pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(sheet.pdf)), { mergePages: true })
    ).text.replace(/\s+/g, " ");
    expect(text).toContain("Feuille d'émargement");
    expect(text).toContain("Nom000 Prénom0");
    expect(text).toContain("Signé");
    expect(text).toContain("Absent·e : Rendez-vous médical");
    expect(text).toContain("Heures suivies par stagiaire");
    expect(text).toMatch(/3\s?h\s?30/);
    expect(sheet.fileName).toMatch(/^emargement-[a-z0-9-]+-2027-03-01\.pdf$/);

    // The route answers the PDF under the session's own formation only: another formation's id is a 404.
    const [other] = await t.app.database.query<{ id: string }>(
      "select id from formations where id <> $1 limit 1",
      [session.formationId],
    );
    const download = (formationId: string) =>
      sheetRoute.loader(
        routeArgs(
          t,
          getRequest(`/admin/formations/${formationId}/sessions/${session.id}/emargement.pdf`, admin.cookie),
          { id: formationId, sessionId: session.id },
        ),
      ) as Promise<Response>;
    // Nothing to download before the sheet is prepared (in the background) on the session's page.
    expect((await download(session.formationId)).status).toBe(404);
    const prepared = await sessionPage.action(
      routeArgs(
        t,
        formRequest(
          `/admin/formations/${session.formationId}/sessions/${session.id}/emargement`,
          { intent: "prepare-sheet", sessionId: session.id },
          admin.cookie,
        ),
        { id: session.formationId, sessionId: session.id },
      ),
    );
    expect(statusOf(prepared)).toBe(200);
    expect(await t.app.attendanceSheets.runOnce()).toBe(true);
    const own = await download(session.formationId);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    const served = Buffer.from(await own.arrayBuffer());
    expect(served.subarray(0, 5).toString()).toBe("%PDF-");
    expect(Number(own.headers.get("content-length"))).toBe(served.byteLength);
    const elsewhere = await download(other?.id ?? "");
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.text()).toBe("Session introuvable");
  });

  it("the learner's page: unknown link 404, ended slot 410, in French, never kept", async () => {
    const unknown = await learnerPage.loader(
      routeArgs(t, getRequest(`/emargement/${"y".repeat(43)}`), { token: "y".repeat(43) }),
    );
    expect(statusOf(unknown)).toBe(404);
    // A slot of a day long past, by the real clock the routes read: the link no longer signs.
    const { tokenOf, learnerIds, slotId } = await newSession(1, "2020-01-06");
    const token = tokenOf.get(learnerIds[0] ?? "") ?? "";
    const ended = await learnerPage.loader(routeArgs(t, getRequest(`/emargement/${token}`), { token }));
    expect(statusOf(ended)).toBe(410);
    expect(await bodyOf(ended)).toEqual({ gone: "closed" });
    const post = await learnerPage.action(
      routeArgs(t, formRequest(`/emargement/${token}`, { signature: await signature() }), { token }),
    );
    expect(statusOf(post)).toBe(410);
    expect(await entriesOf(slotId)).toHaveLength(0);
  });
});
