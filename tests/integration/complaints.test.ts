// Réclamations: the public form stores a complaint under the year's next reference and queues its
// acknowledgement in the same transaction; bad input gets French messages and stores nothing; the
// honeypot and the shared rate limit apply as on the contact form.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { storeComplaint } from "~/features/complaints/intake.server";
import { complaintCounters, complaints, mailOutbox } from "~/platform/db/schema.server";
import { parisParts } from "~/platform/paris-time";
import * as complaintRoute from "~/routes/site/reclamation";
import { DRIVER } from "../support/db";
import { setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp({ FORM_RATE_LIMIT: "3" });

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

  it("a session not in the list is told in the author's words; an unknown session id is refused in French", async () => {
    const other = valid({ session: "autre", sessionText: "Formation SST de mars, à Lyon" });
    expect((await submit(other)).status).toBe(200);
    const [row] = await t.app.db.select().from(complaints).where(eq(complaints.email, other.email));
    expect(row?.sessionId).toBeNull();
    expect(row?.sessionLabel).toBe("Formation SST de mars, à Lyon");

    const before = await count();
    const forged = await submit(valid({ session: "00000000-0000-4000-8000-000000000000" }));
    expect(forged.status).toBe(400);
    expect(forged.body.errors).toEqual({
      session: "Choisissez une session de la liste, ou « Autre » et précisez-la",
    });
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
