// Réclamations: the public form stores a complaint under the year's next reference and queues its
// acknowledgement in the same transaction; bad input gets French messages and stores nothing; the
// honeypot and the shared rate limit apply as on the contact form.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/features/audit/schema.server";
import { COMPLAINT_ERRORS } from "~/features/complaints/content";
import { anonymiseExpiredComplaints } from "~/features/complaints/index.server";
import { storeComplaint } from "~/features/complaints/intake.server";
import { complaintCounters, complaintEvents, complaints } from "~/features/complaints/schema.server";
import { statistics, statisticsCsv } from "~/features/statistics/statistics.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import { parisParts } from "~/platform/paris-time";
import * as complaintConsole from "~/routes/admin/complaint";
import * as registerRoute from "~/routes/admin/complaints";
import * as complaintRoute from "~/routes/site/complaint";
import { FUNDER_COMPLAINT } from "../support/complaint";
import { DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp({ FORM_RATE_LIMIT: "3" });
const moderator = setUpSignedIn(t, "moderator");
const admin = setUpSignedIn(t, "admin");
const roleless = setUpSignedIn(t, null);

let calls = 0;
const nextIp = () => `198.51.100.${++calls % 250}`;
const year = () => Number(parisParts(new Date()).day.slice(0, 4));

const valid = (overrides: Record<string, string> = {}) => ({
  firstName: "Karim",
  lastName: "Benali",
  email: `karim.${++calls}@example.test`,
  phone: "",
  authorType: "stagiaire",
  organisation: "",
  category: "organisation",
  session: "",
  sessionText: "",
  description: "La salle de formation n'était pas chauffée pendant deux semaines.",
  ...overrides,
});

async function submit(fields: Record<string, string>, ip = nextIp()) {
  const result = await complaintRoute.action(routeArgs(t, formRequest("/reclamation", fields), {}, ip));
  return { status: statusOf(result), body: await bodyOf(result) };
}

const count = async () =>
  (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(complaints))[0]?.n ?? 0;

describe(`public complaint form on ${DRIVER}`, () => {
  it("stores the complaint under REC-<year>-NNNN and queues its acknowledgement and the staff notice", async () => {
    const [session] = await t.app.database.query<{ id: string }>(
      "select id from formation_sessions where end_date >= current_date order by start_date limit 1",
    );
    const fields = valid({ session: session?.id ?? "", organisation: "Transports Martin" });
    const { status, body } = await submit(fields);
    expect(status).toBe(200);
    const [row] = await t.app.db.select().from(complaints).where(eq(complaints.email, fields.email));
    expect(row?.reference).toMatch(new RegExp(`^REC-${year()}-\\d{4}$`));
    expect(row?.status).toBe("received");
    expect(row?.sessionId).toBe(session?.id);
    expect(row?.sessionLabel).toMatch(/ – /);
    expect(row?.organisation).toBe("Transports Martin");
    expect(String((body.toast as { description: string }).description)).toContain(row?.reference ?? "?");
    const mails = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.complaintId, row?.id ?? ""));
    const ack = mails.find((m) => m.kind === "complaint_acknowledgement");
    expect(ack?.to).toBe(fields.email);
    expect(ack?.subject).toContain(row?.reference);
    expect(ack?.text).toContain(row?.reference);
    expect(mails.find((m) => m.kind === "complaint_notification")?.to).toBe("equipe@centre.test");
    // The acknowledgement reaches the author's mailbox.
    await t.app.mail.drain();
    const delivered = t.smtp.to(fields.email);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.body).toContain(row?.reference);
  });

  it("the acknowledgement quotes none of the author's free text (no link under the centre's name) and says what to do if it was not them", async () => {
    const fields = valid({
      firstName: "Urgent www.phish.example",
      description: "Votre compte est suspendu : reconnectez-vous sur https://phish.example/login sous 24 h.",
      session: "autre",
      sessionText: "Voir http://phish.example/session",
    });
    expect((await submit(fields)).status).toBe(200);
    await t.app.mail.drain();
    const [ack] = t.smtp.to(fields.email);
    expect(ack?.body).toContain(
      "Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer ce message.",
    );
    expect(ack?.body).toMatch(/REC-\d{4}-\d{4}/);
    expect(ack?.body).not.toMatch(/phish|reconnectez|Urgent/);
    // Staff still read everything the author wrote.
    const [row] = await t.app.db.select().from(complaints).where(eq(complaints.email, fields.email));
    const notice = (
      await t.app.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.complaintId, row?.id ?? ""))
    ).find((m) => m.kind === "complaint_notification");
    expect(notice?.text).toContain("https://phish.example/login");
  });

  it("one address gets three acknowledgements a day at most, whatever the client addresses; every complaint is stored and notified", async () => {
    const victim = `cible.${++calls}@example.test`;
    const before = await count();
    for (let i = 0; i < 5; i++)
      expect((await submit(valid({ email: victim.toUpperCase() }))).status).toBe(200);
    expect(await count()).toBe(before + 5);
    const queued = await t.app.db
      .select({ kind: mailOutbox.kind, to: mailOutbox.to })
      .from(mailOutbox)
      .innerJoin(complaints, eq(complaints.id, mailOutbox.complaintId))
      .where(sql`lower(${complaints.email}) = ${victim}`);
    expect(queued.filter((m) => m.kind === "complaint_acknowledgement")).toHaveLength(3);
    expect(queued.filter((m) => m.kind === "complaint_notification")).toHaveLength(5);
  });

  it("a session not in the list is told in the author's words; an unknown session id is refused in French", async () => {
    const other = valid({ session: "autre", sessionText: "Formation SST de mars, à Lyon" });
    expect((await submit(other)).status).toBe(200);
    const [row] = await t.app.db.select().from(complaints).where(eq(complaints.email, other.email));
    expect(row?.sessionId).toBeNull();
    expect(row?.sessionLabel).toBe("Formation SST de mars, à Lyon");

    const before = await count();
    const forged = await submit(valid({ session: "00000000-0000-4000-8000-000000000000" }));
    expect(forged.status).toBe(400);
    expect(forged.body.errors).toEqual({ session: COMPLAINT_ERRORS.session });
    expect(await count()).toBe(before);
  });

  it("bad input: each field's French message, what was typed sent back, nothing stored", async () => {
    const before = await count();
    const { status, body } = await submit(
      valid({
        firstName: "K",
        email: "pas-une-adresse",
        authorType: "",
        category: "x",
        description: "Trop court",
      }),
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual({
      firstName: "Le prénom doit contenir au moins 2 caractères",
      email: "Veuillez entrer une adresse e-mail valide",
      authorType: "Indiquez à quel titre vous écrivez",
      category: "Choisissez la catégorie de votre réclamation",
      description: "Décrivez votre réclamation (au moins 20 caractères)",
    });
    expect((body.values as Record<string, string>).description).toBe("Trop court");
    expect(await count()).toBe(before);
  });

  it("a bot filling the honeypot gets a success and stores nothing; past the rate limit, 429", async () => {
    const before = await count();
    expect((await submit({ ...valid(), website: "http://spam.example" })).status).toBe(200);
    expect(await count()).toBe(before);
    const ip = "192.0.2.77";
    for (let i = 0; i < 3; i++) expect((await submit(valid(), ip)).status).toBe(200);
    const refused = await submit(valid(), ip);
    expect(refused.status).toBe(429);
    expect(await count()).toBe(before + 3);
  });

  it("references are unique and follow each other within the year, even when submitted at once", async () => {
    const input = {
      firstName: "Léa",
      lastName: "Roux",
      email: "lea.roux@example.test",
      authorType: "entreprise" as const,
      category: "administratif" as const,
      description: "La facture ne correspond pas au devis signé.",
    };
    const [counter] = await t.app.db
      .select()
      .from(complaintCounters)
      .where(eq(complaintCounters.year, year()));
    const last = counter?.last ?? 0;
    const references = await Promise.all(Array.from({ length: 12 }, () => storeComplaint(t.app, input)));
    const numbers = references.map((r) => Number(r.slice(-4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => last + i + 1));
    expect(references.every((r) => r.startsWith(`REC-${year()}-`))).toBe(true);
  });
});

