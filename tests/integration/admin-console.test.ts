// What staff do in the console: validation, audit log, role rules, contacts, export, erasure.
// Each test sets up the rows it reads (names made unique per test), so any one of them can run alone
// or in any order: `vitest run -t '<name>'` gives the same answer as the whole file.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userRoles } from "~/features/accounts/schema.server";
import { articles } from "~/features/articles/schema.server";
import { auditLog } from "~/features/audit/schema.server";
import { formationAliases, formations } from "~/features/catalogue/schema.server";
import { storeRequest } from "~/features/leads/contact.server";
import { contactRequests } from "~/features/leads/schema.server";
import { testimonials } from "~/features/testimonials/schema.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import { slugify } from "~/platform/slugify";
import * as articlesRoute from "~/routes/admin/articles";
import * as contacts from "~/routes/admin/contacts";
import * as contactsExport from "~/routes/admin/contacts-export";
import * as dashboard from "~/routes/admin/dashboard";
import * as formationsRoute from "~/routes/admin/formations";
import * as testimonialsRoute from "~/routes/admin/testimonials";
import * as users from "~/routes/admin/users";
import { DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, getRequest, routeArgs, signedInUser, statusOf } from "../support/runtime";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");

const post = (
  route: { action: (args: never) => unknown },
  path: string,
  fields: Record<string, string>,
  cookie = admin.cookie,
) => Promise.resolve(route.action(routeArgs(t, formRequest(path, fields, cookie))));

const baseFormation = {
  intent: "create",
  title: "Développeur Web Avancé",
  formationType: "courte",
  duration: "3 mois",
  entryLevel: "niveau-4",
  pricing: "prise-en-charge",
  description: "Une formation intensive.",
  active: "true",
  financingEligible: "false",
};

let counter = 0;
/** A suffix no other test uses: each test's rows are its own. */
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Creates a formation through the console as the admin; answers its row. */
async function createFormation(title: string, fields: Record<string, string> = {}) {
  const result = await post(formationsRoute, "/admin/formations", { ...baseFormation, title, ...fields });
  expect(statusOf(result)).toBe(200);
  const [row] = await t.app.db
    .select()
    .from(formations)
    .where(eq(formations.slug, fields.slug || slugify(title)));
  if (!row) throw new Error(`formation ${title} not created`);
  return row;
}

/** A visitor's callback request, as the public form stores it. */
const newRequest = (lastName: string) =>
  storeRequest(
    t.app,
    {
      firstName: "Léa",
      lastName,
      email: `${lastName.toLowerCase()}@example.test`,
      phone: "0612345678",
      formationInterest: "=cmd|' /C calc'!A0",
      message: 'Bonjour; je voudrais "des infos"',
      source: "callback_form",
      callbackRequested: true,
    },
    "callback",
  );

async function auditFor(entityId: string) {
  return t.app.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
}

describe(`slugify`, () => {
  it("lower-cases, turns whitespace runs into hyphens, drops other characters, and strips accents so the database check passes", () => {
    expect(slugify("Développeur  Web   Avancé !")).toBe("developpeur-web-avance");
    expect(slugify("  C'est l'été_2025 ")).toBe("cest-lete-2025");
    expect(slugify("¡¡¡")).toBe("");
  });
});

