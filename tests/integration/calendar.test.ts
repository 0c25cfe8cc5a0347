// Calendrier: a month's session starts and ends, planned interviews and pending callback requests,
// each with the link to its record, on their Paris day; the screen refused to anonymous and
// role-less visitors.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as calendarRoute from "~/routes/admin/calendar";
import * as contactsRoute from "~/routes/admin/contacts";
import { DRIVER } from "../support/db";
import { bodyOf, createTestApp, getRequest, routeArgs, signedInUser, type TestApp } from "../support/runtime";

let t: TestApp;
let admin: { cookie: string; userId: string };
let other: { cookie: string; userId: string };
let none: { cookie: string };
const ids = { formation: "", session: "", interview: "", otherInterview: "", callback: "", handled: "" };

async function insert(query: string, values: unknown[]): Promise<string> {
  const [row] = await t.app.database.query<{ id: string }>(`${query} returning id`, values);
  return row?.id ?? "";
}

function application(status: string, at: string | null, interviewer: string | null) {
  return insert(
    `insert into applications (session_id, first_name, last_name, email, phone, situation, financing, consent_at,
                               status, interview_at, interview_place, interviewer_id)
     values ($1, $2, 'Martin', 'lea@example.test', '0612345678', 'salarie', 'cpf', now(), $3, $4, 'Salle 2', $5)`,
    [ids.session, status === "interview" ? "Léa" : "Hugo", status, at, interviewer],
  );
}

function callback(status: string, at: string) {
  return insert(
    `insert into contact_requests (first_name, last_name, phone, source, created_at, status, callback_requested)
     values ('Paul', 'Durand', '0698765432', 'callback_home_hero', $1, $2, true)`,
    [at, status],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: "admin" });
  other = await signedInUser(t, { role: "moderator" });
  none = await signedInUser(t, { role: null });
  const [formation] = await t.app.database.query<{ id: string }>(
    "insert into formations (title, slug) values ('Calendrier RH', 'calendrier-rh') returning id",
  );
  ids.formation = formation?.id ?? "";
  ids.session = await insert(
    "insert into formation_sessions (formation_id, start_date, end_date, place, seats) values ($1, '2031-05-05', '2031-05-30', 'Paris', 12)",
    [ids.formation],
  );
  // 14:30 in Paris (summer time).
  ids.interview = await application("interview", "2031-05-12T12:30:00Z", admin.userId);
  ids.otherInterview = await application("interview", "2031-05-13T08:00:00Z", other.userId);
  // Not an interview any more: left out even with its date kept.
  await application("admitted", "2031-05-14T08:00:00Z", admin.userId);
  // 23:30 UTC on the 6th is the 7th in Paris.
  ids.callback = await callback("new", "2031-05-06T22:30:00Z");
  ids.handled = await callback("contacted", "2031-05-08T09:00:00Z");
});
afterAll(async () => {
  await t?.close();
});

async function month(mois: string, cookie = admin.cookie) {
  return bodyOf(await calendarRoute.loader(routeArgs(t, getRequest(`/admin/calendar?mois=${mois}`, cookie))));
}

describe(`Calendrier (${DRIVER})`, () => {
  it("is refused to anonymous (redirect to sign-in) and role-less visitors (403)", async () => {
    const call = (cookie?: string) =>
      calendarRoute.loader(routeArgs(t, getRequest("/admin/calendar?mois=2031-05", cookie)));
    await expect(call()).rejects.toMatchObject({ status: 302 });
    await expect(call(none.cookie)).rejects.toMatchObject({ status: 403 });
  });

  it("shows the month's session start and end, the planned interviews and the pending callback, linked", async () => {
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
});
