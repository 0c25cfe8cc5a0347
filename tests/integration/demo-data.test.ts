// The demonstration centre: a PostgreSQL start creates none of it, the embedded trial does, DEMO_DATA
// decides whatever the driver; 'Supprimer les données de démonstration' removes exactly the demo
// records (and keeps a demo formation that real applications depend on), audited, admins only.
import { rmSync } from "node:fs";
import path from "node:path";
import { and, count, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createRuntime } from "~/boot/runtime.server";
import { userRoles, users } from "~/features/accounts/schema.server";
import { applications } from "~/features/applications/schema.server";
import { articles } from "~/features/articles/schema.server";
import { auditLog } from "~/features/audit/schema.server";
import { formationAliases, formationSessions, formations } from "~/features/catalogue/schema.server";
import { complaints } from "~/features/complaints/schema.server";
import { demoSummary, setupChecklist } from "~/features/demo/demo.server";
import { hasDemoContent } from "~/features/demo/index.server";
import { seedDemo } from "~/features/demo/seed.server";
import { contactRequests } from "~/features/leads/schema.server";
import { sitePages } from "~/features/pages/schema.server";
import { centreSettings } from "~/features/settings/schema.server";
import { testimonials } from "~/features/testimonials/schema.server";
import { loadConfig } from "~/platform/config.server";
import { type Database, openPglite, openPostgres } from "~/platform/db/client.server";
import { templateDir } from "~/platform/db/pglite-template.server";
import { createLogger } from "~/platform/logger.server";
import * as dashboard from "~/routes/admin/dashboard";
import { setUpProductionBuild } from "../support/build";
import { createPgDatabase, DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, routeArgs, statusOf } from "../support/runtime";
import { scratchDir } from "../support/scratch";

const ADMIN_EMAIL = "direction@centre.test";

// The PGlite run starts from the build's empty migrated database (below).
if (DRIVER !== "pg") setUpProductionBuild();

