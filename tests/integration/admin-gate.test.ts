// Every console route and every intent of every console action checks its permission on the server.
// The routes are read from app/routes.ts, the intents from each action's own declaration: a route or
// an intent added without a check fails here. Anonymous visitors are redirected to /auth, signed-in
// users without a staff role get a 403, a role lacking an intent's permission gets a 403, and a
// refused call changes nothing in the database.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { can, type Permission, ROLES, type Role } from "~/features/accounts/permissions";
import { storeComplaint } from "~/features/complaints/intake.server";
import { RENAMED_CONSOLE_PATHS } from "~/features/console/renamed-paths";
import { storeRequest } from "~/features/leads/contact.server";
import routes from "~/routes";
import {
  describeCentre,
  makeDraftInvoice,
  makeFundingPlan,
  makeIssuedInvoice,
  makePayer,
  makePayment,
  sirenFor,
} from "../support/billing";
import { DRIVER } from "../support/db";
import { makeApplication, makeLearner, makeMedia, makeSlot, makeTrainer } from "../support/factories";
import { setUpTestApp } from "../support/fixture";
import { formRequest, getRequest, routeArgs, signedInUser, statusOf } from "../support/runtime";

const CONSOLE_LAYOUT = "routes/admin/layout.tsx";
/** The old English paths' redirect, the only module under /admin outside the layout. */
const RENAMED = "routes/admin/renamed.ts";

interface ConsoleRoute {
  /** The module file, relative to app/. */
  file: string;
  /** A URL this route answers (params and splats filled with sample values). */
  url: string;
  /** Its path as app/routes.ts writes it (`/admin/formations/:id/sessions`). */
  pattern: string;
}

/** Every route of the console's layout (the layout itself included), with a URL that reaches it. */
function consoleRoutes(
  entries: readonly RouteConfigEntry[],
  parent = { url: "", pattern: "" },
  inside = false,
): ConsoleRoute[] {
  const found: ConsoleRoute[] = [];
  for (const entry of entries) {
    const segment = (entry.path ?? "").replace(/:[^/]+/g, "x").replace(/\*$/, "route-inconnue");
    const url = segment ? `${parent.url}/${segment}` : parent.url;
    const pattern = entry.path ? `${parent.pattern}/${entry.path}` : parent.pattern;
    const here = inside || entry.file === CONSOLE_LAYOUT;
    const children = consoleRoutes(entry.children ?? [], { url, pattern }, here);
    // A pathless layout answers at its first child's URL.
    if (here) found.push({ file: entry.file, url: url || children[0]?.url || "/", pattern });
    found.push(...children);
  }
  return found;
}

/** Every route whose URL is under /admin, wherever it sits in the config. */
function adminUrls(entries: readonly RouteConfigEntry[], parent = "", inside = false): ConsoleRoute[] {
  const found: ConsoleRoute[] = [];
  for (const entry of entries) {
    const segment = entry.path ?? "";
    const url = segment ? `${parent}/${segment}` : parent;
    const here = inside || entry.file === CONSOLE_LAYOUT;
    if (!here && (url === "/admin" || url.startsWith("/admin/")))
      found.push({ file: entry.file, url, pattern: url });
    found.push(...adminUrls(entry.children ?? [], url, here));
  }
  return found;
}

const CONSOLE = consoleRoutes(routes);

interface RouteModule {
  loader?: (args: never) => Promise<unknown>;
  action?: ((args: never) => Promise<unknown>) & { permissions?: Record<string, Permission> };
  middleware?: ((args: never, next: () => Promise<unknown>) => Promise<unknown>)[];
}

const modules = new Map<string, RouteModule>();
async function load(file: string): Promise<RouteModule> {
  let module = modules.get(file);
  if (!module) {
    module = (await import(path.resolve("app", file))) as RouteModule;
    modules.set(file, module);
  }
  return module;
}

// The file's own database and runtime (tests/support/fixture.ts), ready before the beforeAll below.
const t = setUpTestApp({ ADMIN_EMAIL: "direction@centre.test", ADMIN_PASSWORD: "mot-de-passe-admin" });
const cookies = {} as Record<Role | "none", string>;
let ids: {
  formation: string;
  session: string;
  application: string;
  post: string;
  testimonial: string;
  request: string;
  admin: string;
  learner: string;
  complaint: string;
  image: string;
  slot: string;
  sessionDay: string;
  questionnaire: string;
  question: string;
  payer: string;
  billingPayer: string;
  payment: string;
  draftInvoice: string;
  issuedInvoice: string;
  quote: string;
  trainer: string;
  trainerDocument: string;
};

