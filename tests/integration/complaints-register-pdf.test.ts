// The complaints register as a PDF (Qualiopi indicator 31), downloaded from Réclamations: per complaint
// of the period, the day received, the channel, the subject, the analysis and corrective action, the
// answer's day, the day closed and the improvement action it led to; without the author's identity;
// a PDF/A in good French typography; the download audited; refused to an anonymous visitor and a
// role-less account; a period that is not one refused in French.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/features/audit/schema.server";
import { storeComplaint } from "~/features/complaints/intake.server";
import { complaintEvents, complaints } from "~/features/complaints/schema.server";
import { improvementActions } from "~/features/quality/schema.server";
import * as registerPdf from "~/routes/admin/complaints-register-pdf";
import { FUNDER_COMPLAINT } from "../support/complaint";
import { DRIVER } from "../support/db";
import { makeFormation, makeLearner, makeSession } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { documentFaults, pdfText, settled } from "../support/learner-documents";
import { getRequest, routeArgs } from "../support/runtime";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);

const download = (query: string, cookie?: string) =>
  settled(() =>
    registerPdf.loader(routeArgs(t, getRequest(`/admin/reclamations/registre.pdf${query}`, cookie))),
  ) as Promise<Response>;

/** Two complaints of 2031 (one from the learner's space, answered, closed, with an improvement action) and one of 2030. */
async function register() {
  const [handled] = await t.app.db
    .insert(complaints)
    .values({
      reference: "REC-2031-0001",
      firstName: "Marc",
      lastName: "Petit",
      email: "marc.petit@example.test",
      authorType: "stagiaire",
      category: "organisation",
      sessionLabel: "Gestion de paie – mars 2031",
      channel: "space",
      description: "Salle trop petite pour le groupe.",
      status: "closed",
      correctiveAction: "Salle plus grande réservée pour la suite de la session",
      handledAt: new Date("2031-03-05T09:00:00Z"),
      closedAt: new Date("2031-03-20T09:00:00Z"),
      createdAt: new Date("2031-03-02T15:00:00Z"),
    })
    .returning({ id: complaints.id });
  await t.app.db.insert(complaintEvents).values({
    complaintId: handled?.id ?? "",
    kind: "reply",
    body: "Bonjour Marc, une salle plus grande est réservée.",
    createdAt: new Date("2031-03-04T10:00:00Z"),
  });
  await t.app.db.insert(improvementActions).values({
    origin: "complaint",
    complaintId: handled?.id ?? null,
    title: "Réserver des salles adaptées à chaque groupe",
    state: "done",
  });
  await t.app.db.insert(complaints).values([
    {
      reference: "REC-2031-0002",
      firstName: "Inès",
      lastName: "Garcia",
      email: "ines.garcia@example.test",
      organisation: "OPCO Mobilités",
      authorType: "financeur",
      category: "administratif",
      description: "La facture ne correspond pas au devis signé.",
      createdAt: new Date("2031-06-10T08:00:00Z"),
    },
    {
      reference: "REC-2030-0009",
      firstName: "Paul",
      lastName: "Roux",
      email: "paul.roux@example.test",
      authorType: "entreprise",
      category: "accueil",
      description: "Pas de réponse au téléphone pendant une semaine.",
      createdAt: new Date("2030-12-30T08:00:00Z"),
    },
  ]);
}

