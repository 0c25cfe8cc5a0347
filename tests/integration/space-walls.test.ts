// The walls of the personal spaces, route by route: every page and action under /espace that
// app/routes.ts declares is tried by an anonymous visitor, by staff accounts that hold no membership
// (a role-less account and a moderator) and by a learner of another file, aimed at a victim's own
// records (their file, their sent document, the document asked of them, their signature request,
// their calendar feed). Each is refused (the sign-in page, 403 or 404) and the database is the same
// after as before. A new /espace route added to app/routes.ts fails this file until it is listed
// below with how to call it.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { requestedDocuments, spaceMembers } from "~/features/spaces/schema.server";
import { trainerDocuments } from "~/features/trainers/schema.server";
import routes from "~/routes";
import * as calendarFeedRoute from "~/routes/space/calendar-feed";
import * as companyRoute from "~/routes/space/company";
import * as companyDocumentRoute from "~/routes/space/company-document";
import * as companyInvoiceRoute from "~/routes/space/company-invoice";
import * as companyQuoteRoute from "~/routes/space/company-quote";
import * as spaceHome from "~/routes/space/home";
import * as spaceLayout from "~/routes/space/layout";
import * as learnerRoute from "~/routes/space/learner";
import * as learnerDocumentRoute from "~/routes/space/learner-document";
import * as learnerPositioningRoute from "~/routes/space/learner-positioning";
import * as spacePassword from "~/routes/space/password";
import * as signatureRoute from "~/routes/space/signature";
import * as signatureDocumentRoute from "~/routes/space/signature-document";
import * as trainerRoute from "~/routes/space/trainer";
import * as trainerDocumentRoute from "~/routes/space/trainer-document";
import * as trainerSlotRoute from "~/routes/space/trainer-slot";
import { signatureDataUrl } from "../support/attendance";
import { describeCentre, makeFundingPlan, makeIssuedInvoice, makePayer } from "../support/billing";
import { DRIVER } from "../support/db";
import { pdf } from "../support/documents";
import { makeLearner, makeSlots, makeTrainer } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { learnersPost, settled } from "../support/learner-documents";
import { fileRequest, formRequest, getRequest, statusOf } from "../support/runtime";
import { quotesOn } from "../support/space-company";
import { learnerInSpace, spaceArgs } from "../support/spaces";

const t = setUpTestApp({ FORM_RATE_LIMIT: "0" });
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);

/** The victim's records each route is aimed at, made once. */
interface Victim {
  learnerId: string;
  documentId: string;
  requestId: string;
  signatureId: string;
  signatureSha256: string;
  memberId: string;
  /** The company funding the victim, its issued invoice and its sent quote (a company's space). */
  payerId: string;
  invoiceId: string;
  quoteId: string;
  /** A trainer teaching the victim's session (a trainer's space): a slot of theirs, a document of theirs. */
  trainerId: string;
  trainerSlotId: string;
  trainerDocumentId: string;
  /** A drawn signature, as the countersigning pad posts it. */
  signature: string;
}

type RouteModule = {
  loader?: (args: never) => unknown;
  action?: (args: never) => unknown;
};

/** A post on the route: its fields, and a file when it takes one. */
interface Posted {
  fields: Record<string, string>;
  file?: { bytes: Uint8Array; name: string; type: string };
}

interface Walled {
  /** Its paths in app/routes.ts ('layout' for a layout: the paths beneath it). */
  paths: string[];
  module: RouteModule;
  /** The URL, aimed at the victim's records. */
  url: (v: Victim) => string;
  params: (v: Victim) => Record<string, string>;
  /** What its action is posted, one post per intent (none: a page without action). */
  forms?: (v: Victim) => Posted[];
  /**
   * "record": a page of one record, refused to any other person. "person": the signed-in person's
   * own page (home, password), which another learner may open: it must show none of the victim's.
   */
  scope: "record" | "person";
}

