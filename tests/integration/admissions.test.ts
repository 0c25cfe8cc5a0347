// Admissions on the details page: status changes with their e-mail (through the outbox, in the same
// transaction), history and audit; the seat an admission takes, locked so that two admissions for the
// last seat never both win; internal notes; GDPR erasure (administrators); the retention purge.
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { purgeExpiredApplications } from "~/features/applications/retention.server";
import { SEAT_TAKEN_MESSAGE } from "~/features/applications/status";
import type { ChangeEvent } from "~/platform/live-tables";
import * as detailsRoute from "~/routes/admin/application";
import * as formationPage from "~/routes/site/formation";
import * as policyPage from "~/routes/site/privacy-policy";
import { submitApplication } from "../support/candidate";
import { DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { queriesOn } from "../support/query";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const SLUG = "tp-assistant-ressources-humaines";
let sessions: string[];
const events: ChangeEvent[] = [];

const t = setUpTestApp({ FORM_RATE_LIMIT: "0" });
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");
beforeAll(async () => {
  sessions = (
    await t.app.database.query<{ id: string }>(
      `select s.id from formation_sessions s join formations f on f.id = s.formation_id
       where f.slug = $1 order by s.start_date`,
      [SLUG],
    )
  ).map((r) => r.id);
  t.app.events.subscribe((event) => events.push(event));
}, 180_000);

const { one } = queriesOn(t);

/** Posts the details page's form as a browser would; a refusal thrown by the gate is returned. */
async function act(fields: Record<string, string>, cookie = moderator.cookie): Promise<unknown> {
  const url = `/admin/candidatures/${fields.id}`;
  try {
    return await detailsRoute.action(routeArgs(t, formRequest(url, fields, cookie), { id: fields.id ?? "" }));
  } catch (thrown) {
    return thrown;
  }
}

async function details(id: string) {
  return bodyOf(
    await detailsRoute.loader(
      routeArgs(t, getRequest(`/admin/candidatures/${id}`, moderator.cookie), { id }),
    ),
  );
}

async function publicSeats(sessionId: string) {
  const page = await bodyOf(
    await formationPage.loader(
      routeArgs(t, new Request(`http://localhost:3000/formation/${SLUG}`), { slug: SLUG }),
    ),
  );
  const meta = formationPage.meta({ loaderData: page, matches: [] } as never) as Record<string, unknown>[];
  const jsonLd = meta.find((m) => "script:ld+json" in m)?.["script:ld+json"] as {
    hasCourseInstance: { startDate: string; remainingAttendeeCapacity: number }[];
  };
  const index = (page.sessions as { id: string }[]).findIndex((s) => s.id === sessionId);
  const session = (page.sessions as { seatsLeft: number; status: string }[])[index];
  return {
    seatsLeft: session?.seatsLeft,
    status: session?.status,
    remaining: jsonLd.hasCourseInstance[index]?.remainingAttendeeCapacity,
  };
}

const statusRow = (id: string) =>
  one<{
    status: string;
    interview_at: Date | null;
    interview_place: string | null;
    interviewer_id: string | null;
  }>("select status, interview_at, interview_place, interviewer_id from applications where id = $1", [id]);
const outboxOf = (id: string) =>
  t.app.database.query<{ kind: string; to_address: string; subject: string; text_body: string }>(
    "select kind, to_address, subject, text_body from mail_outbox where application_id = $1 and kind = 'application_status' order by created_at",
    [id],
  );

describe(`status changes on ${DRIVER}`, () => {
  it("plans an interview: date, time and place required; Paris time stored; the edited e-mail queued with the change; history and audit", async () => {
    const id = await submitApplication(t, SLUG, sessions[0] ?? "", { firstName: "Inès" });
    const missing = await act({ intent: "status", id, status: "interview", sendMail: "on", mailText: "x" });
    expect(statusOf(missing)).toBe(400);
    expect((await bodyOf(missing)).errors).toEqual({
      interviewDate: "Indiquez la date de l'entretien",
      interviewTime: "Indiquez l'heure de l'entretien",
      interviewPlace: "Indiquez le lieu ou le lien de la visioconférence",
    });
    expect((await statusRow(id)).status).toBe("received");

    const text = "Bonjour Inès,\n\nTexte relu et modifié par l'équipe : entretien en visio.\n\nÀ bientôt";
    const result = await act({
      intent: "status",
      id,
      status: "interview",
      interviewDate: "2027-01-12",
      interviewTime: "14:30",
      interviewPlace: "https://visio.example.test/entretien-ines",
      sendMail: "on",
      mailText: text,
    });
    expect(statusOf(result)).toBe(200);
    expect((await bodyOf(result)).toast).toMatchObject({
      title: "Statut mis à jour et e-mail envoyé au candidat",
    });
    const row = await statusRow(id);
    expect(row.status).toBe("interview");
    // 14:30 in Paris in January is 13:30 UTC.
    expect(new Date(row.interview_at ?? 0).toISOString()).toBe("2027-01-12T13:30:00.000Z");
    expect(row.interview_place).toBe("https://visio.example.test/entretien-ines");
    expect(row.interviewer_id).not.toBeNull();

    const [mail] = await outboxOf(id);
    expect(mail?.subject).toBe("Invitation à un entretien – TP Assistant Ressources Humaines");
    expect(mail?.text_body.startsWith(text)).toBe(true);
    const candidate = await one<{ email: string }>("select email from applications where id = $1", [id]);
    expect(mail?.to_address).toBe(candidate.email);
    await t.app.mail.drain();
    expect(
      t.smtp.messages.some((m) => m.to.includes(candidate.email) && m.raw.includes("entretien en visio")),
    ).toBe(true);

    const data = await details(id);
    const history = data.events as {
      kind: string;
      actorEmail: string;
      fromStatus: string;
      toStatus: string;
      body: string;
    }[];
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: "interview",
          actorEmail: moderator.email,
          fromStatus: "received",
          toStatus: "interview",
          body: "Entretien le mardi 12 janvier 2027 à 14\u00a0h\u00a030 – https://visio.example.test/entretien-ines",
        }),
        expect.objectContaining({ kind: "mail", actorEmail: moderator.email }),
      ]),
    );
    const audit = await one<{ action: string; actor_email: string; details: Record<string, unknown> }>(
      "select action, actor_email, details from audit_log where entity = 'application' and entity_id = $1",
      [id],
    );
    expect(audit).toMatchObject({
      action: "status",
      actor_email: moderator.email,
      details: { from: "received", to: "interview", mailSent: true, interviewAt: "2027-01-12T13:30:00.000Z" },
    });
    expect(JSON.stringify(audit.details)).not.toContain(candidate.email);
  });

  it("changes the status without an e-mail when the box is unticked: nothing queued, still in the history", async () => {
    const id = await submitApplication(t, SLUG, sessions[0] ?? "");
    const result = await act({ intent: "status", id, status: "reviewing", mailText: "ignoré" });
    expect(statusOf(result)).toBe(200);
    expect((await bodyOf(result)).toast).toMatchObject({ title: "Statut mis à jour" });
    expect((await statusRow(id)).status).toBe("reviewing");
    expect(await outboxOf(id)).toEqual([]);
    const history = (await details(id)).events as { kind: string; toStatus: string | null }[];
    expect(history.map((e) => [e.kind, e.toStatus])).toEqual([
      ["status", "reviewing"],
      ["created", "received"],
    ]);
  });

  it("refuses an unknown status, the same status, a ticked e-mail without text and an interview in the past, in French, changing nothing", async () => {
    const id = await submitApplication(t, SLUG, sessions[0] ?? "");
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ status: "accepted" }, { status: "Choisissez un statut" }],
      [{ status: "received" }, { status: "La candidature a déjà ce statut." }],
      [{ status: "refused", sendMail: "on", mailText: "  " }, { mailText: "Écrivez le texte de l'e-mail" }],
      [
        {
          status: "interview",
          interviewDate: "2020-01-06",
          interviewTime: "10:00",
          interviewPlace: "Salle 2",
        },
        { interviewDate: "L'entretien doit avoir lieu dans le futur" },
      ],
      [
        {
          status: "interview",
          interviewDate: "2027-02-30",
          interviewTime: "10:00",
          interviewPlace: "Salle 2",
        },
        { interviewDate: "Date ou heure invalide" },
      ],
    ];
    for (const [fields, errors] of cases) {
      const result = await act({ intent: "status", id, ...fields });
      expect(statusOf(result), JSON.stringify(fields)).toBe(400);
      expect((await bodyOf(result)).errors).toEqual(errors);
    }
    expect((await statusRow(id)).status).toBe("received");
    expect(await outboxOf(id)).toEqual([]);
  });
});