describe(`console formations on ${DRIVER}`, () => {
  it("creates a formation: slug from the title, lists split, a blank price is 0, audit in the same transaction", async () => {
    const result = await post(formationsRoute, "/admin/formations", {
      ...baseFormation,
      title: "Développeur Web Avancé",
      slug: "",
      price: "",
      objectives: "Objectif un\n\n  Objectif deux  \n",
      skills: " HTML, , CSS ,JavaScript ",
      careerOpportunities: "Intégrateur,",
      funding: "CPF, OPCO",
      aliases: "dev-web-avance",
      results: JSON.stringify([
        { kind: "reussite", year: 2025, rate: 87, sample: 23, source: "enquête interne" },
      ]),
      program: JSON.stringify([
        { title: "HTML", duration: "40h", content: "Balises" },
        { title: "", duration: "", content: "" },
      ]),
    });
    expect(await bodyOf(result)).toMatchObject({ ok: true, toast: { title: "Formation créée avec succès" } });
    const [row] = await t.app.db
      .select()
      .from(formations)
      .where(eq(formations.slug, "developpeur-web-avance"));
    expect(row).toMatchObject({
      price: 0,
      active: true,
      // Read from the funders named ('CPF, OPCO'), whatever a switch posted.
      financingEligible: true,
      objectives: ["Objectif un", "Objectif deux"],
      skills: ["HTML", "CSS", "JavaScript"],
      // Sessions are records of their own now, managed on the formation's sessions screen.
      nextSessions: [],
      careerOpportunities: ["Intégrateur"],
      funding: ["CPF", "OPCO"],
      program: [{ title: "HTML", duration: "40h", content: "Balises" }],
      results: [{ kind: "reussite", year: 2025, rate: 87, sample: 23, source: "enquête interne" }],
      rncpCode: null,
    });
    const aliases = await t.app.db
      .select()
      .from(formationAliases)
      .where(eq(formationAliases.formationId, row?.id ?? ""));
    expect(aliases.map((a) => a.alias)).toEqual(["dev-web-avance"]);
    const audit = await auditFor(row?.id ?? "");
    expect(audit).toMatchObject([
      { action: "create", entity: "formation", actorId: admin.userId, actorEmail: admin.email },
    ]);
  });

  it("parses a French price", async () => {
    const row = await createFormation(`Formation payante ${unique()}`, {
      price: "1 200,50",
      pricing: "payant",
    });
    expect(row.price).toBe(1200.5);
  });

  it("refuses a duplicate slug with a French message, not a 500, and writes nothing", async () => {
    const taken = await createFormation(`Formation existante ${unique()}`, { aliases: `ancien-${unique()}` });
    const [takenAlias] = await t.app.db
      .select()
      .from(formationAliases)
      .where(eq(formationAliases.formationId, taken.id));
    const auditBefore = (await t.app.db.select().from(auditLog)).length;
    const result = await post(formationsRoute, "/admin/formations", {
      ...baseFormation,
      title: "Autre titre",
      slug: taken.slug,
    });
    expect(statusOf(result)).toBe(400);
    expect(await bodyOf(result)).toMatchObject({
      ok: false,
      toast: { type: "error", title: "Erreur lors de la sauvegarde" },
      errors: { slug: "Ce slug est déjà utilisé par une autre formation. Choisissez-en un autre." },
    });
    // An alias of another formation is taken too.
    const alias = await post(formationsRoute, "/admin/formations", {
      ...baseFormation,
      slug: takenAlias?.alias ?? "",
    });
    expect(statusOf(alias)).toBe(400);
    expect((await t.app.db.select().from(auditLog)).length).toBe(auditBefore);
  });

  it("refuses missing required fields with French messages", async () => {
    const result = await post(formationsRoute, "/admin/formations", {
      intent: "create",
      title: "  ",
      formationType: "autre",
      duration: "",
      entryLevel: "",
      description: "",
    });
    expect(statusOf(result)).toBe(400);
    expect((await bodyOf(result)).errors).toMatchObject({
      title: "Ce champ est obligatoire",
      formationType: "Type de formation invalide",
      duration: "Ce champ est obligatoire",
      entryLevel: "Choisissez le niveau requis dans la liste",
      pricing: "Choisissez ce que paie l'apprenant",
      description: "Ce champ est obligatoire",
    });
    const symbols = await post(formationsRoute, "/admin/formations", {
      ...baseFormation,
      title: "!!!",
      slug: "",
    });
    expect((await bodyOf(symbols)).errors).toMatchObject({
      slug: "Le slug doit contenir au moins une lettre ou un chiffre",
    });
    const badId = await post(formationsRoute, "/admin/formations", { intent: "delete", id: "pas-un-uuid" });
    expect(statusOf(badId)).toBe(400);
    const unknown = await post(formationsRoute, "/admin/formations", { intent: "explode" });
    expect(statusOf(unknown)).toBe(400);
  });

  it("updates and filters; deleting a formation referenced by testimonials makes them general", async () => {
    const word = `Modifiable${unique()}`;
    const row = await createFormation(`Formation ${word}`);
    const id = row.id;
    const updated = await post(formationsRoute, "/admin/formations", {
      ...baseFormation,
      intent: "update",
      id,
      title: `Formation ${word}`,
      slug: row.slug,
      formationType: "alternance",
      active: "false",
    });
    expect(await bodyOf(updated)).toMatchObject({
      ok: true,
      toast: { title: "Formation mise à jour avec succès" },
    });
    const list = await bodyOf(
      await formationsRoute.loader(
        routeArgs(t, getRequest(`/admin/formations?q=${word.toUpperCase()}&type=alternance`, admin.cookie)),
      ),
    );
    expect((list.formations as { id: string }[]).map((f) => f.id)).toEqual([id]);
    const none = await bodyOf(
      await formationsRoute.loader(
        routeArgs(t, getRequest(`/admin/formations?q=${word}&type=courte`, admin.cookie)),
      ),
    );
    expect(none.formations).toEqual([]);

    const nadia = `Nadia ${word}`;
    await t.app.db.insert(testimonials).values({ name: nadia, content: "Super", formationId: id });
    const deleted = await post(formationsRoute, "/admin/formations", { intent: "delete", id });
    expect(await bodyOf(deleted)).toMatchObject({
      ok: true,
      toast: { title: "Formation supprimée avec succès" },
    });
    const [general] = await t.app.db.select().from(testimonials).where(eq(testimonials.name, nadia));
    expect(general?.formationId).toBeNull();
    expect((await auditFor(id)).map((a) => a.action).sort()).toEqual(["create", "delete", "update"]);
    const again = await post(formationsRoute, "/admin/formations", { intent: "delete", id });
    expect(await bodyOf(again)).toMatchObject({
      ok: false,
      toast: { title: "Erreur lors de la suppression" },
    });
  });
});