/** Every /espace route behind the walls, by its route file in app/routes.ts. */
const WALLED: Record<string, Walled> = {
  "routes/space/layout.tsx": {
    paths: ["layout"],
    module: spaceLayout,
    url: () => "/espace",
    params: () => ({}),
    scope: "person",
  },
  "routes/space/home.tsx": {
    paths: ["/espace"],
    module: spaceHome,
    url: () => "/espace",
    params: () => ({}),
    scope: "person",
  },
  "routes/space/password.tsx": {
    paths: ["/espace/mot-de-passe"],
    module: spacePassword,
    url: () => "/espace/mot-de-passe",
    params: () => ({}),
    forms: () => [{ fields: { password: "un-mot-de-passe-sur" } }],
    scope: "person",
  },
  "routes/space/learner.tsx": {
    paths: ["/espace/stagiaire/:learnerId"],
    module: learnerRoute,
    url: (v) => `/espace/stagiaire/${v.learnerId}`,
    params: (v) => ({ learnerId: v.learnerId }),
    forms: (v): Posted[] => [
      {
        fields: {
          intent: "complaint",
          category: "autre",
          description: "Une réclamation qui n'est pas la mienne.",
        },
      },
      {
        fields: { intent: "send-document", id: v.requestId },
        file: { bytes: pdf(), name: "piece.pdf", type: "application/pdf" },
      },
    ],
    scope: "record",
  },
  "routes/space/learner-document.ts": {
    paths: ["/espace/stagiaire/:learnerId/documents/:documentId"],
    module: learnerDocumentRoute,
    url: (v) => `/espace/stagiaire/${v.learnerId}/documents/${v.documentId}`,
    params: (v) => ({ learnerId: v.learnerId, documentId: v.documentId }),
    scope: "record",
  },
  "routes/space/learner-positioning.tsx": {
    paths: ["/espace/stagiaire/:learnerId/positionnement"],
    module: learnerPositioningRoute,
    url: (v) => `/espace/stagiaire/${v.learnerId}/positionnement`,
    params: (v) => ({ learnerId: v.learnerId }),
    forms: (): Posted[] => [
      {
        fields: { "q-needs": "Des réponses qui ne sont pas les miennes", "q-level": "Je découvre le sujet" },
      },
    ],
    scope: "record",
  },
  "routes/space/signature.tsx": {
    paths: ["/espace/signatures/:id"],
    module: signatureRoute,
    url: (v) => `/espace/signatures/${v.signatureId}`,
    params: (v) => ({ id: v.signatureId }),
    forms: (v) => [{ fields: { accept: "on", sha256: v.signatureSha256 } }],
    scope: "record",
  },
  "routes/space/signature-document.ts": {
    paths: ["/espace/signatures/:id/document.pdf"],
    module: signatureDocumentRoute,
    url: (v) => `/espace/signatures/${v.signatureId}/document.pdf`,
    params: (v) => ({ id: v.signatureId }),
    scope: "record",
  },
  "routes/space/company.tsx": {
    paths: ["/espace/entreprise/:payerId"],
    module: companyRoute,
    url: (v) => `/espace/entreprise/${v.payerId}`,
    params: (v) => ({ payerId: v.payerId }),
    forms: (v) => [{ fields: { intent: "accept-quote", quoteId: v.quoteId } }],
    scope: "record",
  },
  "routes/space/company-document.ts": {
    paths: ["/espace/entreprise/:payerId/stagiaires/:learnerId/documents/:documentId"],
    module: companyDocumentRoute,
    url: (v) => `/espace/entreprise/${v.payerId}/stagiaires/${v.learnerId}/documents/${v.documentId}`,
    params: (v) => ({ payerId: v.payerId, learnerId: v.learnerId, documentId: v.documentId }),
    scope: "record",
  },
  "routes/space/company-invoice.ts": {
    paths: ["/espace/entreprise/:payerId/factures/:invoiceId"],
    module: companyInvoiceRoute,
    url: (v) => `/espace/entreprise/${v.payerId}/factures/${v.invoiceId}`,
    params: (v) => ({ payerId: v.payerId, invoiceId: v.invoiceId }),
    scope: "record",
  },
  "routes/space/company-quote.ts": {
    paths: ["/espace/entreprise/:payerId/devis/:quoteId"],
    module: companyQuoteRoute,
    url: (v) => `/espace/entreprise/${v.payerId}/devis/${v.quoteId}`,
    params: (v) => ({ payerId: v.payerId, quoteId: v.quoteId }),
    scope: "record",
  },
  "routes/space/trainer.tsx": {
    paths: ["/espace/formateur/:trainerId"],
    module: trainerRoute,
    url: (v) => `/espace/formateur/${v.trainerId}`,
    params: (v) => ({ trainerId: v.trainerId }),
    scope: "record",
  },
  "routes/space/trainer-document.ts": {
    paths: ["/espace/formateur/:trainerId/documents/:documentId"],
    module: trainerDocumentRoute,
    url: (v) => `/espace/formateur/${v.trainerId}/documents/${v.trainerDocumentId}`,
    params: (v) => ({ trainerId: v.trainerId, documentId: v.trainerDocumentId }),
    scope: "record",
  },
  "routes/space/trainer-slot.tsx": {
    paths: ["/espace/formateur/:trainerId/creneaux/:slotId"],
    module: trainerSlotRoute,
    url: (v) => `/espace/formateur/${v.trainerId}/creneaux/${v.trainerSlotId}`,
    params: (v) => ({ trainerId: v.trainerId, slotId: v.trainerSlotId }),
    forms: (v): Posted[] => [
      { fields: { intent: "mark", learnerId: v.learnerId, status: "absent", reason: "Malade" } },
      { fields: { intent: "countersign", signature: v.signature } },
    ],
    scope: "record",
  },
  // Read with its token alone (a calendar application cannot sign in): the token is the wall.
  "routes/space/calendar-feed.ts": {
    paths: ["/espace/calendrier/:memberId/:token.ics"],
    module: calendarFeedRoute,
    url: (v) => `/espace/calendrier/${v.memberId}/${"A".repeat(43)}.ics`,
    params: (v) => ({ memberId: v.memberId, token: "A".repeat(43) }),
    scope: "record",
  },
};