beforeAll(async () => {
  cookies.none = (await signedInUser(t, { role: null })).cookie;
  for (const role of ROLES) cookies[role] = (await signedInUser(t, { role })).cookie;
  const [[formation], [post], [testimonial], [admin]] = await Promise.all([
    t.app.database.query<{ id: string }>("select id from formations limit 1"),
    t.app.database.query<{ id: string }>("select id from blog_posts limit 1"),
    t.app.database.query<{ id: string }>("select id from testimonials limit 1"),
    t.app.database.query<{ id: string }>(
      "select r.user_id as id from user_roles r join users u on u.id = r.user_id where u.email = 'direction@centre.test'",
    ),
  ]);
  const request = await storeRequest(
    t.app,
    {
      firstName: "Léa",
      lastName: "Martin",
      email: "lea@example.test",
      phone: "0612345678",
      message: "Bonjour",
    },
    "message",
  );
  // A certificate on file, for `delete-certificate` to have something to remove.
  await t.app.database.query(
    `update centre_settings set certificate_name = 'certificat.pdf', certificate_size = 4,
       certificate_uploaded_at = now(), certificate_content = '\\x25504446'::bytea`,
  );
  // A picture in the médiathèque, for `update`, `replace` and `delete` to act on.
  const image = await makeMedia(t.app.db, { hash: "00000000000000000000000000000000" });
  const [session] = await t.app.database.query<{ id: string; start: string }>(
    "select id, to_char(start_date, 'YYYY-MM-DD') as start from formation_sessions order by start_date limit 1",
  );
  const application = await makeApplication(t.app.db, {
    sessionId: session?.id ?? "",
    firstName: "Léa",
    lastName: "Martin",
    email: "lea@example.test",
    phone: "0612345678",
    situation: "salarie",
    financing: "cpf",
  });
  const learner = await makeLearner(t.app.db, {
    sessionId: session?.id ?? "",
    origin: "manual",
    firstName: "Léa",
    lastName: "Martin",
    email: "lea@example.test",
  });
  await storeComplaint(t.app, {
    firstName: "Léa",
    lastName: "Martin",
    email: "lea@example.test",
    authorType: "stagiaire",
    category: "organisation",
    description: "La salle n'était pas chauffée pendant la session.",
  });
  const [complaint] = await t.app.database.query<{ id: string }>("select id from complaints limit 1");
  // A slot in the session's timetable, for `delete` and `clear` to have something to remove.
  const slot = await makeSlot(t.app.db, {
    sessionId: session?.id ?? "",
    day: session?.start ?? "",
    startMinute: 540,
    endMinute: 720,
    trainer: "Intrus",
  });
  const [question] = await t.app.database.query<{ id: string; questionnaire_id: string }>(
    "select q.id, q.questionnaire_id from survey_questions q order by q.position limit 1",
  );
  // The money: a payer sharing the learner's plan, a draft and an issued invoice, a draft quote, in a
  // centre that may issue (a missing check on `issue` would draw a number).
  await describeCentre(t.app.db);
  // A payer without invoices, for `update` and `delete` to have something to change.
  const payer = await makePayer(t.app.db);
  // Another, the learner's plan's, with its invoices and quote.
  const billingPayer = await makePayer(t.app.db);
  await makeFundingPlan(t.app.db, learner.id, 200_000, [{ payerId: billingPayer.id, amountCents: 200_000 }]);
  const draftInvoice = await makeDraftInvoice(t.app.db, { payerId: billingPayer.id, learnerId: learner.id });
  const issuedInvoice = await makeIssuedInvoice(t.app.db, {
    payerId: billingPayer.id,
    learnerId: learner.id,
    number: "F-2027-00001",
    sequenceNumber: 1,
    issuedOn: "2027-01-15",
    dueOn: "2027-02-14",
  });
  const payment = await makePayment(t.app.db, {
    invoiceId: issuedInvoice.id,
    receivedOn: "2027-01-20",
    amountCents: 10_000,
    means: "cheque",
  });
  const [quote] = await t.app.database.query<{ id: string }>(
    `insert into quotes (payer_id, title, valid_until) values ('${billingPayer.id}', 'Devis', '2099-12-31') returning id`,
  );
  await t.app.database.query(
    `insert into quote_lines (quote_id, position, label, quantity_hundredths, unit_price_cents, net_cents)
       values ('${quote?.id}', 1, 'Formation', 100, 100000, 100000)`,
  );
  // A trainer with a document, for `update`, `delete`, `upload` and `delete-document` to act on.
  const trainer = await makeTrainer(t.app.db);
  const [trainerDocument] = await t.app.database.query<{ id: string }>(
    `insert into trainer_documents (trainer_id, kind, label, file_name, mime_type, size, content)
       values ('${trainer.id}', 'cv', 'CV', 'cv.pdf', 'application/pdf', 4, '\\x25504446'::bytea) returning id`,
  );
  ids = {
    trainer: trainer.id,
    trainerDocument: trainerDocument?.id ?? "",
    payer: payer.id,
    billingPayer: billingPayer.id,
    payment: payment.id,
    draftInvoice: draftInvoice.id,
    issuedInvoice: issuedInvoice.id,
    quote: quote?.id ?? "",
    learner: learner.id,
    complaint: complaint?.id ?? "",
    formation: formation?.id ?? "",
    session: session?.id ?? "",
    application: application.id,
    post: post?.id ?? "",
    testimonial: testimonial?.id ?? "",
    request,
    admin: admin?.id ?? "",
    image: image.id,
    slot: slot.id,
    sessionDay: slot.day,
    questionnaire: question?.questionnaire_id ?? "",
    question: question?.id ?? "",
  };
});

