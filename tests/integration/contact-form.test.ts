import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "~/features/accounts/schema.server";
import { contactRequests } from "~/features/leads/schema.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import * as callbackRoute from "~/routes/api/callback";
import * as contactRoute from "~/routes/site/contact";
import { DRIVER } from "../support/db";
import { setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp({ FORM_RATE_LIMIT: "5" });

// Each submission comes from its own address, except where the rate limit is the point.
let calls = 0;
const nextIp = () => `203.0.113.${++calls % 250}`;

const valid = (overrides: Record<string, string> = {}) => ({
  firstName: "Amina",
  lastName: "Diallo",
  email: `amina.${++calls}@example.test`,
  phone: "06 12 34 56 78",
  subject: "information",
  formation: "",
  message: "Bonjour, je voudrais des informations sur l'alternance.",
  ...overrides,
});

async function submitContact(fields: Record<string, string>, ip = nextIp()) {
  const result = await contactRoute.action(routeArgs(t, formRequest("/contact", fields), {}, ip));
  return { status: statusOf(result), body: await bodyOf(result) };
}

async function submitCallback(fields: Record<string, string>, ip = nextIp(), accept?: string) {
  const request = formRequest("/api/rappel", fields);
  if (accept) request.headers.set("accept", accept);
  request.headers.set("referer", "http://localhost:3000/formations?type=alternance");
  const response = await callbackRoute.action(routeArgs(t, request, {}, ip));
  return response;
}

const rowsFor = (email: string) =>
  t.app.db.select().from(contactRequests).where(eq(contactRequests.email, email));
const mailsFor = (id: string) =>
  t.app.db.select().from(mailOutbox).where(eq(mailOutbox.contactRequestId, id));
/**
 * Delivers everything due. drain() claims batches of SMTP_CONNECTIONS × 4 until none is due; calling
 * it again until it sends nothing also picks up mail queued while it ran.
 */
async function drainAll() {
  let total = 0;
  for (let n = await t.app.mail.drain(); n > 0; n = await t.app.mail.drain()) total += n;
  return total;
}

async function counts() {
  const [c] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(contactRequests);
  const [m] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
  return { requests: c?.n ?? 0, mails: m?.n ?? 0 };
}

describe(`contact form on ${DRIVER}`, () => {
  it("stores the request and queues the staff notification and the visitor confirmation", async () => {
    const fields = valid({ subject: "financement", formation: "formation-wordpress", acceptMarketing: "on" });
    const { status, body } = await submitContact(fields);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ok: true,
      toast: {
        type: "success",
        title: "Message envoyé\u202f!",
        description: "Nous avons bien reçu votre message et vous répondrons dans les plus brefs délais.",
      },
    });
    const [row] = await rowsFor(fields.email);
    expect(row).toMatchObject({
      firstName: "Amina",
      lastName: "Diallo",
      phone: "06 12 34 56 78",
      subject: "financement",
      formationInterest: "Formation WordPress",
      message: fields.message,
      source: "contact_form",
      status: "new",
      callbackRequested: false,
      marketingConsent: true,
    });
    expect(row?.marketingConsentAt).toBeInstanceOf(Date);

    const queued = await mailsFor(row?.id ?? "");
    expect(queued.map((m) => m.to).sort()).toEqual(["equipe@centre.test", fields.email].sort());

    await drainAll();
    const [staff] = t.smtp.to("equipe@centre.test").filter((m) => m.body.includes(fields.email));
    expect(staff?.subject).toBe("Nouveau message\u00a0: Amina Diallo");
    for (const text of [
      "Amina",
      "Diallo",
      fields.email,
      "06 12 34 56 78",
      "Financement de formation",
      "Formation WordPress",
      "Bonjour, je voudrais des informations",
      "Accepte les communications",
      "Formulaire de contact",
    ]) {
      expect(staff?.body).toContain(text);
    }
    const [confirmation] = t.smtp.to(fields.email);
    expect(confirmation?.subject).toBe("Nous avons bien reçu votre message");
    // No promised delay and nothing typed freely: it may reach any address typed in the form.
    expect(confirmation?.body).toContain("vous répondrons dès que possible");
    for (const typed of ["Amina", "Bonjour, je voudrais des informations", "24 heures"]) {
      expect(confirmation?.body).not.toContain(typed);
    }
    expect(confirmation?.raw).toContain("text/html");
  });

  it("keeps the subject apart from the course (none chosen: none stored), and asks for a call on rdv", async () => {
    const fields = valid({ subject: "rdv" });
    expect((await submitContact(fields)).status).toBe(200);
    const [row] = await rowsFor(fields.email);
    expect(row).toMatchObject({
      subject: "rdv",
      formationInterest: null,
      callbackRequested: true,
      marketingConsent: false,
      marketingConsentAt: null,
    });
  });

  it("carries the appointment mode chosen on the banner into the request and the staff e-mail", async () => {
    const fields = valid({ subject: "rdv", appointmentMode: "visio" });
    expect((await submitContact(fields)).status).toBe(200);
    const [row] = await rowsFor(fields.email);
    expect(row).toMatchObject({ subject: "rdv", appointmentMode: "visio", callbackRequested: true });
    await drainAll();
    const [staff] = t.smtp.to("equipe@centre.test").filter((m) => m.body.includes(fields.email));
    expect(staff?.body).toContain("Type de rendez-vous");
    expect(staff?.body).toContain("Visioconférence");
    expect(t.smtp.to(fields.email)[0]?.body).toContain("Visioconférence");

    // Without the « rdv » subject a mode means nothing and is not kept; an unknown one is refused.
    const info = valid({ subject: "information", appointmentMode: "sur-place" });
    expect((await submitContact(info)).status).toBe(200);
    expect((await rowsFor(info.email))[0]?.appointmentMode).toBeNull();
    const bad = valid({ subject: "rdv", appointmentMode: "zoom" });
    const refused = await submitContact(bad);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      appointmentMode: "Veuillez choisir un type de rendez-vous de la liste",
    });
    expect(await rowsFor(bad.email)).toEqual([]);
  });

  it("sends staff notifications under the centre's name with Reply-To the visitor's address", async () => {
    const fields = valid();
    expect((await submitContact(fields)).status).toBe(200);
    await drainAll();
    const [staff] = t.smtp.to("equipe@centre.test").filter((m) => m.body.includes(fields.email));
    expect(staff?.raw).toMatch(new RegExp(`^Reply-To: ${fields.email.replace(/\./g, "\\.")}\r?$`, "m"));
    expect(staff?.raw).toMatch(/^From: Centre de Formation Avenir <[^>]+>\r?$/m);
    // The visitor's reply to their confirmation reaches the centre (Paramètres' e-mail), not no-reply.
    const [confirmation] = t.smtp.to(fields.email);
    expect(confirmation?.raw).toMatch(/^From: Centre de Formation Avenir </m);
    expect(confirmation?.raw).toMatch(/^Reply-To: contact@centre-formation-avenir\.fr\r?$/m);
  });

  it("trims the fields and folds control characters in names", async () => {
    const fields = valid({
      firstName: "  Jean\r\nPierre\u0000 ",
      message: "  Ligne 1\r\nLigne 2 \u0007 assez longue  ",
    });
    expect((await submitContact(fields)).status).toBe(200);
    const [row] = await rowsFor(fields.email);
    expect(row?.firstName).toBe("Jean Pierre");
    expect(row?.message).toBe("Ligne 1\nLigne 2  assez longue");
  });

  const rules: [string, Record<string, string>, string, string][] = [
    ["firstName", { firstName: "A" }, "firstName", "Le prénom doit contenir au moins 2 caractères"],
    ["missing firstName", { firstName: "   " }, "firstName", "Le prénom doit contenir au moins 2 caractères"],
    ["lastName", { lastName: "B" }, "lastName", "Le nom doit contenir au moins 2 caractères"],
    ["email", { email: "pas-un-email" }, "email", "Veuillez entrer une adresse e-mail valide"],
    ["empty email", { email: "" }, "email", "Veuillez entrer une adresse e-mail valide"],
    ["phone length", { phone: "06 12 34" }, "phone", "Veuillez entrer un numéro de téléphone valide"],
    ["phone letters", { phone: "abcdefghijkl" }, "phone", "Veuillez entrer un numéro de téléphone valide"],
    ["subject", { subject: "" }, "subject", "Veuillez sélectionner un sujet"],
    ["unknown subject", { subject: "spam" }, "subject", "Veuillez sélectionner un sujet"],
    [
      "message",
      { message: "Trop court".slice(0, 9) },
      "message",
      "Le message doit contenir au moins 10 caractères",
    ],
    [
      "first name bound",
      { firstName: "A".repeat(101) },
      "firstName",
      "Le prénom ne peut pas dépasser 100 caractères",
    ],
    [
      "last name bound",
      { lastName: "B".repeat(101) },
      "lastName",
      "Le nom ne peut pas dépasser 100 caractères",
    ],
    [
      "email bound",
      { email: `${"a".repeat(250)}@example.test` },
      "email",
      "L'adresse e-mail ne peut pas dépasser 254 caractères",
    ],
    [
      "phone bound",
      { phone: "0".repeat(31) },
      "phone",
      "Le numéro de téléphone ne peut pas dépasser 30 caractères",
    ],
    [
      "message bound",
      { message: "x".repeat(5001) },
      "message",
      "Le message ne peut pas dépasser 5 000 caractères",
    ],
    [
      "unknown course",
      { formation: "astrophysique" },
      "formation",
      "Veuillez choisir une formation de la liste",
    ],
  ];
  for (const [name, overrides, field, message] of rules) {
    it(`refuses ${name} with « ${message} », keeps the typed values and writes nothing`, async () => {
      const before = await counts();
      const fields = valid(overrides);
      const { status, body } = await submitContact(fields);
      expect(status).toBe(400);
      expect((body.errors as Record<string, string>)[field]).toBe(message);
      expect(body.values).toMatchObject({
        firstName: fields.firstName,
        message: fields.message.slice(0, 5100),
      });
      expect(await counts()).toEqual(before);
    });
  }

  it("reports every missing field at once, each with its own French message", async () => {
    const { status, body } = await submitContact({});
    expect(status).toBe(400);
    expect(body.errors).toEqual({
      firstName: "Le prénom doit contenir au moins 2 caractères",
      lastName: "Le nom doit contenir au moins 2 caractères",
      email: "Veuillez entrer une adresse e-mail valide",
      phone: "Veuillez entrer un numéro de téléphone valide",
      subject: "Veuillez sélectionner un sujet",
      message: "Le message doit contenir au moins 10 caractères",
    });
  });

  it("pretends success to a bot that fills the honeypot, and stores nothing", async () => {
    const before = await counts();
    const { status, body } = await submitContact(valid({ website: "http://spam.example" }));
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it("refuses an oversized body with 413 before reading it", async () => {
    const request = formRequest("/contact", valid({ message: "x".repeat(70_000) }));
    const result = await contactRoute.action(routeArgs(t, request, {}, nextIp()));
    expect(statusOf(result)).toBe(413);
    expect((await bodyOf(result)).message).toContain("trop volumineuse");
  });

  it("keeps nothing when the transaction fails after the insert, and says so with the error toast", async () => {
    // A failure inside the transaction, after the contact row is written: queueing the mail throws.
    await t.database.query(`create or replace function fail_mail() returns trigger as $$
      begin raise exception 'outbox indisponible'; end $$ language plpgsql`);
    await t.database.query(
      "create trigger fail_mail before insert on mail_outbox for each row execute function fail_mail()",
    );
    try {
      const before = await counts();
      const fields = valid();
      const { status, body } = await submitContact(fields);
      expect(status).toBe(503);
      expect(body).toMatchObject({
        ok: false,
        toast: {
          type: "error",
          title: "Erreur",
          description: "Une erreur s'est produite lors de l'envoi du message. Veuillez réessayer.",
        },
        values: { firstName: "Amina", email: fields.email, message: fields.message },
      });
      expect(await rowsFor(fields.email)).toHaveLength(0);
      expect(await counts()).toEqual(before);
    } finally {
      await t.database.query("drop trigger fail_mail on mail_outbox");
    }
  });

  it("keeps the request through an SMTP outage and delivers each e-mail exactly once afterwards", async () => {
    await drainAll();
    t.smtp.down();
    const fields = valid();
    expect((await submitContact(fields)).status).toBe(200);
    const [row] = await rowsFor(fields.email);
    expect(await t.app.mail.drain()).toBe(0);
    const failing = await mailsFor(row?.id ?? "");
    expect(failing).toHaveLength(2);
    for (const mail of failing) {
      expect(mail.sentAt).toBeNull();
      expect(mail.attempts).toBe(1);
      expect(mail.lastError).toMatch(/421|indisponible/);
    }
    expect(t.smtp.to(fields.email)).toHaveLength(0);

    t.smtp.up();
    // Let the backoff elapse instead of waiting ten seconds.
    await t.database.query("update mail_outbox set next_attempt_at = now() where contact_request_id = $1", [
      row?.id,
    ]);
    expect(await drainAll()).toBe(2);
    expect(await drainAll()).toBe(0);
    expect(t.smtp.to(fields.email)).toHaveLength(1);
    expect(t.smtp.to("equipe@centre.test").filter((m) => m.body.includes(fields.email))).toHaveLength(1);
    const delivered = await mailsFor(row?.id ?? "");
    expect(delivered.every((m) => m.sentAt !== null && m.attempts === 2 && m.lastError === null)).toBe(true);
    const [intact] = await rowsFor(fields.email);
    expect(intact).toEqual(row);
  });

  it("limits both forms together per address, in the rate_limits table, with 429 and a French message", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 3; i++) expect((await submitContact(valid(), ip)).status).toBe(200);
    expect((await submitCallback({ ...valid(), source: "callback_home_hero" }, ip)).status).toBe(200);
    expect((await submitContact(valid({ firstName: "" }), ip)).status).toBe(400);
    const refused = await submitContact(valid(), ip);
    expect(refused.status).toBe(429);
    expect(refused.body.toast).toMatchObject({ title: "Trop de demandes" });
    expect(String(refused.body.message)).toContain("patienter une minute");
    const scripted = await submitCallback({ ...valid(), source: "callback_home_hero" }, ip);
    expect(scripted.status).toBe(429);
    expect(Number(scripted.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await scripted.json()) as { message: string }).message).toContain("patienter");
    // Another address is not affected.
    expect((await submitContact(valid(), "192.0.2.78")).status).toBe(200);
    const [counter] = await t.app.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `form:${ip}`));
    expect(counter?.count).toBe(7);
    // Once the minute is over the address may post again.
    await t.app.db
      .update(rateLimits)
      .set({ lastRequest: Date.now() - 61_000 })
      .where(eq(rateLimits.key, `form:${ip}`));
    expect((await submitContact(valid(), ip)).status).toBe(200);
  });
});

