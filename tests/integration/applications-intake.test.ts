// Sessions seeded from the catalogue, shown on the public pages, and the online application:
// fields, files judged by their content, size bounds, abuse, and one transaction for everything.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listActiveFormations } from "~/features/catalogue/catalogue.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { convertNextSessions } from "~/features/catalogue/sessions.server";
import * as apply from "~/routes/site/apply";
import * as formationPage from "~/routes/site/formation";
import { applicationRequest, candidateFields, postApplication, type Upload } from "../support/candidate";
import { DRIVER } from "../support/db";
import { doc, docx, elf, exe, odt, pdf } from "../support/documents";
import { setUpTestApp } from "../support/fixture";
import { BASE_URL, bodyOf, routeArgs, statusOf } from "../support/runtime";

const SLUG = "tp-assistant-ressources-humaines";
let sessionId: string;

const t = setUpTestApp({ FORM_RATE_LIMIT: "0" });
beforeAll(async () => {
  const [row] = await t.app.database.query<{ id: string }>(
    `select s.id from formation_sessions s join formations f on f.id = s.formation_id
     where f.slug = $1 order by s.start_date limit 1`,
    [SLUG],
  );
  sessionId = row?.id ?? "";
});

const count = async (table: string) =>
  Number((await t.app.database.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n);

/** Rows an application writes: none may appear when it is refused. */
const stored = async () => ({
  applications: await count("applications"),
  files: await count("application_files"),
  mails: await count("mail_outbox"),
});

const valid = () => candidateFields(sessionId);

const multipart = (fields: Record<string, string>, files: Record<string, Upload | undefined> = {}) =>
  applicationRequest(SLUG, fields, files);

const post = (request: Request, slug = SLUG) => postApplication(t, request, slug);

const cv = (bytes = pdf(), name = "Mon CV.pdf"): Upload => ({ name, bytes, type: "application/pdf" });

describe(`sessions on ${DRIVER}`, () => {
  it("turns the seed's next-session dates into sessions with seats, once", async () => {
    const sessions = await t.app.db.select().from(formationSessions);
    expect(sessions.length).toBe(15);
    const rh = await t.app.database.query<{ start_date: string; seats: number; next_sessions: string[] }>(
      `select s.start_date::text, s.seats, f.next_sessions from formation_sessions s
       join formations f on f.id = s.formation_id where f.slug = $1 order by s.start_date`,
      [SLUG],
    );
    expect(rh.map((r) => r.start_date)).toEqual(["2027-01-04", "2027-03-01", "2027-09-06"]);
    expect(rh[0]).toMatchObject({ seats: 12, next_sessions: [] });
    expect(await convertNextSessions(t.app.db)).toBe(0);
    expect(await count("formation_sessions")).toBe(15);
  });

  it("shows each session on the course page, the next one on the catalogue card, and CourseInstances", async () => {
    const page = await bodyOf(
      await formationPage.loader(routeArgs(t, new Request(`${BASE_URL}/formation/${SLUG}`), { slug: SLUG })),
    );
    const sessions = page.sessions as { id: string; seatsLeft: number; status: string; mode: string }[];
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ seatsLeft: 12, status: "open", mode: "presentiel" });
    const cards = await listActiveFormations(t.app.db);
    expect(cards.find((c) => c.slug === SLUG)?.nextSession).toBe("2027-01-04");

    const meta = formationPage.meta({ loaderData: page, matches: [] } as never) as Record<string, unknown>[];
    const jsonLd = meta.find((m) => "script:ld+json" in m)?.["script:ld+json"] as {
      hasCourseInstance: Record<string, unknown>[];
    };
    expect(jsonLd.hasCourseInstance).toHaveLength(3);
    expect(jsonLd.hasCourseInstance[0]).toMatchObject({
      "@type": "CourseInstance",
      courseMode: "Onsite",
      startDate: "2027-01-04",
      maximumAttendeeCapacity: 12,
      remainingAttendeeCapacity: 12,
    });
  });

  it("says 'nous consulter' on the card when every session is closed", async () => {
    const [f] = await t.app.db.select().from(formations).where(eq(formations.slug, "formation-wordpress"));
    await t.app.db
      .update(formationSessions)
      .set({ closed: true })
      .where(eq(formationSessions.formationId, f?.id ?? ""));
    const cards = await listActiveFormations(t.app.db);
    expect(cards.find((c) => c.slug === "formation-wordpress")?.nextSession).toBeNull();
    await t.app.db
      .update(formationSessions)
      .set({ closed: false })
      .where(eq(formationSessions.formationId, f?.id ?? ""));
  });
});