/** Everything a refused call could have touched. */
async function snapshot() {
  const tables = [
    "formations",
    "formation_aliases",
    "formation_sessions",
    "applications",
    "application_files",
    "application_events",
    "learners",
    "learner_documents",
    "calendar_feeds",
    "blog_posts",
    "testimonials",
    "contact_requests",
    "contact_status_changes",
    "complaints",
    "complaint_events",
    "complaint_counters",
    "session_slots",
    "attendance_links",
    "attendance_entries",
    "attendance_countersignatures",
    "mail_outbox",
    "space_members",
    "users",
    "user_roles",
    "audit_log",
    "centre_settings",
    "media",
    "media_variants",
    "site_pages",
    "survey_questionnaires",
    "survey_questions",
    "survey_invitations",
    "survey_answers",
    "survey_settings",
    "positionings",
    "content_versions",
    "payers",
    "billing_settings",
    "funding_plans",
    "funding_shares",
    "invoices",
    "invoice_lines",
    "invoice_counters",
    "quotes",
    "quote_lines",
    "payments",
    "trainers",
    "trainer_documents",
    "quality_packs",
  ];
  const out: Record<string, unknown> = {};
  for (const table of tables) {
    out[table] = await t.app.database.query(`select * from ${table} order by 1`);
  }
  return out;
}

/**
 * What a post of `intent` carries: a valid form on a real row where the screen is known, so that a
 * missing check would show as a change; `{ intent }` alone for an intent this list does not know yet
 * (the gate refuses before reading the rest).
 */