describe(`console articles on ${DRIVER}`, () => {
  it("creates with the author, derives the slug, sets updated_at on the server, deletes", async () => {
    const created = await post(articlesRoute, "/admin/articles", {
      intent: "create",
      title: "Réussir son alternance",
      content: "# Titre\n\nTexte",
      excerpt: "",
      published: "true",
      updatedAt: "2000-01-01",
    });
    expect(await bodyOf(created)).toMatchObject({ ok: true, toast: { title: "Article créé avec succès" } });
    const [row] = await t.app.db.select().from(articles).where(eq(articles.slug, "reussir-son-alternance"));
    expect(row).toMatchObject({ authorId: admin.userId, published: true, excerpt: null });
    const before = row?.updatedAt.getTime() ?? 0;
    const updated = await post(
      articlesRoute,
      "/admin/articles",
      {
        intent: "update",
        id: row?.id ?? "",
        title: "Réussir son alternance",
        slug: "reussir-son-alternance",
        content: "Nouveau",
      },
      // Taking a published article off the site is an administrator's (content:publish).
      admin.cookie,
    );
    expect(await bodyOf(updated)).toMatchObject({
      ok: true,
      toast: { title: "Article mis à jour avec succès" },
    });
    const [after] = await t.app.db
      .select()
      .from(articles)
      .where(eq(articles.id, row?.id ?? ""));
    expect(after?.updatedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(after?.authorId).toBe(admin.userId);
    expect(after?.published).toBe(false);

    const missing = await post(articlesRoute, "/admin/articles", {
      intent: "create",
      title: "",
      content: "",
    });
    expect((await bodyOf(missing)).errors).toMatchObject({
      title: "Ce champ est obligatoire",
      content: "Ce champ est obligatoire",
    });
    const dup = await post(articlesRoute, "/admin/articles", {
      intent: "create",
      title: "Réussir son alternance",
      content: "x",
    });
    expect((await bodyOf(dup)).errors).toMatchObject({ slug: expect.stringContaining("déjà utilisé") });

    const search = await bodyOf(
      await articlesRoute.loader(routeArgs(t, getRequest("/admin/articles?q=r%C3%A9ussir", admin.cookie))),
    );
    const found = search.articles as { id: string; title: string; excerpt: string | null }[];
    expect(found.some((p) => p.id === row?.id)).toBe(true);
    expect(found.every((p) => `${p.title} ${p.excerpt}`.toLowerCase().includes("réussir"))).toBe(true);
    const deleted = await post(articlesRoute, "/admin/articles", { intent: "delete", id: row?.id ?? "" });
    expect(await bodyOf(deleted)).toMatchObject({
      ok: true,
      toast: { title: "Article supprimé avec succès" },
    });
  });
});

describe(`console testimonials on ${DRIVER}`, () => {
  it("stores empty optional fields as null, general by default, rating 1 to 5, active formations only as choices", async () => {
    const created = await post(testimonialsRoute, "/admin/temoignages", {
      intent: "create",
      name: "Karim",
      content: "Très bien",
      company: " ",
      position: "",
      imageId: "",
      videoUrl: "",
      formationId: "general",
      rating: "4",
      active: "true",
    });
    expect(await bodyOf(created)).toMatchObject({
      ok: true,
      toast: { title: "Témoignage créé avec succès" },
    });
    const [row] = await t.app.db.select().from(testimonials).where(eq(testimonials.name, "Karim"));
    expect(row).toMatchObject({
      company: null,
      position: null,
      imageId: null,
      videoUrl: null,
      formationId: null,
      rating: 4,
      active: true,
    });
    const bad = await post(testimonialsRoute, "/admin/temoignages", {
      intent: "create",
      name: "X",
      content: "Y",
      rating: "6",
    });
    expect((await bodyOf(bad)).errors).toMatchObject({ rating: "La note va de 1 à 5" });
    const page = await bodyOf(
      await testimonialsRoute.loader(routeArgs(t, getRequest("/admin/temoignages?q=karim", admin.cookie))),
    );
    expect((page.testimonials as { name: string; formationTitle: string | null }[])[0]).toMatchObject({
      name: "Karim",
      formationTitle: null,
    });
    const titles = (page.formations as { title: string }[]).map((f) => f.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, "fr")));
    const deleted = await post(testimonialsRoute, "/admin/temoignages", {
      intent: "delete",
      id: row?.id ?? "",
    });
    expect(await bodyOf(deleted)).toMatchObject({
      ok: true,
      toast: { title: "Témoignage supprimé avec succès" },
    });
  });
});

