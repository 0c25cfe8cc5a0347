// The slot's QR code shown in the room: its address is a secret of the slot (masked in the logs), the
// console shows it full screen as an SVG drawn on the server; a learner who scans it signs only as
// themselves, with their personal code (never a name), only during the slot's signing window; the
// signature is recorded as their own ('room', no staff account), once; 'Tous présents' after the slot
// marks only those without an entry, journaled, append-only; who may do what is checked.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  attendanceCode,
  roomSlotOf,
  roomUrl,
  slotRoomToken,
} from "~/features/attendance/attendance-links.server";
import { attendanceEntries } from "~/features/attendance/schema.server";
import { identifyInRoom, signInRoom } from "~/features/attendance/signing.server";
import { auditLog } from "~/features/audit/schema.server";
import { learners } from "~/features/learners/schema.server";
import { maskSecrets } from "~/platform/http/addresses.server";
import { parisParts } from "~/platform/paris-time";
import * as qrPage from "~/routes/admin/session-attendance-qr";
import * as slotPage from "~/routes/admin/session-attendance-slot";
import * as roomPage from "~/routes/site/attendance-room";
import { attendanceSession, parisAt, signedForm } from "../support/attendance";
import { DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { BASE_URL, bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);

const at = parisAt;
const device = { ip: "203.0.113.9", userAgent: "Téléphone/1.0" };

/** A session of one slot with `people` learners named 'Prénom<i> Salle<ii>'. */
async function newSession(people: number, slot: { day: string; startMinute: number; endMinute: number }) {
  const made = await attendanceSession(t, {
    people,
    slots: [slot],
    lastName: "Salle",
    pad: 2,
    session: { seats: 40 },
  });
  const slotId = made.slotIds[0] ?? "";
  return {
    session: made.session,
    learnerIds: made.learnerIds,
    slotId,
    params: made.paramsOf(slotId),
    base: made.baseOf(slotId),
  };
}

const codeOf = (learnerId: string) => attendanceCode(t.app.config.authSecret, learnerId);
const entriesOf = (slotId: string) =>
  t.app.db.select().from(attendanceEntries).where(eq(attendanceEntries.slotId, slotId));

describe(`signing in the room through the slot's QR code on ${DRIVER}`, () => {
  it("signs only with the learner's own code, only during the window, as the learner's own, once", async () => {
    const day = "2027-05-03";
    const s = await newSession(3, { day, startMinute: 540, endMinute: 750 });
    const [ana, ben, chloe] = s.learnerIds as [string, string, string];
    const token = await slotRoomToken(t.app.db, t.app.config.authSecret, s.slotId);
    // One secret per slot, the same each time it is shown; a hash in the database, not the token.
    expect(await slotRoomToken(t.app.db, t.app.config.authSecret, s.slotId)).toBe(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.app.database.query<{ token_hash: string }>(
      "select token_hash from attendance_room_links where slot_id = $1",
      [s.slotId],
    );
    expect(stored?.token_hash).not.toContain(token);
    expect((await roomSlotOf(t.app.db, token))?.slotId).toBe(s.slotId);
    // Its address is masked in the logs like a personal link's.
    expect(maskSecrets(`GET ${roomUrl(BASE_URL, token)} 200`)).toBe(
      `GET ${BASE_URL}/emargement/salle/[masqué] 200`,
    );

    // Before the window (8 h 44) and after it (12 h 31): refused whatever the code.
    const sign = (fields: Record<string, string>, when: Date) =>
      signedForm(fields).then((form) =>
        signInRoom(t.app.db, t.app.config.authSecret, token, form, device, when),
      );
    expect((await sign({ code: codeOf(ana) }, at(day, "08:44"))).state).toBe("early");
    expect((await sign({ code: codeOf(ana) }, at(day, "12:31"))).state).toBe("closed");
    // During it: without a code, with a wrong code, with another session's code: refused, nothing kept.
    expect((await sign({}, at(day, "09:05"))).state).toBe("wrong-code");
    expect((await sign({ code: "AAAAAA" }, at(day, "09:05"))).state).toBe("wrong-code");
    const other = await newSession(1, { day, startMinute: 540, endMinute: 750 });
    expect((await sign({ code: codeOf(other.learnerIds[0] ?? "") }, at(day, "09:05"))).state).toBe(
      "wrong-code",
    );
    // A name is no identity here: typing Ana's name without her code signs nothing.
    expect((await sign({ typedName: "Prénom0 Salle00" }, at(day, "09:05"))).state).toBe("wrong-code");
    expect(await entriesOf(s.slotId)).toHaveLength(0);

    // Ana's code, typed as people do (lower case, a space): she is named, and signs as herself.
    const code = codeOf(ana);
    const typed = `${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`;
    const who = await identifyInRoom(t.app.db, t.app.config.authSecret, token, typed, at(day, "09:05"));
    expect(who).toMatchObject({ state: "identified", learnerId: ana, learnerName: "Prénom0 Salle00" });
    expect((await sign({ code: typed }, at(day, "09:06"))).state).toBe("signed");
    expect((await sign({ code }, at(day, "09:07"))).state).toBe("already");
    const [entry, ...more] = await entriesOf(s.slotId);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      learnerId: ana,
      method: "room",
      status: "present",
      recordedBy: null,
      ip: device.ip,
      userAgent: device.userAgent,
    });
    expect(entry?.recordedAt.toISOString()).toBe(at(day, "09:06").toISOString());
    // The sheet's copy of the drawing was made as she signed.
    const [image] = await t.app.database.query<{ n: number }>(
      "select count(*)::int as n from attendance_sheet_images where entry_id = $1",
      [entry?.id],
    );
    expect(image?.n).toBe(1);
    // An abandoned learner's code no longer signs.
    await t.app.db
      .update(learners)
      .set({ status: "dropped_out", abandonedOn: day })
      .where(eq(learners.id, chloe));
    expect((await sign({ code: codeOf(chloe) }, at(day, "09:10"))).state).toBe("wrong-code");
    expect((await sign({ code: codeOf(ben) }, at(day, "09:10"))).state).toBe("signed");
  });

  it("the pages: the console's full-screen QR code (SVG, staff only), the learner's page answering in French", async () => {
    // A slot open now, so that the routes (which read the server's clock) find it open.
    const now = parisParts(new Date());
    const [h = 0, m = 0] = now.time.split(":").map(Number);
    const minute = h * 60 + m;
    const s = await newSession(2, {
      day: now.day,
      startMinute: Math.max(minute - 30, 0),
      endMinute: Math.min(minute + 90, 1440),
    });
    const qrUrl = `${s.base}/qr-code`;
    const shown = await qrPage.loader(routeArgs(t, getRequest(qrUrl, moderator.cookie), s.params));
    expect(shown.window).toBe("open");
    expect(shown.url).toMatch(new RegExp(`^${BASE_URL}/emargement/salle/[A-Za-z0-9_-]{43}$`));
    const svg = Buffer.from(shown.image.replace("data:image/svg+xml;base64,", ""), "base64").toString();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // A role-less account may not show it.
    const refused = await qrPage
      .loader(routeArgs(t, getRequest(qrUrl, roleless.cookie), s.params))
      .catch((thrown: unknown) => thrown);
    expect(statusOf(refused)).toBe(403);

    const token = shown.url.split("/").at(-1) ?? "";
    const room = (fields: Record<string, string>) =>
      roomPage.action(
        routeArgs(t, formRequest(`/emargement/salle/${token}`, fields), { token }, "198.51.100.20"),
      );
    expect(
      statusOf(await roomPage.loader(routeArgs(t, getRequest(`/emargement/salle/${token}`), { token }))),
    ).toBe(200);
    const wrong = await room({ intent: "identify", code: "ZZZ 999" });
    expect(statusOf(wrong)).toBe(400);
    expect(String((await bodyOf(wrong)).error)).toContain("Ce code ne correspond à aucun·e stagiaire");
    const [first] = s.learnerIds as [string];
    const identified = await room({ intent: "identify", code: codeOf(first) });
    expect((await bodyOf(identified)).identified).toMatchObject({ name: "Prénom0 Salle00" });
    const form = await signedForm({ intent: "sign", code: codeOf(first) });
    const signed = await roomPage.action(
      routeArgs(
        t,
        new Request(`${BASE_URL}/emargement/salle/${token}`, {
          method: "POST",
          body: form,
          headers: { origin: BASE_URL },
        }),
        { token },
        "198.51.100.20",
      ),
    );
    expect(statusOf(signed)).toBe(200);
    const [entry] = await t.app.db
      .select()
      .from(attendanceEntries)
      .where(and(eq(attendanceEntries.slotId, s.slotId), eq(attendanceEntries.learnerId, first)));
    expect(entry?.method).toBe("room");
    expect(entry?.ip).toBe("198.51.100.20");
    // An unknown token: 404.
    const unknown = "A".repeat(43);
    expect(
      statusOf(
        await roomPage.loader(routeArgs(t, getRequest(`/emargement/salle/${unknown}`), { token: unknown })),
      ),
    ).toBe(404);
  });

  it("'Tous présents' after the slot marks only those without an entry, by staff, journaled; never during the slot", async () => {
    const day = "2025-02-03";
    const s = await newSession(5, { day, startMinute: 540, endMinute: 750 });
    const [signedOne, absentOne] = s.learnerIds as [string, string];
    await t.app.db.insert(attendanceEntries).values([
      {
        slotId: s.slotId,
        learnerId: signedOne,
        status: "present",
        method: "typed",
        typedName: "Prénom0 Salle00",
      },
      { slotId: s.slotId, learnerId: absentOne, status: "absent", method: "staff", reason: "Malade" },
    ]);
    const post = (cookie: string) =>
      slotPage.action(
        routeArgs(
          t,
          formRequest(s.base, { intent: "all-present", sessionId: s.session.id, slotId: s.slotId }, cookie),
          s.params,
        ),
      );
    const done = await post(moderator.cookie);
    expect(statusOf(done)).toBe(200);
    expect(JSON.stringify(await bodyOf(done))).toContain("3 stagiaires marqué·es présent·es");
    const entries = await entriesOf(s.slotId);
    expect(entries).toHaveLength(5);
    const added = entries.filter((e) => e.method === "staff" && e.status === "present");
    expect(added.map((e) => e.learnerId).sort()).toEqual(s.learnerIds.slice(2).sort());
    expect(added.every((e) => e.recordedBy !== null)).toBe(true);
    // The absent one stays absent, the signed one signed: nothing changed in place.
    expect(entries.find((e) => e.learnerId === absentOne)?.status).toBe("absent");
    // Journaled on the session with the slot and how many.
    const logged = (await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, s.session.id))).filter(
      (e) => (e.details as { allPresent?: number } | null)?.allPresent,
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]?.details).toMatchObject({ slotId: s.slotId, allPresent: 3 });
    // A second click: nothing left to mark, nothing added.
    expect(statusOf(await post(moderator.cookie))).toBe(409);
    expect(await entriesOf(s.slotId)).toHaveLength(5);
    // The entries are still append-only.
    await expect(
      t.app.database.query("update attendance_entries set status = 'absent' where slot_id = $1", [s.slotId]),
    ).rejects.toThrow(/append-only/);
    // A role-less account may not.
    expect(statusOf(await post(roleless.cookie).catch((thrown: unknown) => thrown))).toBe(403);

    // During a slot (this one ends in 2099), learners sign: 'Tous présents' is refused.
    const future = await newSession(2, { day: "2099-01-05", startMinute: 540, endMinute: 750 });
    const during = await slotPage.action(
      routeArgs(
        t,
        formRequest(
          future.base,
          { intent: "all-present", sessionId: future.session.id, slotId: future.slotId },
          moderator.cookie,
        ),
        future.params,
      ),
    );
    expect(statusOf(during)).toBe(409);
    expect(await entriesOf(future.slotId)).toHaveLength(0);
  });
});