function fieldsFor(file: string, intent: string): Record<string, string> {
  const known: Record<string, Record<string, string>> = {
    "routes/admin/formations.tsx#create": {
      title: "Intrus",
      duration: "1 mois",
      entryLevel: "sans-niveau",
      pricing: "gratuit",
      description: "x",
      formationType: "courte",
    },
    "routes/admin/formations.tsx#delete": { id: ids.formation },
    "routes/admin/formation-sessions.tsx#create": {
      formationId: ids.formation,
      startDate: "2027-06-07",
      endDate: "2027-06-30",
      mode: "presentiel",
      place: "Paris",
      seats: "5",
    },
    "routes/admin/formation-sessions.tsx#update": {
      id: ids.session,
      formationId: ids.formation,
      startDate: "2027-06-07",
      endDate: "2027-06-30",
      mode: "presentiel",
      place: "Paris",
      seats: "5",
      closed: "on",
    },
    "routes/admin/formation-sessions.tsx#delete": { id: ids.session },
    "routes/admin/articles.tsx#create": { title: "Intrus", content: "x" },
    "routes/admin/articles.tsx#delete": { id: ids.post },
    "routes/admin/testimonials.tsx#create": { name: "Intrus", content: "x", rating: "5" },
    "routes/admin/testimonials.tsx#delete": { id: ids.testimonial },
    "routes/admin/page.tsx#update": {
      page: "notre-centre",
      intro: "Intrus",
      mission: "Intrus",
      teamTitle: "Intrus",
      teamText: "Intrus",
      description: "Intrus",
    },
    "routes/admin/page.tsx#publish": {
      page: "notre-centre",
      intro: "Intrus",
      mission: "Intrus",
      teamTitle: "Intrus",
      teamText: "Intrus",
      description: "Intrus",
    },
    "routes/admin/contacts.tsx#status": { id: ids.request, status: "closed" },
    "routes/admin/contacts.tsx#erase": { id: ids.request },
    "routes/admin/users.tsx#role": { userId: ids.admin, role: "none" },
    // Regenerating takes no field: the link regenerated is the poster's own.
    "routes/admin/calendar.tsx#regenerate": {},
    "routes/admin/application.tsx#status": {
      id: ids.application,
      status: "interview",
      interviewDate: "2027-06-01",
      interviewTime: "10:00",
      interviewPlace: "Salle 3",
      sendMail: "on",
      mailText: "Bonjour",
    },
    "routes/admin/application.tsx#note": { id: ids.application, body: "Note d'un intrus" },
    "routes/admin/complaint.tsx#status": { id: ids.complaint, status: "closed" },
    "routes/admin/complaint.tsx#reply": { id: ids.complaint, text: "Réponse d'un intrus" },
    "routes/admin/complaint.tsx#corrective-action": { id: ids.complaint, correctiveAction: "Rien" },
    "routes/admin/complaint.tsx#erase": { id: ids.complaint },
    // A valid period: a missing check would queue an evidence pack.
    "routes/admin/quality-pack.tsx#prepare": { from: "2027-01-01", to: "2027-12-31" },
    "routes/admin/session-timetable.tsx#add": {
      sessionId: ids.session,
      day: ids.sessionDay,
      start: "14:00",
      end: "17:00",
    },
    "routes/admin/session-timetable.tsx#generate": {
      sessionId: ids.session,
      weekdays: "1,2,3,4,5,6,7",
      start1: "09:00",
      end1: "12:00",
      from: ids.sessionDay,
      to: ids.sessionDay,
    },
    "routes/admin/session-timetable.tsx#delete": { id: ids.slot },
    "routes/admin/session-timetable.tsx#clear": { id: ids.session },
    // A valid mark and correction of a real learner on a real slot: a missing check would record an entry.
    "routes/admin/session-attendance-slot.tsx#mark": {
      sessionId: ids.session,
      slotId: ids.slot,
      learnerId: ids.learner,
      status: "absent",
      reason: "Intrus",
    },
    "routes/admin/session-attendance-slot.tsx#correct": {
      sessionId: ids.session,
      slotId: ids.slot,
      learnerId: ids.learner,
      status: "present",
    },
    "routes/admin/session-attendance-slot.tsx#sign": {
      sessionId: ids.session,
      slotId: ids.slot,
      learnerId: ids.learner,
      typedName: "Léa Martin",
    },
    // A real slot of a real session: a missing check would queue the learners' link e-mails.
    "routes/admin/session-attendance-slot.tsx#send-links": { sessionId: ids.session, slotId: ids.slot },
    "routes/admin/application.tsx#erase": { id: ids.application },
    "routes/admin/learners.tsx#create": {
      sessionId: ids.session,
      firstName: "Intrus",
      lastName: "Intrus",
      email: "intrus@example.test",
    },
    "routes/admin/learners.tsx#update": {
      id: ids.learner,
      firstName: "Intrus",
      lastName: "Intrus",
      email: "intrus@example.test",
      status: "completed",
    },
    "routes/admin/learners.tsx#erase": { id: ids.learner },
    "routes/admin/learners.tsx#invite-space": { id: ids.learner },
    "routes/admin/learners.tsx#send-convocation": { id: ids.learner, requestKey: "gate-click-1" },
    "routes/admin/learners.tsx#send-convocations": { sessionId: ids.session, requestKey: "gate-click-2" },
    "routes/admin/learners.tsx#send-agreement": { id: ids.learner, requestKey: "gate-click-3" },
    "routes/admin/learners.tsx#send-agreements": { sessionId: ids.session, requestKey: "gate-click-4" },
    "routes/admin/learners.tsx#send-certificate": {
      id: ids.learner,
      requestKey: "gate-click-5",
      hoursConfirmed: "1",
    },
    "routes/admin/learners.tsx#send-certificates": { sessionId: ids.session, requestKey: "gate-click-6" },
    // Multipart in the browser; the gate refuses before the body is read, so the text field stands in.
    "routes/admin/learners-import.tsx#preview": { sessionId: ids.session, text: "Prénom;Nom;E-mail" },
    "routes/admin/learners-import.tsx#import": {
      sessionId: ids.session,
      text: "Prénom;Nom;E-mail\nIntrus;Intrus;intrus2@example.test",
    },
    "routes/admin/settings.tsx#update": {
      name: "Intrus",
      legalForm: "SAS",
      shareCapital: "1 euro",
      siret: "11111111111111",
      street: "1 rue X",
      postalCode: "75001",
      city: "Paris",
      phone: "01 00 00 00 00",
      email: "intrus@example.test",
      openingHours: "Jamais",
      publicationDirector: "Intrus",
      host: "Ailleurs",
      activityNumber: "11111111111",
      activityRegion: "Bretagne",
      qualiopiCategories: "Actions de formation",
      leadRecipient: "intrus@example.test",
    },
    // The gate refuses before the body is read: a form without the file shows a missing check as a 400.
    "routes/admin/settings.tsx#certificate": {},
    // A certificate is on file (beforeAll): a missing check would show as its removal.
    "routes/admin/settings.tsx#delete-certificate": {},
    // The gate refuses before the body is read: without the file, a missing check shows as a 400.
    "routes/admin/media.tsx#upload": { alt: "Intruse", decorative: "on" },
    "routes/admin/media.tsx#update": { id: ids.image, alt: "Texte d'un intrus" },
    "routes/admin/media.tsx#replace": { id: ids.image },
    "routes/admin/media.tsx#delete": { id: ids.image },
    "routes/admin/surveys.tsx#create": { title: "Intrus", kind: "autre" },
    "routes/admin/surveys.tsx#send": {
      questionnaireId: ids.questionnaire,
      target: "addresses",
      addresses: "intrus@example.test",
    },
    "routes/admin/surveys.tsx#delays": { coldDelayMonths: "6", reminderDelayDays: "3", openDays: "30" },
    "routes/admin/survey-questionnaire.tsx#update": { questionnaireId: ids.questionnaire, title: "Intrus" },
    "routes/admin/survey-questionnaire.tsx#question-add": {
      questionnaireId: ids.questionnaire,
      label: "Intrus ?",
      type: "text",
    },
    "routes/admin/survey-questionnaire.tsx#question-update": {
      questionnaireId: ids.questionnaire,
      id: ids.question,
      label: "Intrus ?",
      type: "text",
    },
    "routes/admin/survey-questionnaire.tsx#question-delete": {
      questionnaireId: ids.questionnaire,
      id: ids.question,
    },
    "routes/admin/survey-questionnaire.tsx#question-move": {
      questionnaireId: ids.questionnaire,
      id: ids.question,
      direction: "down",
    },
    "routes/admin/payers.tsx#create": {
      kind: "opco",
      name: "Intrus",
      siren: sirenFor(4242),
      street: "1 rue X",
      postalCode: "75001",
      city: "Paris",
      invoicingEmail: "intrus@example.test",
    },
    "routes/admin/payers.tsx#update": {
      id: ids.payer,
      kind: "company",
      name: "Intrus",
      siren: sirenFor(4243),
      street: "1 rue X",
      postalCode: "75001",
      city: "Paris",
      invoicingEmail: "intrus@example.test",
    },
    "routes/admin/payers.tsx#delete": { id: ids.payer },
    "routes/admin/trainers.tsx#create": { firstName: "Intrus", lastName: "Intrus", active: "on" },
    "routes/admin/trainers.tsx#update": { id: ids.trainer, firstName: "Intrus", lastName: "Intrus" },
    "routes/admin/trainers.tsx#delete": { id: ids.trainer },
    "routes/admin/trainer.tsx#upload": {
      trainerId: ids.trainer,
      kind: "autre",
      label: "Intrus",
    },
    "routes/admin/trainer.tsx#delete-document": { id: ids.trainerDocument },
    "routes/admin/payers.tsx#invite-contact": {
      id: ids.payer,
      email: "contact-intrus@example.test",
      firstName: "Intrus",
      lastName: "Contact",
    },
    "routes/admin/settings.tsx#billing": {
      numberFormat: "INTRUS-{NNNN}",
      paymentTermsDays: "10",
      latePenaltyRate: "Aucun",
      reminderDays: "",
      salesAccount: "706000",
      vatAccount: "445710",
      customerAccount: "411000",
    },
    // A learner's Financement: a plan that differs from the one stored, a final invoice of the payer's share.
    "routes/admin/learner-funding.tsx#save-plan": {
      learnerId: ids.learner,
      price: "1 500",
      "shares.0.payerId": ids.billingPayer,
      "shares.0.amount": "1 500",
    },
    "routes/admin/learner-funding.tsx#draft": {
      learnerId: ids.learner,
      payerId: ids.billingPayer,
      purpose: "final",
    },
    // A valid follow-up of a real learner, and thresholds that differ from the defaults.
    "routes/admin/learner-follow-up.tsx#follow-up": {
      learnerId: ids.learner,
      kind: "call",
      happenedOn: "2020-01-06",
      note: "Note d'un intrus",
    },
    "routes/admin/settings.tsx#absence-alerts": { absenceAlertSlots: "7", absenceAlertPercent: "33" },
    // A learner's Positionnement: the questionnaire sent, the adaptation decided.
    "routes/admin/learner-positioning.tsx#send-positioning": { id: ids.learner },
    "routes/admin/learner-positioning.tsx#adaptation": { id: ids.learner, decision: "none" },
    "routes/admin/invoice.tsx#update": { id: ids.draftInvoice, note: "Note d'un intrus" },
    "routes/admin/invoice.tsx#delete": { id: ids.draftInvoice },
    "routes/admin/invoice.tsx#issue": { id: ids.draftInvoice },
    "routes/admin/invoice.tsx#credit-note": { invoiceId: ids.issuedInvoice, mode: "total" },
    "routes/admin/invoice.tsx#payment": {
      invoiceId: ids.issuedInvoice,
      receivedOn: "2027-01-20",
      amount: "100",
      means: "transfer",
    },
    "routes/admin/invoice.tsx#remove-payment": { id: ids.payment },
    "routes/admin/quote.tsx#save": {
      id: ids.quote,
      payerId: ids.billingPayer,
      title: "Intrus",
      validUntil: "2099-12-31",
      "lines.0.label": "Intrus",
      "lines.0.unitPrice": "1",
    },
    "routes/admin/quote.tsx#send": { id: ids.quote },
    "routes/admin/quote.tsx#delete": { id: ids.quote },
    // The Publication screen names its record in the form, as its URL does.
    "routes/admin/publication.tsx#publish": { kind: "formation", id: ids.formation },
    "routes/admin/publication.tsx#unpublish": { kind: "formation", id: ids.formation },
    "routes/admin/publication.tsx#discard": { kind: "formation", id: ids.formation },
    "routes/admin/publication.tsx#restore": { kind: "formation", id: ids.formation, version: "1" },
    "routes/admin/publication.tsx#schedule": {
      kind: "formation",
      id: ids.formation,
      publishAt: "2099-01-01T10:00",
    },
  };
  return { intent, ...(known[`${file}#${intent}`] ?? {}) };
}