describe(`the Réclamations register on ${DRIVER}`, () => {
  const input = FUNDER_COMPLAINT;
  const post = (id: string, fields: Record<string, string>, cookie?: string) =>
    complaintConsole.action(routeArgs(t, formRequest(`/admin/reclamations/${id}`, fields, cookie), { id }));

  it("anonymous visitors are sent to /auth and role-less accounts refused, on the list, the page and each intent", async () => {
    const reference = await storeComplaint(t.app, input);
    const [row] = await t.app.db.select().from(complaints).where(eq(complaints.reference, reference));
    const id = row?.id ?? "";
    const list = (cookie?: string) =>
      registerRoute.loader(routeArgs(t, getRequest("/admin/reclamations", cookie)));
    const page = (cookie?: string) =>
      complaintConsole.loader(routeArgs(t, getRequest(`/admin/reclamations/${id}`, cookie), { id }));
    await expect(list()).rejects.toMatchObject({ status: 302 });
    await expect(list(roleless.cookie)).rejects.toMatchObject({ status: 403 });
    await expect(page()).rejects.toMatchObject({ status: 302 });
    await expect(page(roleless.cookie)).rejects.toMatchObject({ status: 403 });
    for (const fields of <Record<string, string>[]>[
      { intent: "status", id, status: "closed" },
      { intent: "reply", id, text: "Bonjour" },
      { intent: "corrective-action", id, correctiveAction: "Rien" },
    ]) {
      await expect(post(id, fields)).rejects.toMatchObject({ status: 302 });
      await expect(post(id, fields, roleless.cookie)).rejects.toMatchObject({ status: 403 });
    }
    const [after] = await t.app.db.select().from(complaints).where(eq(complaints.id, id));
    expect(after?.status).toBe("received");
    expect(await t.app.db.select().from(complaintEvents).where(eq(complaintEvents.complaintId, id))).toEqual(
      [],
    );
  });

  it("a moderator moves it through the statuses, replies to the author and records the corrective action: each audited, the reply queued and kept with its date", async () => {
    const reference = await storeComplaint(t.app, input);
    const [row] = await t.app.db.select().from(complaints).where(eq(complaints.reference, reference));
    const id = row?.id ?? "";

    const listed = (await registerRoute.loader(
      routeArgs(t, getRequest(`/admin/reclamations?q=${reference}`, moderator.cookie)),
    )) as { complaints: { reference: string; status: string }[] };
    expect(listed.complaints.map((c) => c.reference)).toEqual([reference]);

    expect(statusOf(await post(id, { intent: "status", id, status: "in_progress" }, moderator.cookie))).toBe(
      200,
    );
    const replied = await post(
      id,
      {
        intent: "reply",
        id,
        text: "Bonjour Madame Garcia,\n\nNous avons revu le programme avec le formateur.",
      },
      moderator.cookie,
    );
    expect(statusOf(replied)).toBe(200);
    expect(
      statusOf(
        await post(
          id,
          {
            intent: "corrective-action",
            id,
            correctiveAction: "Programme remis au financeur avant chaque session.",
          },
          moderator.cookie,
        ),
      ),
    ).toBe(200);
    expect(statusOf(await post(id, { intent: "status", id, status: "treated" }, moderator.cookie))).toBe(200);

    const [after] = await t.app.db.select().from(complaints).where(eq(complaints.id, id));
    expect(after?.status).toBe("treated");
    expect(after?.handledAt).toBeInstanceOf(Date);
    expect(after?.correctiveAction).toBe("Programme remis au financeur avant chaque session.");

    const events = await t.app.db
      .select()
      .from(complaintEvents)
      .where(eq(complaintEvents.complaintId, id))
      .orderBy(complaintEvents.createdAt);
    expect(events.map((e) => e.kind)).toEqual(["status", "reply", "action", "status"]);
    expect(events[1]?.body).toContain("Nous avons revu le programme");
    expect(events[1]?.createdAt).toBeInstanceOf(Date);

    const replies = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.complaintId, id));
    const reply = replies.find((m) => m.kind === "complaint_reply");
    expect(reply?.to).toBe(input.email);
    expect(reply?.subject).toBe(`Réponse à votre réclamation ${reference}`);
    await t.app.mail.drain();
    expect(t.smtp.to(input.email).some((m) => m.body.includes("Nous avons revu le programme"))).toBe(true);

    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, id))
      .orderBy(auditLog.createdAt);
    expect(audit.map((a) => a.action)).toEqual(["status", "reply", "update", "status"]);
    expect(audit.every((a) => a.entity === "complaint" && a.actorEmail === moderator.email)).toBe(true);
    expect(audit[0]?.details).toMatchObject({
      title: reference,
      changes: [{ field: "status", from: "received", to: "in_progress" }],
    });
    // Statistiques: the period's complaints, and the median delay of those handled.
    const figures = (await statistics(t.app.db, "30-jours")).figures;
    expect(figures.complaints).toBe(await count());
    expect(figures.complaintsMedianDelay).toMatch(/min|h|j/);
    // The audit log keeps neither the reply's text nor the author's name.
    expect(JSON.stringify(audit)).not.toMatch(/revu le programme|Garcia|Programme remis/);
  });

  it("a bad post gets its field's French message and changes nothing", async () => {
    const reference = await storeComplaint(t.app, input);
    const [row] = await t.app.db.select().from(complaints).where(eq(complaints.reference, reference));
    const id = row?.id ?? "";
    const empty = await post(id, { intent: "reply", id, text: "   " }, moderator.cookie);
    expect(statusOf(empty)).toBe(400);
    expect((await bodyOf(empty)).errors).toEqual({ text: "Écrivez la réponse à envoyer" });
    const bad = await post(id, { intent: "status", id, status: "perdue" }, moderator.cookie);
    expect(statusOf(bad)).toBe(400);
    expect((await bodyOf(bad)).errors).toEqual({ status: "Choisissez un statut" });
    expect(await t.app.db.select().from(complaintEvents).where(eq(complaintEvents.complaintId, id))).toEqual(
      [],
    );
  });
});

