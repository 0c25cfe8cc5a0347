import { and, count, eq, inArray, notInArray, sql } from "drizzle-orm";
import { articles } from "~/features/articles/schema.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { PAGES } from "~/features/pages";
import { sitePages } from "~/features/pages/schema.server";
import type { CentreIdentity } from "~/features/settings";
import { EMPTY_CENTRE, getCentreSettings } from "~/features/settings/index.server";
import { centreSettings } from "~/features/settings/schema.server";
import { testimonials } from "~/features/testimonials/schema.server";
import type { Db } from "~/platform/db/client.server";
import { DEMO_CENTRE } from "./fixtures/centre.server";

/** The notice over every public page while the demonstration centre remains. */
export const DEMO_NOTICE = {
  label: "Site de démonstration",
  text: "Site de démonstration : centre, formations, articles et témoignages fictifs.",
};

/**
 * Whether the site still holds any of the demonstration centre (a demo formation, article or
 * testimonial, or its identity in Paramètres): one round trip, read by the root loader of every
 * public page for the 'Site de démonstration' notice.
 */
export async function hasDemoContent(db: Db): Promise<boolean> {
  const [row] = await db
    .select({
      demo: sql<boolean>`exists (select 1 from ${formations} where ${formations.demo})
        or exists (select 1 from ${articles} where ${articles.demo})
        or exists (select 1 from ${testimonials} where ${testimonials.demo})
        or exists (select 1 from ${centreSettings} where ${centreSettings.demo})
        or exists (select 1 from ${sitePages} where ${sitePages.demo})`,
    })
    .from(sql`(select 1) as one`);
  return row?.demo === true;
}

/** What remains of the demonstration centre, for the dashboard's 'Données de démonstration'. */
export interface DemoSummary {
  formations: number;
  articles: number;
  testimonials: number;
  /** Pages (Accueil, Notre centre…) still showing the demonstration centre's text. */
  pages: number;
  /** Paramètres still hold the demonstration centre's identity. */
  centre: boolean;
}

/** null once nothing of the demo remains. */
export async function demoSummary(db: Db): Promise<DemoSummary | null> {
  const counted = (table: typeof formations | typeof articles | typeof testimonials | typeof sitePages) =>
    db
      .select({ n: count() })
      .from(table)
      .where(eq(table.demo, true))
      .then(([row]) => row?.n ?? 0);
  const [f, a, t, p, [settings]] = await Promise.all([
    counted(formations),
    counted(articles),
    counted(testimonials),
    counted(sitePages),
    db.select({ demo: centreSettings.demo }).from(centreSettings),
  ]);
  const summary = { formations: f, articles: a, testimonials: t, pages: p, centre: settings?.demo === true };
  return f + a + t + p > 0 || summary.centre ? summary : null;
}

/** What 'Supprimer les données de démonstration' did (the audit entry's details). */
export interface DemoRemoval {
  formations: number;
  sessions: number;
  articles: number;
  testimonials: number;
  /** Pages that still held the demonstration centre's text: unpublished again, for the centre to write. */
  pages: number;
  /** Identity fields of Paramètres emptied because they still held the demo's values. */
  centreFields: number;
  /** Demo formations kept because real applications or learners sit on their sessions (never deleted with them). */
  kept: { title: string; applications: number; learners: number }[];
}

const IDENTITY_KEYS = Object.keys(EMPTY_CENTRE) as (keyof CentreIdentity)[];

/**
 * Removes every demo record and nothing else, in `tx`. Demo records are the rows marked `demo`
 * (formations, articles, testimonials) and what belongs to a demo formation (its sessions and short
 * addresses). Real records that point at them stay: a real testimonial loses its link to the course
 * (as when a formation is deleted), a contact request keeps the course name it was sent with. A demo
 * formation whose sessions hold a real application or learner is kept with those sessions, and named in the
 * answer: a lead is never deleted with the demo. In Paramètres, each identity field that still holds
 * the demo's value is emptied (what staff typed stays) and the row stops being marked.
 */