describe(`seats on ${DRIVER}`, () => {
  it("an admission takes a seat, the last one refused in French; leaving 'Admis·e' frees it; the public page and JSON-LD count it, and are told", async () => {
    const session = sessions[1] ?? "";
    await t.app.database.query("update formation_sessions set seats = 1 where id = $1", [session]);
    const first = await submitApplication(t, SLUG, session);
    const second = await submitApplication(t, SLUG, session);
    expect(await publicSeats(session)).toEqual({ seatsLeft: 1, status: "last_seats", remaining: 1 });

    events.length = 0;
    expect(statusOf(await act({ intent: "status", id: first, status: "admitted" }))).toBe(200);
    expect(events).toContainEqual({ table: "formation_sessions", op: "update" });
    expect(await publicSeats(session)).toEqual({ seatsLeft: 0, status: "full", remaining: 0 });
    expect((await details(first)).seatsTaken).toBe(1);

    const refused = await act({
      intent: "status",
      id: second,
      status: "admitted",
      sendMail: "on",
      mailText: "Admis",
    });
    expect(statusOf(refused)).toBe(400);
    expect(await bodyOf(refused)).toMatchObject({
      toast: { type: "error", description: SEAT_TAKEN_MESSAGE },
      errors: { status: SEAT_TAKEN_MESSAGE },
    });
    expect((await statusRow(second)).status).toBe("received");
    expect(await outboxOf(second)).toEqual([]);

    events.length = 0;
    expect(statusOf(await act({ intent: "status", id: first, status: "withdrawn" }))).toBe(200);
    expect(events).toContainEqual({ table: "formation_sessions", op: "update" });
    expect(await publicSeats(session)).toEqual({ seatsLeft: 1, status: "last_seats", remaining: 1 });
    expect(statusOf(await act({ intent: "status", id: second, status: "admitted" }))).toBe(200);
    expect(await publicSeats(session)).toEqual({ seatsLeft: 0, status: "full", remaining: 0 });
  });

  // PGlite is one connection inside the process: its transactions run one after the other, so two
  // cannot race there. The sequential version above runs on both drivers.
  it.skipIf(DRIVER === "pglite")(
    "two admissions for the last seat at the same moment, on two connections: exactly one wins",
    async () => {
      const session = sessions[2] ?? "";
      await t.app.database.query("update formation_sessions set seats = 1 where id = $1", [session]);
      const a = await submitApplication(t, SLUG, session);
      const b = await submitApplication(t, SLUG, session);
      // Another connection holds both applications' rows, which each admission locks first: both
      // wait there together and, once it lets go, go on to the seat count at the same moment.
      const holder = new pg.Client({ connectionString: t.database.url ?? "" });
      await holder.connect();
      try {
        await holder.query("begin");
        await holder.query("select id from applications where id = any($1) for update", [[a, b]]);
        let settled = 0;
        const both = Promise.all(
          [
            act({ intent: "status", id: a, status: "admitted" }),
            act({ intent: "status", id: b, status: "admitted", sendMail: "on", mailText: "Bienvenue" }),
          ].map((p) => p.finally(() => settled++)),
        );
        // Wait until both transactions are blocked on those rows (or, were they not locked, done).
        // Asked on another connection: inside a transaction pg_stat_activity is a frozen snapshot.
        for (;;) {
          const [waiting] = await t.app.database.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if ((waiting?.n ?? 0) >= 2 || settled === 2) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await holder.query("commit");
        const results = await both;
        expect(results.map(statusOf).sort()).toEqual([200, 400]);
        const loser = results.find((r) => statusOf(r) === 400);
        expect((await bodyOf(loser)).toast).toMatchObject({ description: SEAT_TAKEN_MESSAGE });
      } finally {
        await holder.end();
      }
      const admitted = await one<{ n: number }>(
        "select count(*)::int as n from applications where session_id = $1 and status = 'admitted'",
        [session],
      );
      expect(admitted.n).toBe(1);
      // The loser's e-mail was rolled back with its change.
      const mails = await one<{ n: number }>(
        "select count(*)::int as n from mail_outbox where application_id = any($1) and kind = 'application_status'",
        [[a, b]],
      );
      expect(mails.n).toBe((await statusRow(b)).status === "admitted" ? 1 : 0);
    },
  );
});

describe(`notes on ${DRIVER}`, () => {
  it("adds an internal note shown with its author and date, never e-mailed; an empty one is refused", async () => {
    const id = await submitApplication(t, SLUG, sessions[0] ?? "");
    const empty = await act({ intent: "note", id, body: "   " });
    expect(statusOf(empty)).toBe(400);
    expect((await bodyOf(empty)).errors).toEqual({ body: "Écrivez la note" });
    const result = await act({ intent: "note", id, body: "Profil solide, à rappeler lundi." });
    expect(statusOf(result)).toBe(200);
    const note = ((await details(id)).events as Record<string, unknown>[]).find((e) => e.kind === "note");
    expect(note).toMatchObject({ body: "Profil solide, à rappeler lundi.", actorEmail: moderator.email });
    expect(note?.createdAt).toBeTruthy();
    expect(await outboxOf(id)).toEqual([]);
    const audit = await one<{ action: string; details: unknown }>(
      "select action, details from audit_log where entity_id = $1",
      [id],
    );
    // Named by its formation, session and reference: the note's text stays with the application.
    expect(audit).toEqual({
      action: "note",
      details: {
        title: expect.stringMatching(
          /^TP Assistant Ressources Humaines, session du \d{2}\/\d{2}\/\d{4} \(réf\. [0-9a-f]{8}\)$/,
        ),
      },
    });
  });
});

describe(`GDPR erasure on ${DRIVER}`, () => {
  it("is refused to a moderator (403, nothing erased); an administrator erases the application, its files, history and e-mails; the audit keeps no personal data", async () => {
    const id = await submitApplication(t, SLUG, sessions[0] ?? "", {
      firstName: "Gaëlle",
      lastName: "Effacée",
      email: "gaelle.effacee@example.test",
    });
    await act({ intent: "note", id, body: "Note à effacer" });
    const rows = async () => ({
      applications: (await t.app.database.query("select 1 from applications where id = $1", [id])).length,
      files: (await t.app.database.query("select 1 from application_files where application_id = $1", [id]))
        .length,
      events: (await t.app.database.query("select 1 from application_events where application_id = $1", [id]))
        .length,
      mails: (await t.app.database.query("select 1 from mail_outbox where application_id = $1", [id])).length,
    });
    expect(await rows()).toEqual({ applications: 1, files: 1, events: 2, mails: 2 });

    expect(await act({ intent: "erase", id }, moderator.cookie)).toMatchObject({ status: 403 });
    expect((await rows()).applications).toBe(1);

    const erased = (await act({ intent: "erase", id }, admin.cookie)) as Response;
    expect(erased.status).toBe(302);
    expect(erased.headers.get("location")).toBe("/admin/candidatures");
    expect(erased.headers.get("set-cookie")).toContain("toast=");
    expect(await rows()).toEqual({ applications: 0, files: 0, events: 0, mails: 0 });
    const audit = await one<{ actor_email: string; details: Record<string, unknown> }>(
      "select actor_email, details from audit_log where action = 'erase' and entity_id = $1",
      [id],
    );
    expect(audit).toEqual({
      actor_email: admin.email,
      details: {
        title: expect.stringMatching(
          /^TP Assistant Ressources Humaines, session du .+ \(réf\. [0-9a-f]{8}\)$/,
        ),
        status: "received",
        filesDeleted: 1,
        mailsDeleted: 2,
      },
    });
    const everything = JSON.stringify(await t.app.database.query("select * from audit_log"));
    for (const personal of ["Gaëlle", "Effacée", "gaelle.effacee@example.test", "Note à effacer"]) {
      expect(everything).not.toContain(personal);
    }
    expect(await act({ intent: "erase", id }, admin.cookie)).toMatchObject({
      data: { toast: { description: "Cette candidature n'existe plus." } },
    });
  });
});

describe(`retention on ${DRIVER}`, () => {
  it("purges refused and withdrawn applications older than APPLICATION_RETENTION_MONTHS with their files, keeps the rest, and audits a count", async () => {
    await t.app.database.query("delete from applications");
    const backdated = async (status: string, monthsAgo: number) => {
      const id = await submitApplication(t, SLUG, sessions[0] ?? "");
      await t.app.database.query(
        `update applications set status = $2, status_changed_at = now() - make_interval(months => $3) where id = $1`,
        [id, status, monthsAgo],
      );
      return id;
    };
    const refusedOld = await backdated("refused", 25);
    const withdrawnOld = await backdated("withdrawn", 25);
    const refusedRecent = await backdated("refused", 23);
    const admittedOld = await backdated("admitted", 30);
    const receivedOld = await backdated("received", 30);

    expect(t.app.config.applicationRetentionMonths).toBe(24);
    expect(await t.app.retention.runOnce()).toBe(2);
    const left = (await t.app.database.query<{ id: string }>("select id from applications")).map((r) => r.id);
    expect(left.sort()).toEqual([refusedRecent, admittedOld, receivedOld].sort());
    for (const id of [refusedOld, withdrawnOld]) {
      expect(
        await t.app.database.query("select 1 from application_files where application_id = $1", [id]),
      ).toEqual([]);
      expect(await t.app.database.query("select 1 from mail_outbox where application_id = $1", [id])).toEqual(
        [],
      );
    }
    expect(
      await t.app.database.query(
        "select actor_id, actor_email, details from audit_log where action = 'purge'",
      ),
    ).toEqual([{ actor_id: null, actor_email: null, details: { count: 2, retentionMonths: 24 } }]);
    expect(await t.app.retention.runOnce()).toBe(0);

    // Two instances purging at once share the work: each row goes once, nobody fails.
    const more = await Promise.all([
      backdated("refused", 13),
      backdated("withdrawn", 14),
      backdated("refused", 15),
    ]);
    const counts = await Promise.all([
      purgeExpiredApplications(t.app.db, 12),
      purgeExpiredApplications(t.app.db, 12),
    ]);
    expect(counts[0] + counts[1]).toBe(more.length + 1);
    expect((await t.app.database.query("select id from applications")).length).toBe(2);
  });

  it("the privacy policy states the period the server applies", async () => {
    const page = await policyPage.loader(routeArgs(t, getRequest("/politique-confidentialite")));
    expect(page.html).toContain("24 mois");
  });
});