describe(`console contacts on ${DRIVER}`, () => {
  it("lists with counters, filters, mail delivery states; changes status; audits", async () => {
    const lastName = `Dupont${unique()}`;
    const requestId = await newRequest(lastName);
    const page = await bodyOf(
      await contacts.loader(
        routeArgs(t, getRequest(`/admin/contacts?q=${lastName}&statut=new&jour=aujourdhui`, admin.cookie)),
      ),
    );
    expect((page.requests as { id: string }[]).map((r) => r.id)).toEqual([requestId]);
    expect((page.counts as Record<string, number>).new).toBeGreaterThanOrEqual(1);
    const mails = (page.mails as Record<string, { state: string }[]>)[requestId] ?? [];
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((m) => m.state === "queued")).toBe(true);
    await t.app.mail.drain();
    const drained = await bodyOf(
      await contacts.loader(routeArgs(t, getRequest(`/admin/contacts?q=${lastName}`, admin.cookie))),
    );
    expect(
      (drained.mails as Record<string, { state: string }[]>)[requestId]?.every((m) => m.state === "sent"),
    ).toBe(true);

    const changed = await post(
      contacts,
      "/admin/contacts",
      { intent: "status", id: requestId, status: "converted" },
      moderator.cookie,
    );
    expect(await bodyOf(changed)).toMatchObject({
      ok: true,
      toast: { title: "Statut mis à jour avec succès" },
    });
    const bad = await post(contacts, "/admin/contacts", { intent: "status", id: requestId, status: "perdu" });
    expect(await bodyOf(bad)).toMatchObject({
      ok: false,
      toast: { title: "Erreur lors de la mise à jour du statut" },
    });
    const [row] = await t.app.db.select().from(contactRequests).where(eq(contactRequests.id, requestId));
    expect(row?.status).toBe("converted");
    expect(await auditFor(requestId)).toMatchObject([
      { action: "status", actorId: moderator.userId, details: { from: "new", to: "converted" } },
    ]);
    const filtered = await bodyOf(
      await contacts.loader(routeArgs(t, getRequest("/admin/contacts?statut=new", admin.cookie))),
    );
    expect((filtered.requests as { id: string }[]).some((r) => r.id === requestId)).toBe(false);
  });

  it("exports the filtered list as CSV for French Excel, and audits the export", async () => {
    const lastName = `Dupont${unique()}`;
    await post(contacts, "/admin/contacts", {
      intent: "status",
      id: await newRequest(lastName),
      status: "converted",
    });
    const response = (await contactsExport.loader(
      routeArgs(t, getRequest(`/admin/contacts/export.csv?q=${lastName}`, admin.cookie)),
    )) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /attachment; filename="demandes-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Date;Prénom;Nom;E-mail;Téléphone;Sujet;Formation;Message;Statut;Source;Rappel demandé;Type de rendez-vous;Consentement marketing",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `;Léa;${lastName};${lastName.toLowerCase()}@example.test;0612345678;;'=cmd|' /C calc'!A0;`,
    );
    expect(lines[1]).toContain(';"Bonjour; je voudrais ""des infos""";Convertie;callback form;Oui;;Non');
    const exports = await t.app.db.select().from(auditLog).where(eq(auditLog.action, "export"));
    expect(exports.at(-1)).toMatchObject({
      actorId: admin.userId,
      entity: "contact_request",
      details: { count: 1 },
    });
  });

  it("erases a request and its e-mails (GDPR), audited without the personal data", async () => {
    const lastName = `Dupont${unique()}`;
    const requestId = await newRequest(lastName);
    const erased = await post(contacts, "/admin/contacts", { intent: "erase", id: requestId });
    expect(await bodyOf(erased)).toMatchObject({ ok: true });
    expect(await t.app.db.select().from(contactRequests).where(eq(contactRequests.id, requestId))).toEqual(
      [],
    );
    expect(
      await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.contactRequestId, requestId)),
    ).toEqual([]);
    const entries = await auditFor(requestId);
    const erase = entries.find((e) => e.action === "erase");
    expect(erase?.details).toMatchObject({ mailsDeleted: expect.any(Number) });
    expect(JSON.stringify(erase)).not.toContain(lastName);
  });

  it("dashboard counts and latest five requests", async () => {
    const read = async () =>
      bodyOf(await dashboard.loader(routeArgs(t, getRequest("/admin", moderator.cookie))));
    const before = (await read()).requests as { total: number; new: number; month: number; today: number };
    const lastName = `Tableau${unique()}`;
    for (let i = 0; i < 6; i++) {
      await storeRequest(t.app, { firstName: `P${i}`, lastName, phone: "0600000000" }, "callback");
    }
    const data = await read();
    expect((data.recent as { lastName: string }[]).map((r) => r.lastName)).toEqual(Array(5).fill(lastName));
    // 'Aujourd'hui (N)' and '+N ce mois-ci' count the real rows too.
    expect(data.requests).toEqual({
      total: before.total + 6,
      new: before.new + 6,
      month: before.month + 6,
      today: before.today + 6,
    });
    expect((data.formations as { total: number }).total).toBeGreaterThan(0);
  });
});