describe(`applying on ${DRIVER}`, () => {
  beforeEach(async () => {
    await t.app.database.query("delete from mail_outbox");
    await t.app.database.query("delete from applications");
  });

  it("stores the application, its CV and both e-mails, then redirects to 'Candidature envoyée'", async () => {
    const bytes = pdf(2048);
    const result = await post(multipart(valid(), { cv: cv(bytes, "../../etc/Mon CV <final>.PDF") }));
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(303);
    expect((result as Response).headers.get("location")).toBe(`/formation/${SLUG}/candidature/envoyee`);

    const [app] = await t.app.database.query<{ id: string; status: string; email: string }>(
      "select id, status, email from applications",
    );
    expect(app).toMatchObject({ status: "received", email: "ines.durand@example.test" });
    const [file] = await t.app.database.query<{
      file_name: string;
      mime_type: string;
      size: number;
      content: Uint8Array;
    }>("select file_name, mime_type, size, content from application_files where application_id = $1", [
      app?.id,
    ]);
    expect(file).toMatchObject({ file_name: "Mon CV _final.pdf", mime_type: "application/pdf", size: 2048 });
    expect(Buffer.from(file?.content ?? []).equals(Buffer.from(bytes))).toBe(true);

    const mails = await t.app.database.query<{ kind: string; to_address: string; text_body: string }>(
      "select kind, to_address, text_body from mail_outbox where application_id = $1 order by kind",
      [app?.id],
    );
    expect(mails.map((m) => [m.kind, m.to_address])).toEqual([
      ["application_acknowledgement", "ines.durand@example.test"],
      ["application_notification", "equipe@centre.test"],
    ]);
    expect(mails[1]?.text_body).toContain(`${BASE_URL}/admin/candidatures/${app?.id}`);
    await t.app.mail.drain();
    const staff = t.smtp.messages.find(
      (m) => m.to.includes("equipe@centre.test") && m.raw.includes("Durand"),
    );
    expect(staff?.raw).not.toMatch(/Content-Disposition: attachment/i);
  });

  it.each([
    ["doc", doc(), "lettre.doc", "application/msword"],
    [
      "docx",
      docx(),
      "lettre.docx",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
    ["odt", odt(), "lettre.odt", "application/vnd.oasis.opendocument.text"],
  ])("accepts a %s judged by its content, named by its real type", async (_, bytes, name, mime) => {
    // Named .txt on purpose: the stored name takes the extension of what the content is.
    const result = await post(
      multipart(valid(), { cv: cv(), letter: { name: name.replace(/\.\w+$/, ".txt"), bytes } }),
    );
    expect(statusOf(result)).toBe(303);
    const [letter] = await t.app.database.query<{ file_name: string; mime_type: string }>(
      "select file_name, mime_type from application_files where kind = 'letter'",
    );
    expect(letter).toEqual({ file_name: name, mime_type: mime });
  });

  it.each([
    ["an ELF program named .pdf", elf()],
    ["a Windows program named .pdf", exe()],
    ["plain text named .pdf", new TextEncoder().encode("Bonjour, voici mon CV")],
  ])("refuses %s with its message and stores nothing", async (_, bytes) => {
    const before = await stored();
    const result = await post(multipart(valid(), { cv: { name: "cv.pdf", bytes, type: "application/pdf" } }));
    expect(statusOf(result)).toBe(400);
    expect((await bodyOf(result)).errors).toMatchObject({
      cv: "Le CV doit être un fichier PDF, DOC, DOCX ou ODT",
    });
    expect(await stored()).toEqual(before);
  });

  it("refuses a 6 MB CV with 'Le fichier ne doit pas dépasser 5 Mo', never a 500, nothing stored", async () => {
    const before = await stored();
    const result = await post(multipart(valid(), { cv: cv(pdf(6 * 1024 * 1024)) }));
    expect(statusOf(result)).toBe(400);
    expect((await bodyOf(result)).errors).toMatchObject({ cv: "Le fichier ne doit pas dépasser 5 Mo" });
    expect(await stored()).toEqual(before);
  });

  it("stops reading past the multipart bound: 413, nothing stored", async () => {
    const before = await stored();
    const big = cv(pdf(6 * 1024 * 1024));
    const result = await post(multipart(valid(), { cv: big, letter: { ...big, name: "lettre.pdf" } }));
    expect(statusOf(result)).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it("asks for the CV, and applies the contact form's rules to name, e-mail and phone", async () => {
    const result = await post(
      multipart({ ...valid(), email: "pas-une-adresse", phone: "abc", firstName: "A" }),
    );
    expect(statusOf(result)).toBe(400);
    const body = await bodyOf(result);
    expect(body.errors).toMatchObject({
      cv: "Veuillez joindre votre CV",
      email: "Veuillez entrer une adresse e-mail valide",
      phone: "Veuillez entrer un numéro de téléphone valide",
      firstName: "Le prénom doit contenir au moins 2 caractères",
    });
    // Typed values come back for the form without JavaScript; the trap never does.
    expect(body.values).toMatchObject({ lastName: "Durand" });
  });

  it("requires consent and bounds the motivation to 3 000 characters", async () => {
    const { consent: _, ...noConsent } = valid();
    const result = await post(multipart({ ...noConsent, motivation: "x".repeat(3001) }, { cv: cv() }));
    expect((await bodyOf(result)).errors).toMatchObject({
      consent: "Veuillez accepter le traitement de vos données pour candidater",
      motivation: "Vos motivations ne peuvent pas dépasser 3 000 caractères",
    });
    expect(await count("applications")).toBe(0);
  });

  it("drops a bot that fills the honeypot: same redirect, nothing stored", async () => {
    const result = await post(multipart({ ...valid(), website: "http://spam.test" }, { cv: cv() }));
    expect(statusOf(result)).toBe(303);
    expect(await stored()).toEqual({ applications: 0, files: 0, mails: 0 });
  });

  it("refuses a session of another formation, and a closed one", async () => {
    const [other] = await t.app.database.query<{ id: string }>(
      `select s.id from formation_sessions s join formations f on f.id = s.formation_id where f.slug <> $1 limit 1`,
      [SLUG],
    );
    const foreign = await post(multipart({ ...valid(), session: other?.id ?? "" }, { cv: cv() }));
    expect((await bodyOf(foreign)).errors).toHaveProperty("session");
    await t.app.db.update(formationSessions).set({ closed: true }).where(eq(formationSessions.id, sessionId));
    const closed = await post(multipart(valid(), { cv: cv() }));
    expect((await bodyOf(closed)).errors).toHaveProperty("session");
    await t.app.db
      .update(formationSessions)
      .set({ closed: false })
      .where(eq(formationSessions.id, sessionId));
    expect(await count("applications")).toBe(0);
  });

  it("puts an application to a full session on the waiting list and says so", async () => {
    await t.app.db.update(formationSessions).set({ seats: 1 }).where(eq(formationSessions.id, sessionId));
    await post(multipart({ ...valid(), email: "admise@example.test" }, { cv: cv() }));
    await t.app.database.query("update applications set status = 'admitted'");
    const result = await post(multipart(valid(), { cv: cv() }));
    expect((result as Response).headers.get("location")).toBe(
      `/formation/${SLUG}/candidature/envoyee?attente=1`,
    );
    const rows = await t.app.database.query<{ status: string }>(
      "select status from applications where email = 'ines.durand@example.test'",
    );
    expect(rows).toEqual([{ status: "waitlisted" }]);
    await t.app.db.update(formationSessions).set({ seats: 12 }).where(eq(formationSessions.id, sessionId));
  });
});

describe(`application rate limit on ${DRIVER}`, () => {
  const limited = setUpTestApp({ FORM_RATE_LIMIT: "1" });
  it("shares the public forms' budget: past it, 429 with Retry-After", async () => {
    const [row] = await limited.app.database.query<{ id: string }>(
      "select id from formation_sessions limit 1",
    );
    const call = (r: Request) =>
      apply.action(routeArgs(limited, r, { slug: SLUG }, "203.0.113.9")).catch((e) => e);
    await call(multipart({ ...valid(), session: row?.id ?? "" }));
    const second = await call(multipart({ ...valid(), session: row?.id ?? "" }));
    expect(statusOf(second)).toBe(429);
  });
});