describe(`complaints register PDF on ${DRIVER}`, () => {
  it("holds each complaint of the period with its channel, subject, analysis, answer, closing and improvement action, without the author; a PDF/A in French typography; audited", async () => {
    await register();
    const response = await download("?du=2031-01-01&au=2031-12-31", moderator.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="registre-des-reclamations-2031-01-01-au-2031-12-31.pdf"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = await pdfText(bytes);
    expect(text).toContain("Registre des réclamations");
    expect(text).toContain("Réclamations reçues du 1er janvier 2031 au 31 décembre 2031");
    expect(text).toContain("2 réclamations");
    for (const expected of [
      "REC-2031-0001 – Close",
      "Reçue le : 2 mars 2031",
      "Canal : Espace stagiaire",
      // The subject: its category and the session.
      "Objet : Organisation, planning, locaux – Gestion de paie – mars 2031",
      "Action corrective : Salle plus grande réservée pour la suite de la session",
      "Réponse à l'auteur : envoyée le 4 mars 2031",
      "Close le : 20 mars 2031",
      "Action d'amélioration liée : Réserver des salles adaptées à chaque groupe (Réalisée)",
      "REC-2031-0002 – Reçue",
      "Canal : Formulaire du site",
      "Objet : Administratif, facturation, financement",
      "Réponse à l'auteur : aucune envoyée depuis la console",
      "Close le : pas encore close",
    ]) {
      expect(text.replace(/[\u00a0\u202f]/g, " ")).toContain(expected);
    }
    // Another period's complaint, the authors' identity and the texts exchanged are not in it.
    for (const absent of [
      "REC-2030-0009",
      "Petit",
      "marc.petit@example.test",
      "Garcia",
      "Salle trop petite",
      "Bonjour Marc",
    ]) {
      expect(text).not.toContain(absent);
    }
    expect(documentFaults(bytes)).toEqual([]);
    // An archival PDF: PDF/A-3, level B, declared in its metadata.
    const raw = Buffer.from(bytes).toString("latin1");
    expect(raw).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(raw).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.actorEmail, moderator.email));
    expect(entry).toMatchObject({
      action: "export",
      entity: "complaint",
      details: { title: "Registre des réclamations (PDF) du 2031-01-01 au 2031-12-31", count: 2 },
    });
  });

  it("a period without complaints says so", async () => {
    const response = await download("?du=2029-01-01&au=2029-01-31", admin.cookie);
    expect(response.status).toBe(200);
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain("0 réclamation");
    expect(text).toContain("Aucune réclamation reçue dans la période.");
  });

  it("an anonymous visitor is sent to sign in and a role-less account refused", async () => {
    const anonymous = await download("?du=2031-01-01&au=2031-12-31");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    expect((await download("?du=2031-01-01&au=2031-12-31", roleless.cookie)).status).toBe(403);
  });

  it("refuses a period that is not one, in French", async () => {
    for (const [query, message] of [
      ["?du=2031-12-31&au=2031-01-01", "Le dernier jour doit venir après le premier"],
      ["?du=2031-02-30&au=2031-03-01", "Indiquez le premier jour de la période (date au format AAAA-MM-JJ)"],
      ["?du=2031-01-01&au=demain", "Indiquez le dernier jour de la période (date au format AAAA-MM-JJ)"],
    ] as const) {
      const response = await download(query, admin.cookie);
      expect(response.status).toBe(400);
      expect(await response.text()).toBe(message);
    }
  });

  it("a complaint keeps the channel it came through: the site's form, or the learner's space", async () => {
    const site = await storeComplaint(t.app, FUNDER_COMPLAINT);
    const formation = await makeFormation(t.app.db, { slug: `canal-${randomBytes(4).toString("hex")}` });
    const session = await makeSession(t.app.db, {
      formationId: formation.id,
      startDate: "2031-03-01",
      endDate: "2031-03-20",
      seats: 8,
    });
    const learner = await makeLearner(t.app.db, {
      sessionId: session.id,
      firstName: "Léa",
      lastName: "Martin",
      email: `lea-${randomBytes(3).toString("hex")}@example.test`,
    });
    const space = await storeComplaint(
      t.app,
      { ...FUNDER_COMPLAINT, authorType: "stagiaire", session: session.id },
      learner.id,
    );
    const channels = await t.app.db
      .select({ reference: complaints.reference, channel: complaints.channel })
      .from(complaints);
    expect(channels.find((c) => c.reference === site)?.channel).toBe("site");
    expect(channels.find((c) => c.reference === space)?.channel).toBe("space");
  });
});
