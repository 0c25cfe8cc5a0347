import { describe, expect, it } from "vitest";
import { APPLICATION_FIELD_LABELS, APPLICATION_FIELDS } from "~/features/applications/application-entity";
import { applicationSchema } from "~/features/applications/application-schema";
import { applicationAudit } from "~/features/applications/audit-record.server";
import { APPLICATION_LIMITS } from "~/features/applications/content";
import { ARTICLE_AUDIT_FIELDS, ARTICLE_FIELD_LABELS } from "~/features/articles/article-entity";
import { articleSchema } from "~/features/articles/article-schema";
import { complaintAudit } from "~/features/complaints/audit-record.server";
import { COMPLAINT_FIELD_LABELS, COMPLAINTS_REGISTER_COLUMNS } from "~/features/complaints/complaint-entity";
import { complaintActionSchema } from "~/features/complaints/console-schema";
import { learnerAudit } from "~/features/learners/audit-record.server";
import { readLearnersCsv } from "~/features/learners/csv-import";
import { LEARNER_CSV_HEADER, LEARNER_FIELD_LABELS } from "~/features/learners/learner-entity";
import { learnerPersonSchema } from "~/features/learners/learner-schema";
import { pageAudit } from "~/features/pages/audit-record.server";
import { PAGES } from "~/features/pages/definitions";
import { questionnaireAudit } from "~/features/surveys/audit-record.server";
import { questionnaireSchema, questionSchema } from "~/features/surveys/console-schema";
import { QUESTION_FIELD_LABELS, QUESTIONNAIRE_FIELD_LABELS } from "~/features/surveys/survey-entity";
import { TESTIMONIAL_AUDIT_FIELDS } from "~/features/testimonials/testimonial-entity";
import { testimonialSchema } from "~/features/testimonials/testimonial-schema";

