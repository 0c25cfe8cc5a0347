// Calendrier: a month's session starts and ends, timetable slots, planned interviews and pending callback requests,
// each with the link to its record, on their Paris day; the screen refused to anonymous and
// role-less visitors. The private feed: interviews, a planned session's slots at their Paris
// times, an unplanned session's first and last days.
import { beforeAll, describe, expect, it } from "vitest";
import * as calendarRoute from "~/routes/admin/calendar";
import * as contactsRoute from "~/routes/admin/contacts";
import * as feedRoute from "~/routes/api/calendar-feed";
import { DRIVER } from "../support/db";
import {
  makeApplication,
  makeContactRequest,
  makeFormation,
  makeSession,
  makeSlot,
} from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const other = setUpSignedIn(t, "moderator");
const none = setUpSignedIn(t, null);
const ids = {
  formation: "",
  session: "",
  interview: "",
  otherInterview: "",
  callback: "",
  handled: "",
  slot: "",
};

async function application(
  status: Parameters<typeof makeApplication>[1]["status"],
  at: string | null,
  interviewer: string | null,
) {
  const row = await makeApplication(t.app.db, {
    sessionId: ids.session,
    firstName: status === "interview" ? "Léa" : "Hugo",
    lastName: "Martin",
    email: "lea@example.test",
    phone: "0612345678",
    situation: "salarie",
    financing: "cpf",
    status,
    interviewAt: at === null ? null : new Date(at),
    interviewPlace: "Salle 2",
    interviewerId: interviewer,
  });
  return row.id;
}

async function callback(status: NonNullable<Parameters<typeof makeContactRequest>[1]>["status"], at: string) {
  const row = await makeContactRequest(t.app.db, {
    firstName: "Paul",
    lastName: "Durand",
    phone: "0698765432",
    source: "callback_home_hero",
    createdAt: new Date(at),
    status,
    callbackRequested: true,
  });
  return row.id;
}

beforeAll(async () => {
  const formation = await makeFormation(t.app.db, { title: "Calendrier RH", slug: "calendrier-rh" });
  ids.formation = formation.id;
  ids.session = (
    await makeSession(t.app.db, {
      formationId: ids.formation,
      startDate: "2031-05-05",
      endDate: "2031-05-30",
      place: "Paris",
      seats: 12,
    })
  ).id;
  // A slot of the session's timetable, 9 h 30 to 12 h 30 with its trainer.
  ids.slot = (
    await makeSlot(t.app.db, {
      sessionId: ids.session,
      day: "2031-05-12",
      startMinute: 570,
      endMinute: 750,
      trainer: "Claire Dubois",
    })
  ).id;
  // 14:30 in Paris (summer time).
  ids.interview = await application("interview", "2031-05-12T12:30:00Z", admin.userId);
  ids.otherInterview = await application("interview", "2031-05-13T08:00:00Z", other.userId);
  // Not an interview any more: left out even with its date kept.
  await application("admitted", "2031-05-14T08:00:00Z", admin.userId);
  // 23:30 UTC on the 6th is the 7th in Paris.
  ids.callback = await callback("new", "2031-05-06T22:30:00Z");
  ids.handled = await callback("contacted", "2031-05-08T09:00:00Z");
});

async function month(mois: string, cookie = admin.cookie) {
  return bodyOf(
    await calendarRoute.loader(routeArgs(t, getRequest(`/admin/calendrier?mois=${mois}`, cookie))),
  );
}

