// Every value the app writes by itself (the starting settings, the seed, the sessions made from the
// old next-session dates) is accepted by the console form that edits it: a person who opens a
// record and saves it untouched, or after changing one field, is never refused for a value they
// did not type.
import { describe, expect, it } from "vitest";
import { articleSchema } from "~/features/articles/article-schema";
import { articles } from "~/features/articles/schema.server";
import { formationSchema } from "~/features/catalogue/formation-schema";
import { formationAliases, formationSessions, formations } from "~/features/catalogue/schema.server";
import { sessionSchema } from "~/features/catalogue/session-schema";
import { getCentreSettings } from "~/features/settings/centre.server";
import { centreSettings } from "~/features/settings/schema.server";
import { testimonials } from "~/features/testimonials/schema.server";
import { testimonialSchema } from "~/features/testimonials/testimonial-schema";
import * as settingsRoute from "~/routes/admin/settings";
import { rowValues } from "~/ui/console/form-fields";
import { DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, routeArgs, statusOf } from "../support/runtime";

// CONTACT_NOTIFY_EMAIL unset: the lead recipient the app writes by itself, as on a fresh machine.
const t = setUpTestApp({ CONTACT_NOTIFY_EMAIL: "" });
const admin = setUpSignedIn(t, "admin");

/** Paramètres as the screen posts it: every field with what is stored. */
async function settingsForm(changes: Record<string, string> = {}): Promise<URLSearchParams> {
  const s = await getCentreSettings(t.app.db);
  const { certificate: _file, openingHours, qualiopiCategories, ...rest } = s;
  const fields = new URLSearchParams({ intent: "update", ...rowValues(rest), ...changes });
  fields.set("openingHours", openingHours.join("\n"));
  for (const category of qualiopiCategories) fields.append("qualiopiCategories", category);
  return fields;
}

/** What a schema says about a record: [] when it accepts it, else 'field: message' per issue. */
function refusals(
  schema: { safeParse(value: unknown): { success: boolean; error?: unknown } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  if (result.success) return [];
  const { issues } = result.error as { issues: { path: PropertyKey[]; message: string }[] };
  return issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe(`values the app writes itself, in its own forms, on ${DRIVER}`, () => {
  it("Paramètres out of the box: the default lead recipient is kept and a phone change is saved", async () => {
    const s = await getCentreSettings(t.app.db);
    expect(s.leadRecipient).toBe("contact@localhost");
    const fields = await settingsForm({ phone: "01 44 55 66 77" });
    const request = formRequest("/admin/parametres", {}, admin.cookie);
    const result = await settingsRoute
      .action(
        routeArgs(t, new Request(request.url, { method: "POST", headers: request.headers, body: fields })),
      )
      .catch((thrown: unknown) => thrown);
    expect((await bodyOf(result)).errors).toBeUndefined();
    expect(statusOf(result)).toBe(200);
    const [row] = await t.app.db.select().from(centreSettings);
    expect(row).toMatchObject({ phone: "01 44 55 66 77", leadRecipient: "contact@localhost" });
  });

  it("every seeded formation passes the formation form as its dialog fills it", async () => {
    const rows = await t.app.db.select().from(formations);
    const aliases = await t.app.db.select().from(formationAliases);
    expect(rows.length).toBeGreaterThan(0);
    for (const f of rows) {
      const values = {
        ...rowValues({ ...f, objectives: f.objectives.join("\n"), skillBlocks: f.skillBlocks.join("\n") }),
        aliases: aliases
          .filter((a) => a.formationId === f.id)
          .map((a) => a.alias)
          .join(", "),
        program: JSON.stringify(f.program),
        results: JSON.stringify(f.results),
        goals: f.goals.join(","),
        active: f.active ? "on" : "",
        financingEligible: f.financingEligible ? "on" : "",
        certifying: f.certifying ? "on" : "",
      };
      expect({ slug: f.slug, refusals: refusals(formationSchema, values) }).toEqual({
        slug: f.slug,
        refusals: [],
      });
    }
  });

  it("every seeded testimonial, article and session passes its own form", async () => {
    for (const r of await t.app.db.select().from(testimonials)) {
      const values = {
        ...rowValues(r),
        formationId: r.formationId ?? "general",
        active: r.active ? "on" : "",
      };
      expect({ name: r.name, refusals: refusals(testimonialSchema, values) }).toEqual({
        name: r.name,
        refusals: [],
      });
    }
    for (const r of await t.app.db.select().from(articles)) {
      const values = { ...rowValues(r), published: r.published ? "on" : "" };
      expect({ slug: r.slug, refusals: refusals(articleSchema, values) }).toEqual({
        slug: r.slug,
        refusals: [],
      });
    }
    const sessions = await t.app.db.select().from(formationSessions);
    expect(sessions.length).toBeGreaterThan(0);
    for (const r of sessions) {
      const values = { ...rowValues(r), closed: r.closed ? "on" : "" };
      expect({ start: r.startDate, refusals: refusals(sessionSchema, values) }).toEqual({
        start: r.startDate,
        refusals: [],
      });
    }
  });
});