/** /espace routes outside the walls, their paths, and why. */
const OPEN: Record<string, { paths: string[]; why: string }> = {
  "routes/space/sign-in.tsx": {
    paths: ["/espace/connexion"],
    why: "the sign-in page itself: it answers the same for any address",
  },
};

/**
 * The route files of app/routes.ts that serve /espace: a route whose path is /espace or under it,
 * and a layout whose every page is (its loader is their first wall).
 */
function spaceRoutes(): string[] {
  const under = (path: string) => path === "/espace" || path.startsWith("/espace/");
  const found = new Set<string>();
  const isLayout = (entry: RouteConfigEntry) => entry.path === undefined && !entry.index;
  /** The full paths of `entry`'s pages (its own and its children's), noting the /espace files. */
  const visit = (entry: RouteConfigEntry, parent: string): string[] => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const own = entry.path !== undefined || entry.index ? [path] : [];
    const pages = [...own, ...(entry.children ?? []).flatMap((child) => visit(child, path))];
    const mine = entry.path !== undefined || entry.index ? own : pages;
    if (mine.length > 0 && mine.every(under)) {
      for (const page of isLayout(entry) ? ["layout"] : own) found.add(`${entry.file} ${page}`);
    }
    return pages;
  };
  for (const entry of routes) visit(entry, "");
  return [...found].sort();
}

/** What the database holds that a refused request could have changed: each row as it is. */
const TABLES = [
  "space_members",
  "positionings",
  "requested_documents",
  "complaints",
  "accounts",
  "learner_documents",
  "signature_requests",
  "signature_signers",
  "quotes",
  "funding_plans",
  "attendance_entries",
  "attendance_countersignatures",
  "audit_log",
];
/** Counted only: the mail worker may be sending the setup's e-mails meanwhile (their state moves). */
const COUNTED = ["mail_outbox"];

async function fingerprint(): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const table of TABLES) {
    const [row] = await t.app.database.query<{ digest: string | null; n: number }>(
      `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest, count(*)::int as n from ${table} x`,
    );
    found[table] = `${row?.n}:${row?.digest}`;
  }
  for (const table of COUNTED) {
    const [row] = await t.app.database.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    found[table] = String(row?.n);
  }
  return found;
}

/** What the route answered, thrown or returned: its status, and where a redirect leads. */
async function attempt(run: () => unknown) {
  const answer = await settled(async () => run());
  const status = statusOf(answer);
  const location = answer instanceof Response ? (answer.headers.get("location") ?? "") : "";
  const text = answer instanceof Response ? await answer.clone().text() : JSON.stringify(answer ?? null);
  return { status, location, text };
}

const refusedStatus = (status: number, location: string) =>
  status === 403 || status === 404 || (status === 302 && /^\/(espace\/connexion|auth)(\?|$)/.test(location));

let victim: Victim;
let victimName: string;
let intruder: string;

