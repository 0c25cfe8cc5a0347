// The waiting list: a seat that frees (an admitted candidate leaves, seats are raised, an offer ends)
// is held for the first candidate still waiting, in the same transaction: their application is
// flagged 'Place proposée', staff get a notice through the outbox, and the details page proposes
// an e-mail offering the seat. Newcomers cannot take a held seat. Two seats freed at once on two
// connections go to two different candidates.
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { SEAT_TAKEN_MESSAGE } from "~/features/applications/status";
import * as detailsRoute from "~/routes/admin/application";
import * as listRoute from "~/routes/admin/applications";
import * as sessionsRoute from "~/routes/admin/formation-sessions";
import * as formationPage from "~/routes/site/formation";
import { submitApplication } from "../support/candidate";
import { DRIVER } from "../support/db";
import { makeSession } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { queriesOn } from "../support/query";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const SLUG = "tp-assistant-ressources-humaines";
const t = setUpTestApp({ FORM_RATE_LIMIT: "0" });
const moderator = setUpSignedIn(t, "moderator");
let formationId: string;
let lead: string;

beforeAll(async () => {
  formationId = (await one<{ id: string }>("select id from formations where slug = $1", [SLUG])).id;
  lead = (await one<{ lead_recipient: string }>("select lead_recipient from centre_settings")).lead_recipient;
});

const { one } = queriesOn(t);

let day = 0;
/** A session of its own for each test, months ahead, with `seats` seats. */
async function newSession(seats: number): Promise<string> {
  day += 1;
  const start = `2027-09-${String(day).padStart(2, "0")}`;
  const session = await makeSession(t.app.db, {
    formationId,
    startDate: start,
    endDate: "2028-06-30",
    place: "Au centre",
    seats,
  });
  return session.id;
}

/** Posts the details page's form as a browser would; a refusal thrown by the gate is returned. */
async function act(fields: Record<string, string>): Promise<unknown> {
  const url = `/admin/candidatures/${fields.id}`;
  try {
    return await detailsRoute.action(
      routeArgs(t, formRequest(url, fields, moderator.cookie), { id: fields.id ?? "" }),
    );
  } catch (thrown) {
    return thrown;
  }
}

const setStatus = (id: string, status: string) => act({ intent: "status", id, status });

const state = (id: string) =>
  one<{ status: string; offered: boolean }>(
    "select status::text, seat_offered_at is not null as offered from applications where id = $1",
    [id],
  );

/** Staff notices of a seat offer, per application. */
const notices = (ids: string[]) =>
  t.app.database.query<{ application_id: string; to_address: string; subject: string; text_body: string }>(
    `select application_id, to_address, subject, text_body from mail_outbox
     where kind = 'application_seat_offer' and application_id = any($1)`,
    [ids],
  );

async function seatsLeft(sessionId: string) {
  const page = await bodyOf(
    await formationPage.loader(
      routeArgs(t, new Request(`http://localhost:3000/formation/${SLUG}`), { slug: SLUG }),
    ),
  );
  const session = (page.sessions as { id: string; seatsLeft: number; status: string }[]).find(
    (s) => s.id === sessionId,
  );
  return { seatsLeft: session?.seatsLeft, status: session?.status };
}