describe(`console roles on ${DRIVER}`, () => {
  // A database of its own: the last-admin rule depends on every admin there is, and this test
  // demotes its admin, which the other tests must not feel.
  const own = setUpTestApp();
  const admin = setUpSignedIn(own, "admin");
  const moderator = setUpSignedIn(own, "moderator");
  const post = (fields: Record<string, string>, cookie = admin.cookie) =>
    users.action(routeArgs(own, formRequest("/admin/utilisateurs", fields, cookie)));
  const roleOf = async (userId: string) =>
    (await own.app.db.select().from(userRoles).where(eq(userRoles.userId, userId)))[0]?.role;

  it("a moderator sees the users but cannot change roles; an admin can; the last admin stays", async () => {
    const list = await bodyOf(
      await users.loader(routeArgs(own, getRequest("/admin/utilisateurs", moderator.cookie))),
    );
    expect(list.canEdit).toBe(false);
    expect((list.users as { email: string }[]).some((u) => u.email === admin.email)).toBe(true);
    const someone = await signedInUser(own, { role: null });
    await expect(
      post({ intent: "role", userId: someone.userId, role: "admin" }, moderator.cookie),
    ).rejects.toMatchObject({ status: 403 });
    expect(await roleOf(someone.userId)).toBeUndefined();

    const granted = await post({ intent: "role", userId: someone.userId, role: "moderator" });
    expect(await bodyOf(granted)).toMatchObject({ ok: true });
    expect(await roleOf(someone.userId)).toBe("moderator");

    const lastAdmin = await post({ intent: "role", userId: admin.userId, role: "none" });
    expect(statusOf(lastAdmin)).toBe(400);
    expect(await bodyOf(lastAdmin)).toMatchObject({
      ok: false,
      toast: {
        description:
          "Impossible de retirer le dernier administrateur : nommez d'abord un autre administrateur.",
      },
    });
    expect(await roleOf(admin.userId)).toBe("admin");

    // With a second admin, the first may step down.
    await post({ intent: "role", userId: someone.userId, role: "admin" });
    const stepDown = await post({ intent: "role", userId: admin.userId, role: "moderator" });
    expect(await bodyOf(stepDown)).toMatchObject({ ok: true });
    const audit = await own.app.db.select().from(auditLog).where(eq(auditLog.entityId, someone.userId));
    expect(audit.map((a) => a.action)).toEqual(["role", "role"]);
  });
});