beforeAll(async () => {
  // The victim: a learner paying their own training (a contrat, sent and put up for signature), with
  // a document asked of them and their space open.
  const mine = await learnerInSpace(t, moderator);
  const post = learnersPost(t, moderator);
  await t.app.database.query(
    "update learners set funding_source = 'personal', address = '8 rue Victor Hugo, 69002 Lyon' where id = $1",
    [mine.learner.id],
  );
  expect(
    statusOf(await post({ intent: "send-agreement", id: mine.learner.id, requestKey: "walls-contrat" })),
  ).toBe(200);
  const [document] = await t.app.database.query<{ id: string }>(
    "select id from learner_documents where learner_id = $1",
    [mine.learner.id],
  );
  expect(statusOf(await post({ intent: "request-signature", documentId: document?.id ?? "" }))).toBe(200);
  const [signature] = await t.app.database.query<{ id: string; sha: string }>(
    "select id, document_sha256 as sha from signature_requests where document_id = $1",
    [document?.id],
  );
  await post({ intent: "request-document", id: mine.learner.id, label: "Justificatif de domicile" });
  // The positioning questionnaire sent to the victim, not yet answered (their space's form).
  await t.app.database.query("insert into positionings (learner_id, sent_at) values ($1, now())", [
    mine.learner.id,
  ]);
  const [request] = await t.app.db
    .select({ id: requestedDocuments.id })
    .from(requestedDocuments)
    .where(eq(requestedDocuments.learnerId, mine.learner.id));
  const [member] = await t.app.db
    .select({ id: spaceMembers.id })
    .from(spaceMembers)
    .where(eq(spaceMembers.learnerId, mine.learner.id));
  // The company paying for the victim's training, with an issued invoice and a sent quote.
  await describeCentre(t.app.db);
  const payer = await makePayer(t.app.db);
  await makeFundingPlan(t.app.db, mine.learner.id, 180_000, [{ payerId: payer.id, amountCents: 180_000 }]);
  const invoice = await makeIssuedInvoice(t.app.db, {
    payerId: payer.id,
    number: "F-MURS-1",
    sequenceKey: "murs",
    sequenceNumber: 1,
    issuedOn: "2026-01-05",
    dueOn: "2026-02-04",
  });
  const quoteId = await quotesOn(t).sent(payer.id, mine.learner.id);
  // A trainer on a slot of the victim's session, with a document of the register.
  const trainer = await makeTrainer(t.app.db, { email: "formatrice-murs@example.test" });
  const [slot] = await makeSlots(t.app.db, [
    { sessionId: mine.learner.sessionId, day: "2026-01-12", trainerId: trainer.id },
  ]);
  const [trainerDocument] = await t.app.db
    .insert(trainerDocuments)
    .values({
      trainerId: trainer.id,
      kind: "contrat",
      label: "Contrat",
      fileName: "contrat.pdf",
      mimeType: "application/pdf",
      size: 4,
      content: new TextEncoder().encode("%PDF"),
    })
    .returning({ id: trainerDocuments.id });
  victim = {
    signature: await signatureDataUrl(),
    trainerId: trainer.id,
    trainerSlotId: slot?.id ?? "",
    trainerDocumentId: trainerDocument?.id ?? "",
    payerId: payer.id,
    invoiceId: invoice.id,
    quoteId,
    learnerId: mine.learner.id,
    documentId: document?.id ?? "",
    requestId: request?.id ?? "",
    signatureId: signature?.id ?? "",
    signatureSha256: signature?.sha ?? "",
    memberId: member?.id ?? "",
  };
  victimName = `${mine.learner.lastName}`;
  for (const [name, value] of Object.entries(victim)) expect(value, name).not.toBe("");
  // The intruder: a learner of another file, signed in to their own space.
  intruder = (await learnerInSpace(t, moderator)).cookie;
  // A learner with no space: their record exists, nobody's account opens it.
  await makeLearner(t.app.db, { sessionId: mine.learner.sessionId, email: "sans-espace@example.test" });
}, 120_000);

describe(`the walls of /espace on ${DRIVER}`, () => {
  it("every /espace route of app/routes.ts is listed here (walled, or open with its reason)", () => {
    const listed = [...Object.entries(WALLED), ...Object.entries(OPEN)]
      .flatMap(([file, { paths }]) => paths.map((path) => `${file} ${path}`))
      .sort();
    expect(spaceRoutes()).toEqual(listed);
  });

  const principals = () => [
    { who: "an anonymous visitor", cookie: undefined as string | undefined, intruder: false },
    { who: "a role-less account without a space", cookie: roleless.cookie, intruder: false },
    { who: "a moderator without a space", cookie: moderator.cookie, intruder: false },
    { who: "a learner of another file", cookie: intruder, intruder: true },
  ];

  it.each(Object.entries(WALLED))(
    "%s: every page and action refuses whoever is not its person",
    async (_file, walled) => {
      for (const principal of principals()) {
        const before = await fingerprint();
        const url = walled.url(victim);
        const params = walled.params(victim);
        const open = principal.intruder && walled.scope === "person";
        if (walled.module.loader) {
          const loader = walled.module.loader;
          const read = await attempt(() => loader(spaceArgs(t, getRequest(url, principal.cookie), params)));
          if (open) {
            // Their own page: never the victim's records.
            expect(read.text, principal.who).not.toContain(victim.learnerId);
            expect(read.text, principal.who).not.toContain(victimName);
          } else {
            expect(
              refusedStatus(read.status, read.location),
              `${principal.who}: GET ${url} → ${read.status}`,
            ).toBe(true);
          }
        }
        const action = walled.module.action;
        for (const form of walled.forms?.(victim) ?? []) {
          if (!action || open) continue;
          const request = form.file
            ? fileRequest(url, form.fields, form.file, principal.cookie ?? "")
            : formRequest(url, form.fields, principal.cookie);
          const sent = await attempt(() => action(spaceArgs(t, request, params)));
          expect(
            refusedStatus(sent.status, sent.location),
            `${principal.who}: POST ${url} ${JSON.stringify(form.fields)} → ${sent.status}`,
          ).toBe(true);
        }
        expect(await fingerprint(), principal.who).toEqual(before);
      }
    },
  );
});
