// One source of truth: a formation created in the console is what every public list and form offers.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { GOAL_IDS } from "~/features/catalogue/goals";
import { formations } from "~/features/catalogue/schema.server";
import { contactRequests } from "~/features/leads/schema.server";
import type { ChangeEvent } from "~/platform/events.server";
import * as root from "~/root";
import * as formationsRoute from "~/routes/admin/formations";
import * as callbackRoute from "~/routes/api/callback";
import * as sitemap from "~/routes/api/sitemap";
import * as contactRoute from "~/routes/site/contact";
import * as home from "~/routes/site/home";
import { DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp({ FORM_RATE_LIMIT: "0" });
const admin = setUpSignedIn(t, "admin");

const SLUG = "comptabilite-gestion";
const TITLE = "Comptabilité et gestion";

const formation = (overrides: Record<string, string> = {}) => ({
  title: TITLE,
  slug: SLUG,
  formationType: "courte",
  duration: "4 mois",
  entryLevel: "niveau-4",
  pricing: "prise-en-charge",
  description: "Tenir la comptabilité d'une petite entreprise.",
  active: "true",
  financingEligible: "true",
  aliases: "compta",
  position: "4",
  goals: "emploi,outil",
  ...overrides,
});

async function saveFormation(fields: Record<string, string>) {
  const result = await formationsRoute.action(
    routeArgs(t, formRequest("/admin/formations", fields, admin.cookie)),
  );
  return bodyOf(result);
}

async function publicLists() {
  const rootData = await bodyOf(await root.loader(routeArgs(t, getRequest("/"))));
  const homeData = await bodyOf(await home.loader(routeArgs(t, getRequest("/"))));
  const xml = await ((await sitemap.loader(routeArgs(t, getRequest("/sitemap.xml")))) as Response).text();
  return {
    footer: rootData.formations as { slug: string; title: string }[],
    goals: homeData.goalFormations as { slug: string; goals: string[] }[],
    xml,
  };
}

let ip = 0;
async function contact(course: string) {
  const fields = {
    firstName: "Inès",
    lastName: "Moreau",
    email: `ines.${++ip}@example.test`,
    phone: "06 12 34 56 78",
    subject: "information",
    formation: course,
    message: "Je voudrais connaître les dates de la prochaine session.",
  };
  const result = await contactRoute.action(
    routeArgs(t, formRequest("/contact", fields), {}, `198.51.100.${ip}`),
  );
  return { status: statusOf(result), body: await bodyOf(result), email: fields.email };
}

async function callback(course: string) {
  const request = formRequest("/api/rappel", {
    firstName: "Paul",
    lastName: "Girard",
    phone: "06 98 76 54 32",
    formation: course,
    source: "callback_course_page",
  });
  request.headers.set("accept", "application/json");
  const response = (await callbackRoute.action(routeArgs(t, request))) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe(`formations from the database everywhere, on ${DRIVER}`, () => {
  it("lists the seed's five formations in the staff-set order, with their goals", async () => {
    const { footer, goals } = await publicLists();
    expect(footer.map((f) => f.slug)).toEqual([
      "tp-assistant-ressources-humaines",
      "tp-assistant-commercial",
      "bac-pro-logistique",
      "formation-wordpress",
      "formation-developpeur-web",
    ]);
    expect(goals.filter((f) => f.goals.includes("outil")).map((f) => f.slug)).toEqual([
      "formation-wordpress",
    ]);
  });

  it("a console-created formation is listed, recommended, in the sitemap and accepted by both forms", async () => {
    const events: ChangeEvent[] = [];
    const stop = t.app.events.subscribe((event) => events.push(event));
    expect(await saveFormation({ intent: "create", ...formation() })).toMatchObject({ ok: true });
    // The change event is what refreshes open pages and empties the public page cache (on
    // PostgreSQL it comes back through LISTEN/NOTIFY, after the action returned).
    await vi.waitFor(() => expect(events).toContainEqual({ table: "formations", op: "insert" }));
    stop();

    const { footer, goals, xml } = await publicLists();
    // Position 4 puts it after the seed's formations 1 to 3 and, newest among equals, before WordPress (4).
    expect(footer.map((f) => f.slug).indexOf(SLUG)).toBe(3);
    expect(footer).toContainEqual({ slug: SLUG, title: TITLE, formationType: "courte" });
    expect(goals.find((f) => f.slug === SLUG)?.goals).toEqual(["emploi", "outil"]);
    expect(xml).toContain(`/formation/${SLUG}</loc>`);

    const sent = await contact(SLUG);
    expect(sent.status).toBe(200);
    const [row] = await t.app.db.select().from(contactRequests).where(eq(contactRequests.email, sent.email));
    expect(row?.formationInterest).toBe(TITLE);

    // The callback dialog posts the slug; scripts may name the course by its title or an alias.
    for (const course of [SLUG, TITLE.toUpperCase(), "compta"]) {
      expect((await callback(course)).status).toBe(200);
    }

    // ?formation= with a short slug preselects the course in the contact form.
    const page = await bodyOf(
      await contactRoute.loader(routeArgs(t, getRequest("/contact?formation=compta"))),
    );
    expect(page.preselected).toBe(SLUG);
  });

  it("a deactivated formation is gone from every list and refused by both forms", async () => {
    const [row] = await t.app.db.select().from(formations).where(eq(formations.slug, SLUG));
    expect(
      await saveFormation({ intent: "update", id: row?.id ?? "", ...formation({ active: "false" }) }),
    ).toMatchObject({ ok: true });

    const { footer, goals, xml } = await publicLists();
    expect(footer.map((f) => f.slug)).not.toContain(SLUG);
    expect(goals.map((f) => f.slug)).not.toContain(SLUG);
    expect(xml).not.toContain(SLUG);

    const refused = await contact(SLUG);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ formation: "Veuillez choisir une formation de la liste" });
    const stored = await t.app.db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.email, refused.email));
    expect(stored).toHaveLength(0);

    const refusedCallback = await callback(TITLE);
    expect(refusedCallback.status).toBe(400);
    expect(refusedCallback.body.errors).toEqual({ formation: "Veuillez choisir une formation de la liste" });

    const page = await bodyOf(
      await contactRoute.loader(routeArgs(t, getRequest(`/contact?formation=${SLUG}`))),
    );
    expect(page.preselected).toBeNull();
  });

  it("keeps 'Autre formation' and refuses unknown goals and positions in the console", async () => {
    expect((await contact("autre")).status).toBe(200);
    const bad = await saveFormation({
      intent: "create",
      ...formation({ slug: "autre-slug", goals: "voyager" }),
    });
    expect(bad).toMatchObject({ ok: false, errors: { goals: "Objectif inconnu : voyager" } });
    const badPosition = await saveFormation({
      intent: "create",
      ...formation({ slug: "x-slug", position: "-1" }),
    });
    expect(badPosition).toMatchObject({
      ok: false,
      errors: { position: "Ordre : un nombre entier entre 0 et 9999" },
    });
  });

  it("the home page offers only the goals some formation serves, and none on a catalogue without any", async () => {
    const goalIds = async () =>
      ((await bodyOf(await home.loader(routeArgs(t, getRequest("/"))))).goals as { id: string }[]).map(
        (g) => g.id,
      );
    const before = await t.app.db.select({ id: formations.id, goals: formations.goals }).from(formations);
    try {
      await t.app.db.update(formations).set({ goals: [] });
      // A new centre's catalogue: no goal ticked on any formation, no '0 formation recommandée'.
      expect(await goalIds()).toEqual([]);
      await t.app.db
        .update(formations)
        .set({ goals: ["outil"] })
        .where(eq(formations.slug, "formation-wordpress"));
      expect(await goalIds()).toEqual(["outil"]);
    } finally {
      for (const row of before) {
        await t.app.db.update(formations).set({ goals: row.goals }).where(eq(formations.id, row.id));
      }
    }
    // The seed's goals, each served by some formation, in the picker's order.
    const served = new Set(before.flatMap((row) => row.goals));
    expect(await goalIds()).toEqual(GOAL_IDS.filter((id) => served.has(id)));
    expect(served.size).toBeGreaterThan(1);
  });
});