const refusal = (thrown: unknown) => thrown as Response;

describe(`console gate on ${DRIVER}`, () => {
  it("reads the console's routes from app/routes.ts, every /admin URL inside the console layout", () => {
    expect(CONSOLE.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        "/admin",
        "/admin/formations",
        "/admin/contacts/export.csv",
        "/admin/statistiques",
        "/admin/statistiques/x",
        "/admin/utilisateurs",
      ]),
    );
    // A route under /admin but outside the layout would skip the layout's middleware. The one exception
    // answers the English paths of before with a redirect and reads nothing (console-redirects.test.ts).
    expect(adminUrls(routes).filter((r) => r.file !== RENAMED)).toEqual([]);
    expect(adminUrls(routes).map((r) => r.url)).toEqual(
      Object.keys(RENAMED_CONSOLE_PATHS).map((old) => `/admin/${old}/*`),
    );
  });

  it.each(CONSOLE)("loader of $file at $url: anonymous → /auth, no role → 403", async ({ file, url }) => {
    const { loader } = await load(file);
    expect(loader, `${file} has no loader: a console route must check its permission in one`).toBeTypeOf(
      "function",
    );
    const call = (cookie?: string) =>
      (loader as NonNullable<RouteModule["loader"]>)(routeArgs(t, getRequest(url, cookie)));
    await expect(call()).rejects.toSatisfy((thrown: unknown) => {
      const response = refusal(thrown);
      return (
        response.status === 302 &&
        response.headers.get("location") === `/auth?redirectTo=${encodeURIComponent(url)}`
      );
    });
    await expect(call(cookies.none)).rejects.toMatchObject({ status: 403 });
  });

  const withActions = CONSOLE.filter((r, i) => CONSOLE.findIndex((o) => o.file === r.file) === i);
  it.each(withActions)("action of $file declares a permission for each intent", async ({ file }) => {
    const { action } = await load(file);
    if (!action) return;
    expect(
      action.permissions,
      `${file}'s action must be built with consoleAction({ intent: "permission" }, …)`,
    ).toBeTypeOf("object");
    expect(Object.keys(action.permissions ?? {}).length).toBeGreaterThan(0);
  });

  it("every intent of every action: anonymous → /auth, no role → 403, a role without the permission → 403, nothing changed", async () => {
    let checked = 0;
    for (const { file, url } of withActions) {
      const { action } = await load(file);
      if (!action) continue;
      for (const [intent, permission] of Object.entries(action.permissions ?? {})) {
        const post = (cookie?: string) =>
          action(routeArgs(t, formRequest(url, fieldsFor(file, intent), cookie)));
        const before = await snapshot();
        await expect(post(), `${file} ${intent}`).rejects.toMatchObject({ status: 302 });
        await expect(post(cookies.none), `${file} ${intent}`).rejects.toMatchObject({ status: 403 });
        for (const role of ROLES) {
          if (can(role, permission)) continue;
          await expect(post(cookies[role]), `${file} ${intent} as ${role}`).rejects.toMatchObject({
            status: 403,
          });
        }
        expect(await snapshot(), `${file} ${intent}`).toEqual(before);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(12);
    // Every intent of every console action, four posts and two table counts each (~500 statements):
    // 2 to 4 s on a quiet machine, it outgrew Vitest's 30 s default once on PostgreSQL with the
    // browser tests and other suites sharing two cores, and the late calls then ran into the next test.
  }, 180_000);

  it("an intent no action declares is refused with 400 'Action inconnue', and changes nothing", async () => {
    const { action } = await load("routes/admin/contacts.tsx");
    const before = await snapshot();
    const result = await action?.(
      routeArgs(t, formRequest("/admin/contacts", { intent: "purge", id: ids.request }, cookies.admin)),
    );
    expect(statusOf(result)).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ["moderator", 200],
    ["none", 403],
  ] as const)(
    "the layout's middleware reads the session once; the %s's loaders share it (%i)",
    async (who, status) => {
      const getSession = vi.spyOn(t.app.auth.api, "getSession");
      try {
        const args = routeArgs(t, getRequest("/admin/utilisateurs", cookies[who]));
        const { middleware, loader: layoutLoader } = await load(CONSOLE_LAYOUT);
        const { loader: usersLoader } = await load("routes/admin/users.tsx");
        const { loader: rootLoader } = await load("root.tsx");
        expect(middleware).toHaveLength(1);
        const answered = await middleware?.[0]?.(args, async () => {
          expect(getSession).toHaveBeenCalledOnce();
          const results = await Promise.allSettled([
            rootLoader?.(args),
            layoutLoader?.(args),
            usersLoader?.(args),
          ]);
          const refused = results.find((r) => r.status === "rejected");
          return new Response(null, { status: refused ? (refused.reason as Response).status : 200 });
        });
        expect((answered as Response).status).toBe(status);
        expect(getSession).toHaveBeenCalledOnce();
      } finally {
        getSession.mockRestore();
      }
    },
  );
});

