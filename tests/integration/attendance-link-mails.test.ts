// 'Envoyer les liens par e-mail' on a slot's signing page: each learner still following the session
// gets one e-mail with their personal link (the site's public address), in French, whatever the
// clicks (two at once included); an abandoned or anonymised learner gets none; an ended slot sends
// nothing; the page shows when each link was sent; the Journal names the session and slot, no one.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/features/audit/schema.server";
import { formationSessions } from "~/features/catalogue/schema.server";
import { learners } from "~/features/learners/schema.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import * as slotPage from "~/routes/admin/session-attendance-slot";
import { DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { BASE_URL, bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const moderator = setUpSignedIn(t, "moderator");

interface Outbox {
  to_address: string;
  subject: string;
  text_body: string;
  attendance_link_id: string | null;
}

async function newSession(day: string) {
  const [formation] = await t.app.database.query<{ id: string; title: string }>(
    "select id, title from formations order by title limit 1",
  );
  const [session] = await t.app.db
    .insert(formationSessions)
    .values({
      formationId: formation?.id ?? "",
      startDate: day,
      endDate: day,
      place: "Salle Molière, Lyon",
      seats: 10,
    })
    .returning({ id: formationSessions.id, formationId: formationSessions.formationId });
  if (!session) throw new Error("no session");
  const tag = session.id.slice(0, 8);
  const people = [
    {
      firstName: "Ana",
      lastName: "Aubert",
      email: `ana.${tag}@example.fr`,
      status: "enrolled" as const,
      abandonedOn: null,
    },
    {
      firstName: "Ben",
      lastName: "Berger",
      email: `ben.${tag}@example.fr`,
      status: "enrolled" as const,
      abandonedOn: null,
    },
    {
      firstName: "Chloé",
      lastName: "Caron",
      email: `chloe.${tag}@example.fr`,
      status: "dropped_out" as const,
      abandonedOn: day,
    },
  ];
  await t.app.db
    .insert(learners)
    .values(people.map((p) => ({ ...p, sessionId: session.id, origin: "manual" as const })));
  const [slot] = await t.app.db
    .insert(sessionSlots)
    .values({ sessionId: session.id, day, startMinute: 540, endMinute: 750 })
    .returning({ id: sessionSlots.id });
  if (!slot) throw new Error("no slot");
  const url = `/admin/formations/${session.formationId}/sessions/${session.id}/emargement/${slot.id}`;
  const params = { id: session.formationId, sessionId: session.id, slotId: slot.id };
  const send = async () => {
    const result = await slotPage.action(
      routeArgs(
        t,
        formRequest(url, { intent: "send-links", sessionId: session.id, slotId: slot.id }, moderator.cookie),
        params,
      ),
    );
    return { status: statusOf(result), body: await bodyOf(result) };
  };
  const outbox = () =>
    t.app.database.query<Outbox>(
      `select to_address, subject, text_body, attendance_link_id from mail_outbox
        where to_address like $1 order by to_address`,
      [`%.${tag}@example.fr`],
    );
  return { session, slotId: slot.id, url, params, send, outbox, formationTitle: formation?.title ?? "", tag };
}

const toastTitle = (body: Record<string, unknown>) => (body.toast as { title: string }).title;

describe(`attendance link e-mails on ${DRIVER}`, () => {
  it("sends each learner still following the session one e-mail, twice clicked or two at once; the abandoned one none", async () => {
    const s = await newSession("2027-03-01");
    const first = await s.send();
    expect(first.status).toBe(200);
    expect(toastTitle(first.body)).toBe("2 liens envoyés par e-mail");
    const again = await s.send();
    expect(toastTitle(again.body)).toBe("Aucun lien à envoyer : chaque stagiaire a déjà reçu le sien.");
    // Two clicks at once (two instances): still one e-mail per learner.
    await Promise.all([s.send(), s.send()]);

    const mails = await s.outbox();
    expect(mails.map((m) => m.to_address)).toEqual([`ana.${s.tag}@example.fr`, `ben.${s.tag}@example.fr`]);
    const [ana] = mails;
    expect(ana?.subject.replace(/\s+/g, " ")).toBe(
      `Émargement : ${s.formationTitle}, lundi 1er mars 2027 9 h`,
    );
    const body = (ana?.text_body ?? "").replace(/\s+/g, " ");
    expect(body).toContain("Bonjour Ana,");
    expect(body).toContain("Date : lundi 1er mars 2027");
    expect(body).toContain("Horaires : 9 h – 12 h 30");
    expect(body).toContain("Lieu : Salle Molière, Lyon");
    expect(body).toContain("Il ne fonctionne que pendant le créneau");
    // The site's public address, as every e-mail's links.
    const link = new RegExp(`${BASE_URL}/emargement/[A-Za-z0-9_-]{43}`).exec(ana?.text_body ?? "")?.[0] ?? "";
    expect(link).not.toBe("");

    // The link e-mailed is the one the page shows, and the page says it was sent once delivered.
    const page = async () =>
      (await slotPage.loader(routeArgs(t, getRequest(s.url, moderator.cookie), s.params))).sheet.learners;
    const before = await page();
    const anaRow = before.find((l) => l.name === "Ana Aubert");
    expect(anaRow?.link).toBe(link);
    expect(anaRow?.linkMail?.sentAt).toBeNull();
    expect(before.find((l) => l.name === "Chloé Caron")?.linkMail).toBeNull();
    await t.app.mail.drain();
    expect((await page()).find((l) => l.name === "Ana Aubert")?.linkMail?.sentAt).toBeInstanceOf(Date);

    // One Journal entry for the click that sent, on the session with the slot, no learner's name.
    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, s.session.id));
    const sends = entries.filter((e) => e.action === "send");
    expect(sends).toHaveLength(1);
    expect(sends[0]?.entity).toBe("formation_session");
    expect(sends[0]?.details).toMatchObject({ slotId: s.slotId, attendanceLinks: 2 });
    expect(JSON.stringify(sends[0]?.details)).not.toMatch(/Ana|Aubert|Ben|Berger/);
  });

  it("an ended slot sends nothing (410, in French); an anonymised learner gets nothing", async () => {
    const ended = await newSession("2025-01-06");
    const refused = await ended.send();
    expect(refused.status).toBe(410);
    expect(toastTitle(refused.body)).toBe("Le créneau est terminé : les liens de signature ne servent plus.");
    expect(await ended.outbox()).toHaveLength(0);

    const s = await newSession("2027-03-02");
    await t.app.db
      .update(learners)
      .set({ firstName: null, lastName: null, email: null, anonymisedAt: new Date() })
      .where(eq(learners.email, `ben.${s.tag}@example.fr`));
    expect(toastTitle((await s.send()).body)).toBe("1 lien envoyé par e-mail");
    expect((await s.outbox()).map((m) => m.to_address)).toEqual([`ana.${s.tag}@example.fr`]);
  });

  it("erasing a learner takes their link e-mail with it", async () => {
    const s = await newSession("2027-03-03");
    await s.send();
    await t.app.db.delete(learners).where(eq(learners.email, `ana.${s.tag}@example.fr`));
    expect((await s.outbox()).map((m) => m.to_address)).toEqual([`ben.${s.tag}@example.fr`]);
  });
});
