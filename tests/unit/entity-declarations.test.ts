import { describe, expect, it } from "vitest";
import { ARTICLE_AUDIT_FIELDS, ARTICLE_FIELD_LABELS } from "~/features/articles/article-entity";
import { articleSchema } from "~/features/articles/article-schema";
import { pageAudit } from "~/features/pages/audit-record.server";
import { PAGES } from "~/features/pages/definitions";
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
});