describe(`Calendrier (${DRIVER})`, () => {
  it("is refused to anonymous (redirect to sign-in) and role-less visitors (403)", async () => {
    const call = (cookie?: string) =>
      calendarRoute.loader(routeArgs(t, getRequest("/admin/calendrier?mois=2031-05", cookie)));
    await expect(call()).rejects.toMatchObject({ status: 302 });
    await expect(call(none.cookie)).rejects.toMatchObject({ status: 403 });
  });

  it("shows the month's session start and end, its timetable's slots, the planned interviews and the pending callback, linked", async () => {
    const body = await month("2031-05");
    expect(body.month).toBe("2031-05");
    expect(body.events).toEqual([
      {
        key: `session-start:${ids.session}`,
        kind: "session-start",
        day: "2031-05-05",
        time: null,
        title: "Calendrier RH",
        href: `/admin/formations/${ids.formation}/sessions`,
      },
      {
        key: `callback:${ids.callback}`,
        kind: "callback",
        day: "2031-05-07",
        time: null,
        title: "Paul Durand — 0698765432",
        href: `/admin/contacts?demande=${ids.callback}`,
      },
      {
        key: `slot:${ids.slot}`,
        kind: "slot",
        day: "2031-05-12",
        time: "09:30",
        title: "Calendrier RH — Claire Dubois",
        href: `/admin/formations/${ids.formation}/sessions/${ids.session}/planning`,
      },
      {
        key: `interview:${ids.interview}`,
        kind: "interview",
        day: "2031-05-12",
        time: "14:30",
        title: "Léa Martin — Calendrier RH",
        href: `/admin/candidatures/${ids.interview}`,
      },
      {
        key: `interview:${ids.otherInterview}`,
        kind: "interview",
        day: "2031-05-13",
        time: "10:00",
        title: "Léa Martin — Calendrier RH",
        href: `/admin/candidatures/${ids.otherInterview}`,
      },
      {
        key: `session-end:${ids.session}`,
        kind: "session-end",
        day: "2031-05-30",
        time: null,
        title: "Calendrier RH",
        href: `/admin/formations/${ids.formation}/sessions`,
      },
    ]);
    // A moderator reads it too; the next month is empty.
    expect((await month("2031-06", other.cookie)).events).toEqual([]);
  });

  it("a malformed month falls back to the current Paris month", async () => {
    const body = await month("2031-13");
    expect(body.month).toBe(String(body.today).slice(0, 7));
  });

  it("the callback's link opens that request in Contacts", async () => {
    const body = await bodyOf(
      await contactsRoute.loader(
        routeArgs(t, getRequest(`/admin/contacts?demande=${ids.callback}`, admin.cookie)),
      ),
    );
    const requests = body.requests as { id: string }[];
    expect(requests.map((r) => r.id)).toEqual([ids.callback]);
    expect((body.filters as { id: string }).id).toBe(ids.callback);
  });

  describe("the private iCalendar feed", () => {
    const tokenOf = (url: unknown) => /\/calendrier\/([A-Za-z0-9_-]+)\.ics$/.exec(String(url))?.[1] ?? "";
    const feed = (token: string) =>
      feedRoute.loader(routeArgs(t, getRequest(`/calendrier/${token}.ics`), { token })) as Promise<Response>;

    it("holds the member's own interviews, each slot of a planned session at its Paris times, an unplanned session's first and last days, not another member's interview", async () => {
      // An evening slot at a distance, to midnight; and a session of July with no timetable.
      const late = (
        await makeSlot(t.app.db, {
          sessionId: ids.session,
          day: "2031-05-29",
          startMinute: 840,
          endMinute: 1440,
          link: "https://visio.example.test/rh",
        })
      ).id;
      const bare = (
        await makeSession(t.app.db, {
          formationId: ids.formation,
          startDate: "2031-07-07",
          endDate: "2031-07-18",
          place: "Lyon",
          seats: 12,
        })
      ).id;
      const url = (await month("2031-05")).feedUrl;
      expect(url).toMatch(/^http:\/\/localhost:3000\/calendrier\/[A-Za-z0-9_-]{43}\.ics$/);
      // The same link on every visit; the database keeps only its hash.
      expect((await month("2031-05")).feedUrl).toBe(url);
      const [stored] = await t.app.database.query<{ token: string }>(
        "select token from calendar_feeds where user_id = $1",
        [admin.userId],
      );
      expect(stored?.token).not.toContain(tokenOf(url));
      const response = await feed(tokenOf(url));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      const text = (await response.text()).replace(/\r\n /g, "");
      expect(text).toContain("BEGIN:VCALENDAR");
      expect(text).toContain(`UID:entretien-${ids.interview}`);
      expect(text).toContain("DTSTART:20310512T123000Z");
      expect(text).toContain("SUMMARY:Entretien : Léa Martin — Calendrier RH");
      expect(text).toContain("LOCATION:Salle 2");
      expect(text).not.toContain(ids.otherInterview);
      // The planned session: its slots (9 h 30 – 12 h 30 and 14 h – 24 h in Paris, summer time), no all-day span.
      expect(text).not.toContain(`UID:debut-${ids.session}`);
      expect(text).not.toContain(`UID:fin-${ids.session}`);
      const event = (uid: string) => {
        const at = text.indexOf(`UID:${uid}`);
        return at < 0 ? "" : text.slice(text.lastIndexOf("BEGIN:VEVENT", at), text.indexOf("END:VEVENT", at));
      };
      const morning = event(`creneau-${ids.slot}`);
      expect(morning).toContain("DTSTART:20310512T073000Z");
      expect(morning).toContain("DTEND:20310512T103000Z");
      expect(morning).toContain("SUMMARY:Formation : Calendrier RH (Claire Dubois)");
      expect(morning).toContain("LOCATION:Paris");
      expect(morning).toContain("Formateur·rice : Claire Dubois");
      expect(morning).toContain(`/admin/formations/${ids.formation}/sessions/${ids.session}/planning`);
      const evening = event(`creneau-${late}`);
      expect(evening).toContain("DTSTART:20310529T120000Z");
      expect(evening).toContain("DTEND:20310529T220000Z");
      expect(evening).toContain("LOCATION:À distance");
      expect(evening).toContain("https://visio.example.test/rh");
      // The session without a timetable: its first and last days, as before.
      expect(text).toContain(`UID:debut-${bare}`);
      expect(text).toContain("DTSTART;VALUE=DATE:20310707");
      expect(text).toContain(`UID:fin-${bare}`);
      expect(text).toContain("DTSTART;VALUE=DATE:20310718");
      // The other member's feed holds their interview, not the admin's.
      const theirs = await (await feed(tokenOf((await month("2031-05", other.cookie)).feedUrl))).text();
      expect(theirs).toContain(`UID:entretien-${ids.otherInterview}`);
      expect(theirs).not.toContain(`UID:entretien-${ids.interview}`);
    });

    it("an unknown or malformed token answers 404", async () => {
      expect((await feed("A".repeat(43))).status).toBe(404);
      expect((await feed("court")).status).toBe(404);
    });

    it("'Régénérer le lien' gives a new link, the old one answers 404 at once, and it is audited", async () => {
      const old = tokenOf((await month("2031-05")).feedUrl);
      const result = await calendarRoute.action(
        routeArgs(t, formRequest("/admin/calendrier", { intent: "regenerate" }, admin.cookie)),
      );
      expect(statusOf(result)).toBe(200);
      expect((await bodyOf(result)).toast).toMatchObject({ type: "success" });
      const renewed = tokenOf((await month("2031-05")).feedUrl);
      expect(renewed).not.toBe(old);
      expect((await feed(old)).status).toBe(404);
      expect((await feed(renewed)).status).toBe(200);
      const audit = await t.app.database.query<{ actor_id: string }>(
        "select actor_id from audit_log where entity = 'calendar_feed'",
      );
      expect(audit.map((a) => a.actor_id)).toEqual([admin.userId]);
    });

    it("regenerating is refused to anonymous and role-less visitors", async () => {
      const post = (cookie?: string) =>
        calendarRoute.action(
          routeArgs(t, formRequest("/admin/calendrier", { intent: "regenerate" }, cookie)),
        );
      await expect(post()).rejects.toMatchObject({ status: 302 });
      await expect(post(none.cookie)).rejects.toMatchObject({ status: 403 });
    });
  });
});