/** The permission a route's loader passes to requirePermission (or loadConsoleList, loadConsoleRecord), read from its source. */
function loaderPermission(file: string): string {
  const source = readFileSync(path.resolve("app", file), "utf8");
  // A list or record screen names its permission in its loadConsoleList or loadConsoleRecord call,
  // any other loader in requirePermission.
  const found = [
    ...source.matchAll(
      /requirePermission\(\{ request, context \}, "([^"]+)"\)|loadConsole(?:List|Record)\(args, \{[^}]*?permission: "([^"]+)"/g,
    ),
  ];
  return found.map((m) => `\`${m[1] ?? m[2]}\``).join(", ") || "(aucune)";
}

/** "create, update, delete: `formations:write`; erase: `x`", from an action's declaration. */
function intentsCell(permissions: Record<string, Permission> | undefined): string {
  const byPermission = new Map<Permission, string[]>();
  for (const [intent, permission] of Object.entries(permissions ?? {})) {
    byPermission.set(permission, [...(byPermission.get(permission) ?? []), intent]);
  }
  const groups = [...byPermission].map(([permission, intents]) => `${intents.join(", ")}: \`${permission}\``);
  return groups.join("; ") || "—";
}

describe("docs/permissions.md", () => {
  it("its per-screen table is the code's: every console route, its loader's permission, its action's intents", async () => {
    const doc = readFileSync("docs/permissions.md", "utf8");
    const table = doc.slice(doc.indexOf("<!-- screens:start -->"), doc.indexOf("<!-- screens:end -->"));
    const documented = table
      .split("\n")
      .filter((line) => line.startsWith("| ") && line.includes("`/admin"))
      .map((line) => {
        const [screen = "", loader = "", intents = ""] = line.slice(2, -2).split(" | ");
        return { pattern: /`(\/admin[^`]*)`/.exec(screen)?.[1], loader, intents };
      });
    const screens = CONSOLE.filter((r) => r.file !== CONSOLE_LAYOUT);
    const inCode = [];
    for (const { file, pattern } of screens) {
      const { action } = await load(file);
      inCode.push({ pattern, loader: loaderPermission(file), intents: intentsCell(action?.permissions) });
    }
    // On a change, write the screen's row as shown here (same order as app/routes.ts).
    expect(documented).toEqual(inCode);
  });
});

describe(`admin-only actions on ${DRIVER}`, () => {
  it("a moderator cannot export the leads (403); an administrator gets the CSV", async () => {
    const { loader } = await load("routes/admin/contacts-export.ts");
    const url = "/admin/contacts/export.csv";
    const exportAs = (role: Role) => loader?.(routeArgs(t, getRequest(url, cookies[role])));
    const auditBefore = await t.app.database.query("select * from audit_log");
    await expect(exportAs("moderator")).rejects.toMatchObject({ status: 403 });
    expect(await t.app.database.query("select * from audit_log")).toEqual(auditBefore);
    const csv = (await exportAs("admin")) as Response;
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(await csv.text()).toContain("Martin");
  });

  it("a moderator cannot erase a lead (403, the lead stays); an administrator can", async () => {
    const { action } = await load("routes/admin/contacts.tsx");
    const request = await storeRequest(
      t.app,
      {
        firstName: "Noé",
        lastName: "Durand",
        email: "noe@example.test",
        phone: "0612345679",
        message: "Bonjour",
      },
      "message",
    );
    const erase = (role: Role) =>
      action?.(routeArgs(t, formRequest("/admin/contacts", { intent: "erase", id: request }, cookies[role])));
    const remaining = () => t.app.database.query("select id from contact_requests where id = $1", [request]);
    await expect(erase("moderator")).rejects.toMatchObject({ status: 403 });
    expect(await remaining()).toHaveLength(1);
    expect(statusOf(await erase("admin"))).toBe(200);
    expect(await remaining()).toHaveLength(0);
  });

  it("a moderator still changes a lead's status", async () => {
    const { action } = await load("routes/admin/contacts.tsx");
    const result = await action?.(
      routeArgs(
        t,
        formRequest(
          "/admin/contacts",
          { intent: "status", id: ids.request, status: "contacted" },
          cookies.moderator,
        ),
      ),
    );
    expect(statusOf(result)).toBe(200);
    const [row] = await t.app.database.query<{ status: string }>(
      "select status from contact_requests where id = $1",
      [ids.request],
    );
    expect(row?.status).toBe("contacted");
  });
});