export async function removeDemoData(tx: Db): Promise<DemoRemoval> {
  // The settings row serialises two removals; the demo sessions are locked before they are
  // checked for applications, so an application cannot land on one between the check and the delete.
  const [settings] = await tx.select().from(centreSettings).for("update");
  const demoFormationIds = tx.select({ id: formations.id }).from(formations).where(eq(formations.demo, true));
  await tx
    .select({ id: formationSessions.id })
    .from(formationSessions)
    .where(inArray(formationSessions.formationId, demoFormationIds))
    .for("update");
  const held = await tx
    .select({
      id: formations.id,
      title: formations.title,
      // Written out: Drizzle leaves columns unqualified in a one-table select, ambiguous in a subquery.
      applications: sql<number>`(select count(*)::int from applications a join formation_sessions s
        on s.id = a.session_id where s.formation_id = formations.id)`,
      learners: sql<number>`(select count(*)::int from learners l join formation_sessions s
        on s.id = l.session_id where s.formation_id = formations.id)`,
    })
    .from(formations)
    .where(eq(formations.demo, true))
    .orderBy(formations.title);
  const kept = held.filter((f) => f.applications + f.learners > 0);
  const removable = and(
    eq(formations.demo, true),
    kept.length
      ? notInArray(
          formations.id,
          kept.map((k) => k.id),
        )
      : undefined,
  );
  const sessions = await tx
    .delete(formationSessions)
    .where(
      inArray(
        formationSessions.formationId,
        tx.select({ id: formations.id }).from(formations).where(removable),
      ),
    )
    .returning({ id: formationSessions.id });
  // Aliases go with their formation (on delete cascade); real testimonials keep themselves (set null).
  const removedFormations = await tx.delete(formations).where(removable).returning({ id: formations.id });
  const removedTestimonials = await tx
    .delete(testimonials)
    .where(eq(testimonials.demo, true))
    .returning({ id: testimonials.id });
  const removedArticles = await tx
    .delete(articles)
    .where(eq(articles.demo, true))
    .returning({ id: articles.id });
  // A page staff saved is theirs (the save cleared `demo`); the others go, and the page waits
  // unpublished for the centre's own words.
  const removedPages = await tx
    .delete(sitePages)
    .where(eq(sitePages.demo, true))
    .returning({ id: sitePages.id });
  let centreFields = 0;
  if (settings?.demo) {
    const reset: Partial<CentreIdentity> = {};
    for (const key of IDENTITY_KEYS) {
      if (JSON.stringify(settings[key]) === JSON.stringify(DEMO_CENTRE[key])) {
        Object.assign(reset, { [key]: EMPTY_CENTRE[key] });
        centreFields++;
      }
    }
    await tx
      .update(centreSettings)
      .set({ ...reset, demo: false, updatedAt: new Date() })
      .where(eq(centreSettings.id, 1));
  }
  return {
    formations: removedFormations.length,
    sessions: sessions.length,
    articles: removedArticles.length,
    testimonials: removedTestimonials.length,
    pages: removedPages.length,
    centreFields,
    kept: kept.map(({ title, applications, learners }) => ({ title, applications, learners })),
  };
}

/** One step of the dashboard's 'Mise en route': done or not, and the screen where it is done. */
export interface SetupStep {
  label: string;
  done: boolean;
  to: string;
  action: string;
}

const filled = (...values: string[]) => values.every((v) => v.trim() !== "");

/**
 * The dashboard's set-up checklist: the centre's identity and its legal data in Paramètres (the
 * demonstration centre's name and SIRET do not count), a first formation of its own, and its own
 * pages reviewed and published (a page still showing the demonstration's text does not count).
 * Empty once all are done.
 */
export async function setupChecklist(db: Db): Promise<SetupStep[]> {
  const [settings, [own], published] = await Promise.all([
    getCentreSettings(db),
    db.select({ n: count() }).from(formations).where(eq(formations.demo, false)),
    db
      .select({ id: sitePages.id })
      .from(sitePages)
      .where(and(eq(sitePages.published, true), eq(sitePages.demo, false))),
  ]);
  const done = new Set(published.map((row) => row.id));
  const toReview = PAGES.filter((page) => page.centreText && !done.has(page.id)).map((page) => page.title);
  const s = settings;
  const steps: SetupStep[] = [
    {
      label: "Identité du centre : nom, adresse, téléphone, e-mail",
      done: s.name !== DEMO_CENTRE.name && filled(s.name, s.street, s.postalCode, s.city, s.phone, s.email),
      to: "/admin/parametres#settings-identite",
      action: "Compléter l'identité",
    },
    {
      // Not the activity declaration number: a new centre gets it after its first convention, and
      // until then its pages and documents say it is being registered.
      label: "Données légales : forme juridique, SIRET, directeur de la publication, hébergeur",
      done: s.siret !== DEMO_CENTRE.siret && filled(s.legalForm, s.siret, s.publicationDirector, s.host),
      to: "/admin/parametres#settings-mentions",
      action: "Compléter les données légales",
    },
    {
      label: "Une première formation du centre",
      done: (own?.n ?? 0) > 0,
      to: "/admin/formations",
      action: "Créer une formation",
    },
    {
      label: toReview.length
        ? `Les pages du site, relues et publiées (reste${toReview.length > 1 ? "nt" : ""}\u202f: ${toReview.join(", ")})`
        : "Les pages du site, relues et publiées",
      done: toReview.length === 0,
      to: "/admin/pages",
      action: "Relire les pages",
    },
  ];
  return steps.every((step) => step.done) ? [] : steps;
}