// Each entity's fields are declared once (app/platform/entity.ts): the form's labels, the server's
// checks and the Journal's wording come from the same entry, so what the editor calls a field is what
// the Journal calls it, and a declared limit is the limit the server enforces.

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe("entity declarations", () => {
  it("an article's declared limits are the server's: title required and at most 200, excerpt at most 1000", () => {
    const result = articleSchema.safeParse({ title: " ", content: "Texte", excerpt: "x".repeat(1001) });
    expect(issues(result)).toMatchObject({
      title: "Ce champ est obligatoire",
      excerpt: "1000 caractères maximum",
    });
  });

  it("a testimonial's optional texts become null when blank, and its required ones are refused when blank", () => {
    const ok = testimonialSchema.parse({ name: "Awa", content: "Très bien", company: "  ", rating: "5" });
    expect(ok).toMatchObject({ name: "Awa", company: null, position: null });
    expect(issues(testimonialSchema.safeParse({ name: "", content: "", rating: "5" }))).toMatchObject({
      name: "Ce champ est obligatoire",
      content: "Ce champ est obligatoire",
    });
  });

  it("the audit log names a field as the form does, and shows no personal value", () => {
    expect(ARTICLE_AUDIT_FIELDS.category).toEqual([ARTICLE_FIELD_LABELS.category, true]);
    expect(ARTICLE_AUDIT_FIELDS.content).toEqual(["Contenu", false]);
    expect(TESTIMONIAL_AUDIT_FIELDS.position).toEqual(["Poste", false]);
    expect(TESTIMONIAL_AUDIT_FIELDS.name?.[1]).toBe(false);
    expect(TESTIMONIAL_AUDIT_FIELDS.rating).toEqual(["Note", true]);
  });

  it("every field of every page of Pages is named in the audit log by a label, never by its code", () => {
    for (const page of PAGES) {
      for (const field of page.fields) expect(pageAudit.fields?.[field.name]?.[0], field.name).toBeTruthy();
    }
    expect(pageAudit.fields?.faq).toEqual(["Questions fréquentes", false]);
  });

  it("a learner's audit log, CSV export and CSV import name their fields as the dialog does", () => {
    expect(learnerAudit.fields?.abandonedOn).toEqual([LEARNER_FIELD_LABELS.abandonedOn, true]);
    expect(learnerAudit.fields?.traineeCategory).toEqual(["Type de stagiaire", false]);
    // Out of the dialog's 'Financement', the Journal says whose address it is.
    expect(learnerAudit.fields?.payerAddress).toEqual(["Adresse du payeur", false]);
    expect(LEARNER_CSV_HEADER).toEqual([
      "Formation",
      "Début de session",
      "Fin de session",
      "Prénom",
      "Nom",
      "E-mail",
      "Entreprise",
      "Statut",
      "Date d'abandon",
      "Certification",
      "Origine",
      "Type de stagiaire",
    ]);
    const reading = readLearnersCsv("Prénom;Nom;E-mail\nAwa;;awa@example.fr\n");
    expect(reading.problems[0]?.message).toMatch(new RegExp(`^${LEARNER_FIELD_LABELS.lastName}\\s:`));
  });

  it("a learner's declared limits are the dialog's and the import's: a first name of 101 characters is refused", () => {
    const result = learnerPersonSchema.safeParse({
      firstName: "x".repeat(101),
      lastName: "Diallo",
      email: "a@b.fr",
    });
    expect(issues(result)).toMatchObject({ firstName: "100 caractères maximum" });
  });

  it("a complaint's register and audit log speak the record page's words, and the corrective action's limit is declared", () => {
    expect(COMPLAINTS_REGISTER_COLUMNS).toContain(COMPLAINT_FIELD_LABELS.organisation);
    expect(COMPLAINTS_REGISTER_COLUMNS).toContain("Session concernée");
    expect(COMPLAINTS_REGISTER_COLUMNS).not.toContain("Organisme");
    expect(complaintAudit.fields?.correctiveAction).toEqual([COMPLAINT_FIELD_LABELS.correctiveAction, false]);
    expect(complaintAudit.fields?.status).toEqual(["Statut", true]);
    const tooLong = complaintActionSchema.safeParse({
      id: "00000000-0000-4000-8000-000000000000",
      correctiveAction: "x".repeat(5001),
    });
    expect(issues(tooLong)).toMatchObject({ correctiveAction: "5000 caractères maximum" });
  });

  it("a questionnaire's audit log and answers' CSV name a question's fields as its form does", () => {
    expect(questionnaireAudit.fields?.type).toEqual([QUESTION_FIELD_LABELS.type, true]);
    expect(questionnaireAudit.fields?.role).toEqual(["Rôle dans les indicateurs publiés", true]);
    expect(questionnaireAudit.fields?.intro).toEqual([QUESTIONNAIRE_FIELD_LABELS.intro, false]);
    expect(issues(questionnaireSchema.safeParse({ title: "x".repeat(121) }))).toMatchObject({
      title: "120 caractères maximum",
    });
    expect(issues(questionSchema.safeParse({ label: "x".repeat(301), type: "text" }))).toMatchObject({
      label: "300 caractères maximum",
    });
  });

  it("a candidature's limits are the online form's and the server's, and its audit log shows only its status and dates", () => {
    expect(APPLICATION_LIMITS.motivation).toBe(APPLICATION_FIELDS.motivation.text.max);
    expect(applicationAudit.fields?.status).toEqual([APPLICATION_FIELD_LABELS.status, true]);
    const shown = Object.entries(applicationAudit.fields ?? {}).filter(([, [, values]]) => values);
    expect(shown.map(([field]) => field).sort()).toEqual(["createdAt", "interviewAt", "status"]);
    const motivation = applicationSchema.safeParse({ motivation: "x".repeat(3001) });
    expect(motivation.success).toBe(false);
    expect(motivation.error?.issues.find((i) => i.path[0] === "motivation")?.message).toBe(
      "Vos motivations ne peuvent pas dépasser 3 000 caractères",
    );
  });
});