describe(`waiting list on ${DRIVER}`, () => {
  it("a freed seat is held for the first waiting candidate: flagged in the list and the page, staff told, newcomers wait, an e-mail proposed; the offer ends by admission or withdrawal", async () => {
    const session = await newSession(1);
    const first = await submitApplication(t, SLUG, session, { firstName: "Alice" });
    expect(statusOf(await setStatus(first, "admitted"))).toBe(200);
    const waiting = await submitApplication(t, SLUG, session, { firstName: "Bruno" });
    const next = await submitApplication(t, SLUG, session, { firstName: "Chloé" });
    expect(await state(waiting)).toEqual({ status: "waitlisted", offered: false });

    // Alice withdraws: her seat goes to Bruno, first in line, in the same transaction.
    expect(statusOf(await setStatus(first, "withdrawn"))).toBe(200);
    expect(await state(waiting)).toEqual({ status: "waitlisted", offered: true });
    expect(await state(next)).toEqual({ status: "waitlisted", offered: false });
    const [notice, ...others] = await notices([waiting, next]);
    expect(others).toEqual([]);
    expect(notice).toMatchObject({ application_id: waiting, to_address: lead });
    expect(notice?.subject).toBe(
      "Place libérée\u202f: proposée à Bruno Durand – TP Assistant Ressources Humaines",
    );
    expect(notice?.text_body).toContain(`/admin/candidatures/${waiting}`);

    // The console flags it: the list's row and the details page (with the proposed e-mail's data).
    const list = await bodyOf(
      await listRoute.loader(
        routeArgs(t, getRequest(`/admin/candidatures?session=${session}`, moderator.cookie)),
      ),
    );
    const rows = list.applications as { id: string; seatOfferedAt: unknown }[];
    expect(rows.find((r) => r.id === waiting)?.seatOfferedAt).toBeTruthy();
    expect(rows.find((r) => r.id === next)?.seatOfferedAt).toBeNull();
    const details = await bodyOf(
      await detailsRoute.loader(
        routeArgs(t, getRequest(`/admin/candidatures/${waiting}`, moderator.cookie), { id: waiting }),
      ),
    );
    expect((details.application as { seatOfferedAt: unknown }).seatOfferedAt).toBeTruthy();
    const history = (details.events as { kind: string; body: string }[]).map((e) => e.kind);
    expect(history).toContain("offer");

    // The held seat counts as taken: the public page still says full, a newcomer waits behind,
    // and admitting anyone else is refused.
    expect(await seatsLeft(session)).toEqual({ seatsLeft: 0, status: "full" });
    const newcomer = await submitApplication(t, SLUG, session, { firstName: "Denis" });
    expect(await state(newcomer)).toEqual({ status: "waitlisted", offered: false });
    const refused = await setStatus(next, "admitted");
    expect(statusOf(refused)).toBe(400);
    expect((await bodyOf(refused)).toast).toMatchObject({ description: SEAT_TAKEN_MESSAGE });

    // Staff send the proposed e-mail, as edited.
    const text = "Bonjour Bruno,\n\nUne place s'est libérée : elle est à vous si vous la voulez.";
    const sent = await act({ intent: "offer-mail", id: waiting, mailText: text });
    expect(statusOf(sent)).toBe(200);
    const mail = await one<{ to_address: string; subject: string; text_body: string }>(
      "select to_address, subject, text_body from mail_outbox where application_id = $1 and kind = 'application_status'",
      [waiting],
    );
    expect(mail.subject).toBe("Une place s'est libérée – TP Assistant Ressources Humaines");
    expect(mail.text_body.startsWith(text)).toBe(true);
    expect(statusOf(await act({ intent: "offer-mail", id: next, mailText: text }))).toBe(400);

    // Bruno declines: the seat goes to Chloé; she is admitted and the offer becomes her seat.
    expect(statusOf(await setStatus(waiting, "withdrawn"))).toBe(200);
    expect(await state(waiting)).toEqual({ status: "withdrawn", offered: false });
    expect(await state(next)).toEqual({ status: "waitlisted", offered: true });
    expect(statusOf(await setStatus(next, "admitted"))).toBe(200);
    expect(await state(next)).toEqual({ status: "admitted", offered: false });
    expect(await state(newcomer)).toEqual({ status: "waitlisted", offered: false });
    expect(await seatsLeft(session)).toEqual({ seatsLeft: 0, status: "full" });
  });

  it("raising the seats offers each new seat to the next candidate in line", async () => {
    const session = await newSession(1);
    const admitted = await submitApplication(t, SLUG, session);
    expect(statusOf(await setStatus(admitted, "admitted"))).toBe(200);
    const waiting = [
      await submitApplication(t, SLUG, session),
      await submitApplication(t, SLUG, session),
      await submitApplication(t, SLUG, session),
    ];
    const path = `/admin/formations/${formationId}/sessions`;
    // The session's dialog saved with another number of seats.
    const saveSeats = (seats: string) =>
      sessionsRoute.action(
        routeArgs(
          t,
          formRequest(
            path,
            {
              intent: "update",
              id: session,
              formationId,
              startDate: "2027-09-20",
              endDate: "2028-06-30",
              mode: "presentiel",
              place: "Au centre",
              seats,
            },
            moderator.cookie,
          ),
          { id: formationId },
        ),
      );
    const raised = await saveSeats("3");
    expect(await bodyOf(raised)).toMatchObject({ ok: true });
    expect(await Promise.all(waiting.map(async (id) => (await state(id)).offered))).toEqual([
      true,
      true,
      false,
    ]);
    expect((await notices(waiting)).map((n) => n.application_id).sort()).toEqual(waiting.slice(0, 2).sort());

    // The seats offered hold like the admitted one: lowering below the three is refused, naming both.
    const lowered = await saveSeats("2");
    expect(JSON.stringify(await bodyOf(lowered))).toContain(
      "Cette session compte 1 candidat·e déjà admis·e et 2 places proposées à la liste d'attente\u202f: indiquez au moins 3 places.",
    );
    const [kept] = await t.app.database.query<{ seats: number }>(
      "select seats from formation_sessions where id = $1",
      [session],
    );
    expect(kept?.seats).toBe(3);
  });

  // PGlite is one connection inside the process: its transactions run one after the other. The
  // sequential cases above run on both drivers.
  it.skipIf(DRIVER === "pglite")(
    "two seats freed at the same moment on two connections go to the first two in line, each once",
    async () => {
      const session = await newSession(2);
      const admitted = [await submitApplication(t, SLUG, session), await submitApplication(t, SLUG, session)];
      for (const id of admitted) expect(statusOf(await setStatus(id, "admitted"))).toBe(200);
      const waiting = [
        await submitApplication(t, SLUG, session),
        await submitApplication(t, SLUG, session),
        await submitApplication(t, SLUG, session),
      ];
      // Another connection holds the waiting candidates' rows, so both withdrawals are under way
      // at once (one waits on those rows, the other on it, or on them as well were the session not
      // locked first), then run on when it lets go.
      const holder = new pg.Client({ connectionString: t.database.url ?? "" });
      await holder.connect();
      try {
        await holder.query("begin");
        await holder.query("select id from applications where id = any($1) for update", [waiting]);
        let settled = 0;
        const both = Promise.all(admitted.map((id) => setStatus(id, "withdrawn").finally(() => settled++)));
        for (;;) {
          const [blocked] = await t.app.database.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if ((blocked?.n ?? 0) >= 2 || settled === 2) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await holder.query("commit");
        expect((await both).map(statusOf)).toEqual([200, 200]);
      } finally {
        await holder.end();
      }
      expect(await Promise.all(waiting.map(async (id) => (await state(id)).offered))).toEqual([
        true,
        true,
        false,
      ]);
      const sent = (await notices(waiting)).map((n) => n.application_id).sort();
      expect(sent).toEqual(waiting.slice(0, 2).sort());
      const offers = await one<{ n: number }>(
        "select count(*)::int as n from application_events where kind = 'offer' and application_id = any($1)",
        [waiting],
      );
      expect(offers.n).toBe(2);
    },
  );
});