/** A first start on an empty database of this run's driver, with `env` (no template, no seed of the suite). */
async function firstStart(env: Record<string, string>) {
  let drop = async () => {};
  let database: Database;
  if (DRIVER === "pg") {
    const created = await createPgDatabase();
    drop = created.drop;
    database = await openPostgres(created.url, { poolSize: 2 });
  } else {
    // On disk, from the build's empty migrated template, as `npm start` opens a new embedded database
    // (initdb from scratch takes tens of seconds of WebAssembly on a loaded machine).
    const dir = scratchDir("cfa-demo-db-");
    database = await openPglite(path.join(dir, "db"), { template: templateDir(path.resolve("build")) });
    drop = async () => rmSync(dir, { recursive: true, force: true });
  }
  const config = loadConfig({
    DATA_DIR: scratchDir("cfa-demo-"),
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    NODE_ENV: "test",
    ADMIN_EMAIL,
    ADMIN_PASSWORD: "motdepasse-solide",
    ...env,
  });
  const app = await createRuntime(config, {
    database,
    startMailWorker: false,
    logger: createLogger({ production: true, level: "silent" }),
  });
  const counts = async () => {
    const n = async (table: typeof formations | typeof articles | typeof testimonials) =>
      (await app.db.select({ n: count() }).from(table))[0]?.n;
    return {
      formations: await n(formations),
      articles: await n(articles),
      testimonials: await n(testimonials),
      sessions: (await app.db.select({ n: count() }).from(formationSessions))[0]?.n,
      aliases: (await app.db.select({ n: count() }).from(formationAliases))[0]?.n,
    };
  };
  return {
    app,
    counts,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** A first start migrates a new database: more than a test's usual time on a loaded machine. */
const FIRST_START_MS = 120_000;

const NONE = { formations: 0, articles: 0, testimonials: 0, sessions: 0, aliases: 0 };

describe(`first start on ${DRIVER}`, () => {
  // What a production start on PostgreSQL does (DATABASE_URL, no DEMO_DATA); on the PGlite run the
  // same start is asked with DEMO_DATA=off, the variable that overrides the driver's default.
  it(
    `creates no demo record ${DRIVER === "pg" ? "on PostgreSQL" : "with DEMO_DATA=off"}: a blank settings row and the admin`,
    async () => {
      const start = await firstStart(DRIVER === "pg" ? {} : { DEMO_DATA: "off" });
      try {
        expect(await start.counts()).toEqual(NONE);
        const [settings] = await start.app.db.select().from(centreSettings);
        expect(settings).toMatchObject({ name: "", siret: "", street: "", phone: "", demo: false });
        expect(settings?.leadRecipient).toBe("contact@localhost");
        const [admin] = await start.app.db
          .select({ role: userRoles.role })
          .from(users)
          .innerJoin(userRoles, eq(userRoles.userId, users.id))
          .where(eq(users.email, ADMIN_EMAIL));
        expect(admin?.role).toBe("admin");
        expect(await hasDemoContent(start.app.db)).toBe(false);
        // No page text either: the centre's pages wait, unpublished, for it to write them.
        expect(await start.app.db.select().from(sitePages)).toEqual([]);
        // The dashboard's 'Mise en route': all four steps to do, the pages named.
        const steps = await setupChecklist(start.app.db);
        expect(steps.map((s) => [s.to, s.done])).toEqual([
          ["/admin/parametres#settings-identite", false],
          ["/admin/parametres#settings-mentions", false],
          ["/admin/formations", false],
          ["/admin/pages", false],
        ]);
        expect(steps[3]?.label).toBe(
          "Les pages du site, relues et publiées (restent\u202f: Accueil, Notre centre, Financements, Ressources, Contact)",
        );
      } finally {
        await start.close();
      }
    },
    FIRST_START_MS,
  );

  it(
    `seeds the demonstration centre ${DRIVER === "pg" ? "with DEMO_DATA=on" : "on the embedded trial without DEMO_DATA"}, every record marked`,
    async () => {
      const start = await firstStart(DRIVER === "pg" ? { DEMO_DATA: "on" } : {});
      try {
        expect(await start.counts()).toMatchObject({
          formations: 5,
          articles: 5,
          testimonials: 6,
          aliases: 4,
        });
        expect((await start.counts()).sessions).toBeGreaterThan(0);
        const unmarked = await Promise.all([
          start.app.db.select({ n: count() }).from(formations).where(eq(formations.demo, false)),
          start.app.db.select({ n: count() }).from(articles).where(eq(articles.demo, false)),
          start.app.db.select({ n: count() }).from(testimonials).where(eq(testimonials.demo, false)),
        ]);
        expect(unmarked.map(([r]) => r?.n)).toEqual([0, 0, 0]);
        // Its pages too: published, marked demo.
        const pages = await start.app.db
          .select({ id: sitePages.id, published: sitePages.published, demo: sitePages.demo })
          .from(sitePages)
          .orderBy(sitePages.id);
        expect(pages.map((p) => [p.id, p.published, p.demo])).toEqual([
          ["accueil", true, true],
          ["contact", true, true],
          ["financements", true, true],
          ["notre-centre", true, true],
          ["ressources", true, true],
        ]);
        const [settings] = await start.app.db.select().from(centreSettings);
        expect(settings).toMatchObject({ name: "Centre de Formation Avenir", demo: true });
        expect(await hasDemoContent(start.app.db)).toBe(true);
      } finally {
        await start.close();
      }
    },
    FIRST_START_MS,
  );
});

describe(`'Supprimer les données de démonstration' on ${DRIVER}`, () => {
  const t = setUpTestApp();
  const admin = setUpSignedIn(t, "admin");
  const moderator = setUpSignedIn(t, "moderator");
  const roleless = setUpSignedIn(t, null);

  const remove = (cookie?: string) =>
    dashboard
      .action(routeArgs(t, formRequest("/admin", { intent: "remove-demo" }, cookie)))
      .catch((thrown: unknown) => thrown);

  /** Every id of `table`, to compare before and after. */
  const ids = async (
    table: typeof formations | typeof articles | typeof testimonials | typeof contactRequests,
  ) =>
    (await t.app.db.select({ id: table.id }).from(table))
      .map((r) => r.id)
      .sort()
      .sort();

  it("is refused to anonymous visitors, role-less users and moderators, and changes nothing", async () => {
    const before = await demoSummary(t.app.db);
    const anonymous = await remove();
    expect(anonymous instanceof Response && anonymous.status).toBe(302);
    expect(statusOf(await remove(roleless.cookie))).toBe(403);
    expect(statusOf(await remove(moderator.cookie))).toBe(403);
    expect(await demoSummary(t.app.db)).toEqual(before);
    expect(before).toEqual({ formations: 5, articles: 5, testimonials: 6, pages: 5, centre: true });
  });

  it("gives a demonstration centre seeded before its pages were fixtures its pages at the next start, never once removed", async () => {
    const db = t.app.db;
    const pages = async () =>
      (await db.select({ id: sitePages.id }).from(sitePages).where(eq(sitePages.demo, true)))
        .map((p) => p.id)
        .sort();
    const seeded = await pages();
    expect(seeded).toHaveLength(5);
    // As an earlier version left it: the demo seeded (demo_state), its identity in Paramètres, no page row.
    await db.delete(sitePages);
    expect(await seedDemo(db)).toBe(false);
    expect(await pages()).toEqual(seeded);
    // A page staff had published is theirs: the backfill leaves it as it is.
    await db.delete(sitePages).where(eq(sitePages.id, "contact"));
    await db.insert(sitePages).values({ id: "contact", content: { reasons: "Les nôtres" } });
    await seedDemo(db);
    const [contact] = await db.select().from(sitePages).where(eq(sitePages.id, "contact"));
    expect(contact).toMatchObject({ demo: false, content: { reasons: "Les nôtres" } });
    await db.delete(sitePages).where(eq(sitePages.id, "contact"));
    await seedDemo(db);
  });

  it("removes exactly the demo records, keeps what real records need, and is audited", async () => {
    const db = t.app.db;
    const demoBySlug = async (slug: string) =>
      (await db.select().from(formations).where(eq(formations.slug, slug)))[0];
    const wordpress = await demoBySlug("formation-wordpress");
    const rh = await demoBySlug("tp-assistant-ressources-humaines");
    if (!wordpress || !rh) throw new Error("the demo catalogue is missing");
    // Real records, some pointing at demo ones.
    const [own] = await db
      .insert(formations)
      .values({ title: "Formation du centre", slug: "formation-du-centre", description: "La nôtre." })
      .returning();
    if (!own) throw new Error("not inserted");
    const [ownSession] = await db
      .insert(formationSessions)
      .values({ formationId: own.id, startDate: "2027-03-01", endDate: "2027-04-01", seats: 10 })
      .returning();
    await db.insert(articles).values({ title: "Notre article", slug: "notre-article", content: "Texte" });
    const [realTestimonial] = await db
      .insert(testimonials)
      .values({ name: "Apprenante réelle", content: "Très bien.", formationId: rh.id })
      .returning();
    await db.insert(contactRequests).values({
      firstName: "Paul",
      lastName: "Réel",
      phone: "06 00 00 00 00",
      formationInterest: rh.title,
    });
    // A real complaint about a session of a demo formation.
    const [rhSession] = await db
      .select()
      .from(formationSessions)
      .where(eq(formationSessions.formationId, rh.id));
    const [complaint] = await db
      .insert(complaints)
      .values({
        reference: "REC-2026-0001",
        firstName: "Paul",
        lastName: "Réel",
        email: "paul@example.test",
        authorType: "stagiaire",
        category: "autre",
        sessionId: rhSession?.id ?? null,
        sessionLabel: "TP Assistant RH – session de janvier",
        description: "Une réclamation réelle.",
      })
      .returning();
    // A real application on a demo session: the demo formation and its sessions stay for it.
    const [wpSession] = await db
      .select()
      .from(formationSessions)
      .where(eq(formationSessions.formationId, wordpress.id));
    if (!wpSession || !ownSession || !realTestimonial) throw new Error("the fixtures are missing");
    const [application] = await db
      .insert(applications)
      .values({
        sessionId: wpSession.id,
        firstName: "Inès",
        lastName: "Durand",
        email: "ines@example.test",
        phone: "06 12 34 56 78",
        situation: "salarie",
        financing: "cpf",
        consentAt: new Date(),
      })
      .returning();
    const realBefore = {
      formations: (await db.select({ id: formations.id }).from(formations).where(eq(formations.demo, false)))
        .map((r) => r.id)
        .sort(),
      articles: (await db.select({ id: articles.id }).from(articles).where(eq(articles.demo, false))).map(
        (r) => r.id,
      ),
      testimonials: (
        await db.select({ id: testimonials.id }).from(testimonials).where(eq(testimonials.demo, false))
      )
        .map((r) => r.id)
        .sort(),
      contacts: await ids(contactRequests),
    };
    const wpSessions = (
      await db
        .select({ id: formationSessions.id })
        .from(formationSessions)
        .where(eq(formationSessions.formationId, wordpress.id))
    )
      .map((r) => r.id)
      .sort();

    // Staff saved the Contact page (a save clears its `demo` mark, page-versions.server.ts): theirs now.
    await db.update(sitePages).set({ demo: false }).where(eq(sitePages.id, "contact"));

    const answer = await remove(admin.cookie);
    expect(statusOf(answer)).toBe(200);
    const body = await bodyOf(answer);
    expect(body).toMatchObject({ ok: true, toast: { title: "Données de démonstration supprimées" } });
    expect(JSON.stringify(body)).toContain("Formation WordPress");

    // Every demo record is gone but the one a real application holds; every real record is there.
    expect(
      (await db.select({ slug: formations.slug }).from(formations).where(eq(formations.demo, true))).map(
        (r) => r.slug,
      ),
    ).toEqual(["formation-wordpress"]);
    expect(await db.select().from(articles).where(eq(articles.demo, true))).toEqual([]);
    expect(await db.select().from(testimonials).where(eq(testimonials.demo, true))).toEqual([]);
    expect(
      (await db.select({ id: formations.id }).from(formations).where(eq(formations.demo, false))).map(
        (r) => r.id,
      ),
    ).toEqual(realBefore.formations);
    expect((await db.select({ id: articles.id }).from(articles)).map((r) => r.id).sort()).toEqual(
      realBefore.articles,
    );
    expect((await db.select({ id: testimonials.id }).from(testimonials)).map((r) => r.id).sort()).toEqual(
      realBefore.testimonials,
    );
    expect(await ids(contactRequests)).toEqual(realBefore.contacts);
    expect((await db.select().from(applications)).map((a) => a.id)).toEqual([application?.id]);
    expect(
      (
        await db
          .select({ id: formationSessions.id })
          .from(formationSessions)
          .where(inArray(formationSessions.id, [...wpSessions, ownSession.id]))
      ).length,
    ).toBe(wpSessions.length + 1);
    // Sessions and short addresses of the removed demo formations went with them.
    const others = await db
      .select({ n: count() })
      .from(formationSessions)
      .where(eq(formationSessions.formationId, rh.id));
    expect(others[0]?.n).toBe(0);
    expect((await db.select().from(formationAliases)).map((a) => a.alias).sort()).toEqual(["wordpress"]);
    // The real testimonial stays, without its link to the removed course.
    const [kept] = await db.select().from(testimonials).where(eq(testimonials.id, realTestimonial.id));
    expect(kept?.formationId).toBeNull();
    // The complaint stays, with the session's label it was sent with.
    const [keptComplaint] = await db
      .select()
      .from(complaints)
      .where(eq(complaints.id, complaint?.id ?? ""));
    expect(keptComplaint).toMatchObject({
      sessionId: null,
      sessionLabel: "TP Assistant RH – session de janvier",
    });
    // The demo's pages went (unpublished again, for the centre to write); the one staff saved stays.
    expect((await db.select({ id: sitePages.id }).from(sitePages)).map((p) => p.id)).toEqual(["contact"]);
    // Paramètres: the demo's identity emptied, the lead recipient kept.
    const [settings] = await db.select().from(centreSettings);
    expect(settings).toMatchObject({ name: "", siret: "", demo: false, leadRecipient: "equipe@centre.test" });
    // Audited, with what went and what stayed.
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "demo_data"), eq(auditLog.actorId, admin.userId)));
    expect(entry?.details).toMatchObject({
      formations: 4,
      articles: 5,
      testimonials: 6,
      kept: [{ title: "Formation WordPress", applications: 1 }],
    });
    // The notice stays while the kept formation is demo; once its application is gone, a second
    // removal takes it and nothing else.
    expect(await hasDemoContent(db)).toBe(true);
    await db.delete(applications);
    expect(statusOf(await remove(admin.cookie))).toBe(200);
    expect(await hasDemoContent(db)).toBe(false);
    expect(await demoSummary(db)).toBeNull();
    expect((await db.select({ id: formations.id }).from(formations)).map((r) => r.id).sort()).toEqual(
      realBefore.formations,
    );
    // A later start never brings the demo back.
    expect(await seedDemo(db)).toBe(false);
    expect(await hasDemoContent(db)).toBe(false);
  });
});