describe(`callback requests on ${DRIVER}`, () => {
  it("stores a callback with its source and course, and notifies staff only when no e-mail is given", async () => {
    const phone = "+33 6 98 76 54 32";
    const response = await submitCallback({
      firstName: "Hugo",
      lastName: "Petit",
      phone,
      email: "",
      formation: "TP Assistant Commercial",
      source: "callback_course_page",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      ok: true,
      toast: { title: "Demande de rappel envoyée\u202f!" },
    });
    const [row] = await t.app.db.select().from(contactRequests).where(eq(contactRequests.phone, phone));
    expect(row).toMatchObject({
      firstName: "Hugo",
      lastName: "Petit",
      email: null,
      formationInterest: "TP Assistant Commercial",
      source: "callback_course_page",
      callbackRequested: true,
      status: "new",
    });
    const queued = await mailsFor(row?.id ?? "");
    expect(queued.map((m) => m.to)).toEqual(["equipe@centre.test"]);
    await drainAll();
    const staff = t.smtp.to("equipe@centre.test").find((m) => m.body.includes(phone));
    expect(staff?.subject).toBe("Demande de rappel\u00a0: Hugo Petit (rappel demandé)");
  });

  it("sends the visitor a confirmation when an e-mail is given", async () => {
    const fields = { ...valid(), source: "callback_home_hero" };
    expect((await submitCallback(fields)).status).toBe(200);
    const [row] = await rowsFor(fields.email);
    expect(row).toMatchObject({
      source: "callback_home_hero",
      formationInterest: null,
      callbackRequested: true,
    });
    expect((await mailsFor(row?.id ?? "")).map((m) => m.kind).sort()).toEqual([
      "contact_confirmation",
      "contact_notification",
    ]);
    await drainAll();
    expect(t.smtp.to(fields.email)[0]?.subject).toBe("Votre demande de rappel est bien reçue");
  });

  it("answers 400 in JSON with French messages to a bad scripted post, and stores nothing", async () => {
    const before = await counts();
    const response = await submitCallback({ firstName: "X", phone: "12", source: "ailleurs", email: "non" });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toEqual({
      firstName: "Le prénom doit contenir au moins 2 caractères",
      lastName: "Le nom doit contenir au moins 2 caractères",
      phone: "Veuillez entrer un numéro de téléphone valide",
      email: "Veuillez entrer une adresse e-mail valide",
      source: "Origine de la demande inconnue",
    });
    expect(await counts()).toEqual(before);
  });

  it("redirects a browser form post back to its page with a toast", async () => {
    const fields = { ...valid(), source: "callback_home_hero" };
    const ok = await submitCallback(fields, nextIp(), "text/html,application/xhtml+xml");
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/formations?type=alternance");
    expect(ok.headers.get("set-cookie")).toContain("toast=");
    expect(await rowsFor(fields.email)).toHaveLength(1);

    const bad = await submitCallback({ source: "callback_home_hero" }, nextIp(), "text/html");
    expect(bad.status).toBe(302);
    expect(bad.headers.get("location")).toBe("/contact?sujet=rdv#formulaire");
  });

  it("pretends success when the honeypot is filled", async () => {
    const before = await counts();
    const response = await submitCallback({ ...valid(), source: "callback_home_hero", website: "x" });
    expect(response.status).toBe(200);
    expect(await counts()).toEqual(before);
  });

  it("answers GET with 405", async () => {
    const response = callbackRoute.loader();
    expect(response.status).toBe(405);
  });
});