describe(`erasure and retention of a complaint's personal data on ${DRIVER}`, () => {
  const input = {
    firstName: "Théo",
    lastName: "Vasseur",
    email: "theo.vasseur@example.test",
    phone: "0611223344",
    authorType: "stagiaire" as const,
    organisation: "Garage Vasseur",
    category: "pedagogie" as const,
    description: "Le formateur Vasseur n'est pas venu le mardi 3 mars.",
  };
  const post = (id: string, fields: Record<string, string>, cookie?: string) =>
    complaintConsole.action(routeArgs(t, formRequest(`/admin/reclamations/${id}`, fields, cookie), { id }));
  const rowOf = async (id: string) =>
    (await t.app.db.select().from(complaints).where(eq(complaints.id, id)))[0];

  async function handled(): Promise<{ id: string; reference: string }> {
    const reference = await storeComplaint(t.app, input);
    const [row] = await t.app.db.select().from(complaints).where(eq(complaints.reference, reference));
    const id = row?.id ?? "";
    await post(
      id,
      { intent: "reply", id, text: "Bonjour Théo, nous avons parlé au formateur." },
      admin.cookie,
    );
    await post(id, { intent: "corrective-action", id, correctiveAction: "Remplaçant prévu." }, admin.cookie);
    await post(id, { intent: "status", id, status: "closed" }, admin.cookie);
    return { id, reference };
  }

  it("an administrator erases the author's data: the register entry stays, the replies' text and e-mails go, audited without them", async () => {
    const { id, reference } = await handled();
    // Moderators may handle complaints, not erase them.
    await expect(post(id, { intent: "erase", id }, moderator.cookie)).rejects.toMatchObject({ status: 403 });
    expect((await rowOf(id))?.erasedAt).toBeNull();

    const erased = await post(id, { intent: "erase", id }, admin.cookie);
    expect(statusOf(erased)).toBe(200);
    expect(((await bodyOf(erased)).toast as { title: string }).title).toBe("Données personnelles effacées");
    const row = await rowOf(id);
    expect(row).toMatchObject({
      reference,
      category: "pedagogie",
      status: "closed",
      correctiveAction: "Remplaçant prévu.",
      firstName: null,
      lastName: null,
      email: null,
      phone: null,
      organisation: null,
      description: null,
    });
    expect(row?.erasedAt).toBeInstanceOf(Date);
    expect(row?.closedAt).toBeInstanceOf(Date);
    expect(row?.createdAt).toBeInstanceOf(Date);
    const events = await t.app.db.select().from(complaintEvents).where(eq(complaintEvents.complaintId, id));
    expect(events.map((e) => e.kind).sort()).toEqual(["action", "reply", "status"]);
    expect(events.find((e) => e.kind === "reply")?.body).toBeNull();
    expect(events.find((e) => e.kind === "action")?.body).toBe("Remplaçant prévu.");
    expect(await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.complaintId, id))).toEqual([]);
    // The page still opens, without the author; nothing is left to reply to.
    const page = (await complaintConsole.loader(
      routeArgs(t, getRequest(`/admin/reclamations/${id}`, admin.cookie), { id }),
    )) as { complaint: { reference: string; email: string | null } };
    expect(page.complaint).toMatchObject({ reference, email: null });
    const reply = await post(id, { intent: "reply", id, text: "Encore un mot" }, admin.cookie);
    expect(statusOf(reply)).toBe(400);
    expect(JSON.stringify(await bodyOf(reply))).toContain("coordonnées de l'auteur ont été effacées");
    // Twice is refused in French, and an unknown id too.
    expect(statusOf(await post(id, { intent: "erase", id }, admin.cookie))).toBe(400);
    expect(statusOf(await post(id, { intent: "erase", id: "x" }, admin.cookie))).toBe(400);

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${id} and ${auditLog.action} = 'erase'`);
    expect(entry).toMatchObject({
      entity: "complaint",
      actorEmail: admin.email,
      details: { title: reference },
    });
    expect(JSON.stringify(entry)).not.toMatch(/Vasseur|theo|0611/);
  });

  it("3 years after closing, the hourly round erases the author's data once, in the server's name; open and recent ones stay", async () => {
    const due = await handled();
    const recent = await handled();
    const reopened = await handled();
    await t.app.database.query(
      "update complaints set closed_at = now() - interval '37 months' where id = any($1::uuid[])",
      [[due.id, recent.id]],
    );
    await t.app.database.query(
      "update complaints set closed_at = now() - interval '35 months' where id = $1",
      [recent.id],
    );
    // Reopened: no longer 'Close', so no closing date counts.
    await post(reopened.id, { intent: "status", id: reopened.id, status: "in_progress" }, admin.cookie);
    await t.app.database.query(
      "update complaints set created_at = now() - interval '5 years' where id = $1",
      [reopened.id],
    );

    await t.app.retention.runOnce();
    expect((await rowOf(due.id))?.email).toBeNull();
    expect((await rowOf(due.id))?.erasedAt).toBeInstanceOf(Date);
    expect((await rowOf(due.id))?.reference).toBe(due.reference);
    expect((await rowOf(recent.id))?.email).toBe(input.email);
    expect((await rowOf(reopened.id))?.email).toBe(input.email);
    expect(await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.complaintId, due.id))).toEqual([]);
    expect(await anonymiseExpiredComplaints(t.app.db)).toBe(0);
    const purges = await t.app.database.query<{ actor_email: string | null; details: unknown }>(
      "select actor_email, details from audit_log where entity = 'complaint' and action = 'purge'",
    );
    expect(purges).toEqual([{ actor_email: null, details: { count: 1, retentionMonths: 36 } }]);
  });

  it("Statistiques charts the complaints received and handled per month, CSV included", async () => {
    const chart = (await statistics(t.app.db, "12-mois")).charts.find((c) => c.id === "reclamations");
    expect(chart?.title).toBe("Réclamations par mois");
    expect(chart?.rows).toHaveLength(12);
    // Every complaint of the file was received today, but the one the test above dated 5 years back.
    const [recent] = await t.app.database.query<{ n: number }>(
      "select count(*)::int as n from complaints where created_at > now() - interval '1 month'",
    );
    expect(chart?.rows.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(recent?.n);
    const [handledCount] = await t.app.database.query<{ n: number }>(
      "select count(*)::int as n from complaints where handled_at is not null",
    );
    expect(chart?.rows.reduce((sum, row) => sum + Number(row[2]), 0)).toBe(handledCount?.n);
    const csv = await statisticsCsv(t.app.db, "12-mois", "reclamations");
    expect(csv.split("\r\n")[0]).toContain("Mois;Reçues;Traitées");
  });
});
