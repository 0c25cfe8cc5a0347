// The console lists at scale: a failed read shows an error (never an empty list), every list is
// paged on the server, searches run in SQL on a trigram index, and the CSV export streams.
import { asc, desc, eq, sql } from "drizzle-orm";
import { type ComponentType, createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { formations } from "~/features/catalogue/schema.server";
import { EXPORT_BATCH } from "~/features/leads/console-contacts.server";
import { storeRequest } from "~/features/leads/contact.server";
import { contactRequests } from "~/features/leads/schema.server";
import { searchMatch } from "~/platform/console/paging.server";
import * as applicationsRoute from "~/routes/admin/applications";
import * as articlesRoute from "~/routes/admin/articles";
import * as contacts from "~/routes/admin/contacts";
import * as contactsExport from "~/routes/admin/contacts-export";
import * as formationsRoute from "~/routes/admin/formations";
import * as testimonialsRoute from "~/routes/admin/testimonials";
import { TooltipProvider } from "~/ui/tooltip";
import { DRIVER } from "../support/db";
import { makeFormations } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, getRequest, routeArgs } from "../support/runtime";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");

interface ListRoute {
  loader: (args: never) => unknown;
  default: unknown;
}

async function load(route: ListRoute, path: string) {
  return bodyOf(await route.loader(routeArgs(t, getRequest(path, admin.cookie))));
}

/** The page as the server renders it, from what its loader returned. */
function render(route: ListRoute, path: string, loaderData: unknown): string {
  const Stub = createRoutesStub([
    { id: "page", path: new URL(path, "http://x").pathname, Component: route.default as ComponentType },
  ]);
  // The console layout's sidebar provides the tooltips (disabled admin-only controls).
  return renderToString(
    createElement(
      TooltipProvider,
      null,
      createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { page: loaderData } } }),
    ),
  );
}

/**
 * `count` requests named Personne1… (1 the newest, by default one minute apart), in one statement:
 * SQL rather than a factory, as some tests want 70 000 rows (more than one statement can bind).
 */
async function seedRequests(count: number, createdAt = sql`now() - g * interval '1 minute'`) {
  await t.app.db.execute(sql`
    insert into contact_requests (first_name, last_name, email, phone, created_at)
    select 'Personne' || g, 'Nom' || g, 'p' || g || '@example.test', '0600000000', ${createdAt}
    from generate_series(1, ${count}::int) g`);
}

async function clearRequests() {
  await t.app.db.execute(sql`delete from mail_outbox`);
  await t.app.db.execute(sql`delete from contact_requests`);
}

const firstNames = (page: Record<string, unknown>) =>
  (page.requests as { firstName: string }[]).map((r) => r.firstName);

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `Personne${from + i}`);

describe(`a console list that cannot be read, on ${DRIVER}`, () => {
  const cases: [string, ListRoute, string, string, string][] = [
    ["/admin/contacts", contacts, "contact_requests", "demandes", "Demandes de contact"],
    ["/admin/formations", formationsRoute, "formations", "formations", "Formations"],
    ["/admin/articles", articlesRoute, "blog_posts", "articles", "Articles"],
    ["/admin/temoignages", testimonialsRoute, "testimonials", "témoignages", "Témoignages"],
    ["/admin/candidatures", applicationsRoute, "applications", "candidatures", "Candidatures"],
  ];
  it.each(cases)(
    "%s shows an error with a retry link, never an empty list",
    async (path, route, table, what, title) => {
      // The table disappears for the length of the read (renamed back afterwards).
      await t.app.db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
      let page: Record<string, unknown>;
      try {
        page = await load(route, `${path}?q=x`);
      } finally {
        await t.app.db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
      }
      expect(page.loadError).toBe(`Erreur lors du chargement des ${what}`);
      const html = render(route, `${path}?q=x`, page);
      expect(html).toContain(`Erreur lors du chargement des ${what}`);
      expect(html).toMatch(/<a[^>]*href="[^"]*\?q=x"[^>]*>.*Réessayer/);
      expect(html).toContain(`<h1 class="text-2xl font-bold tracking-tight">${title}</h1>`);
      expect(html).not.toContain(`${title} (0)`);
      expect(html).not.toMatch(/Aucun(e)? .* trouvé/);
      // The contacts counters come from the same read: no figure rather than zeros.
      if (route === contacts) expect(html).toMatch(/data-testid="count-new">—</);
      if (route === applicationsRoute) expect(html).toMatch(/data-testid="count-received">—</);
    },
  );
});

describe(`console contacts paged on the server, on ${DRIVER}`, () => {
  beforeEach(clearRequests);

  it("shows 50 rows a page, newest first, with the total and page links that keep the filters", async () => {
    await seedRequests(120);
    const first = await load(contacts, "/admin/contacts");
    expect(firstNames(first)).toEqual(range(1, 50));
    expect(first.page).toEqual({ page: 1, pageCount: 3, total: 120, pageSize: 50 });

    const second = await load(contacts, "/admin/contacts?statut=new&page=2");
    expect(firstNames(second)).toEqual(range(51, 100));
    const html = render(contacts, "/admin/contacts?statut=new&page=2", second);
    expect(html).toContain("Demandes de contact (120)");
    expect(html).toContain('<nav aria-label="Pagination">');
    expect(html).toMatch(/aria-label="Page précédente"[^>]*href="\/admin\/contacts\?statut=new"/);
    expect(html).toMatch(/aria-label="Page suivante"[^>]*href="\/admin\/contacts\?statut=new&amp;page=3"/);
    expect(html).toMatch(/aria-label="Page 2" aria-current="page"/);
    expect(html).toContain("51–100 sur 120");

    // Past the end: the last page, not an empty list; nonsense: the first page.
    const beyond = await load(contacts, "/admin/contacts?page=999");
    expect(firstNames(beyond)).toEqual(range(101, 120));
    expect(beyond.page).toMatchObject({ page: 3, total: 120 });
    for (const junk of ["0", "-2", "abc", "1e3", "99999999999999"]) {
      const page = await load(contacts, `/admin/contacts?page=${junk}`);
      expect((page.page as { page: number }).page, junk).toBeLessThanOrEqual(3);
      expect(firstNames(page).length).toBeGreaterThan(0);
    }
  });

  it("counts by status over everything, and the filtered total under a search", async () => {
    await seedRequests(60);
    await t.app.db.execute(
      sql`update contact_requests set status = 'contacted' where first_name in ('Personne1', 'Personne2')`,
    );
    const page = await load(contacts, "/admin/contacts?statut=contacted");
    expect(page.counts).toEqual({ new: 58, contacted: 2, converted: 0, closed: 0 });
    expect(page.page).toMatchObject({ total: 2, pageCount: 1 });
    const searched = await load(contacts, "/admin/contacts?q=personne1");
    // Personne1, Personne10…19
    expect((searched.page as { total: number }).total).toBe(11);
  });

  it("reads e-mail delivery states for the requests on the page only", async () => {
    const id = await storeRequest(
      t.app,
      { firstName: "Zoé", lastName: "Mail", email: "zoe@example.test", phone: "0612345678" },
      "message",
    );
    await seedRequests(60, sql`now() + g * interval '1 minute'`); // all newer than Zoé: she is on page 2
    const first = await load(contacts, "/admin/contacts");
    expect(first.mails).toEqual({});
    const second = await load(contacts, "/admin/contacts?page=2");
    expect(Object.keys(second.mails as object)).toEqual([id]);
  });

  it("finds accented and differently cased names in SQL, on the trigram index", async () => {
    await seedRequests(30);
    await storeRequest(
      t.app,
      { firstName: "Hélène", lastName: "Lefèvre", phone: "0612345678", formationInterest: "Comptabilité" },
      "callback",
    );
    for (const q of ["hélène", "HELENE", "Helene Lefevre", "LEFÈVRE", "comptabilite"]) {
      const page = await load(contacts, `/admin/contacts?q=${encodeURIComponent(q)}`);
      expect(firstNames(page), q).toEqual(["Hélène"]);
    }
    // A LIKE wildcard typed in the box is a character, not a pattern.
    expect(firstNames(await load(contacts, "/admin/contacts?q=%25"))).toEqual([]);

    // With sequential scans priced out, the planner takes the search index: it serves this query.
    const plan = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const match = searchMatch(
        "hélène",
        contactRequests.firstName,
        contactRequests.lastName,
        contactRequests.email,
        contactRequests.formationInterest,
      );
      return tx.execute(sql`explain select id from contact_requests where ${match}`);
    });
    expect(JSON.stringify(plan)).toContain("contact_requests_search_idx");
  });
});

describe(`other console lists paged and searched on the server, on ${DRIVER}`, () => {
  it("formations: 50 a page, accent-insensitive search, total under the filter", async () => {
    const now = Date.now();
    await makeFormations(
      t.app.db,
      Array.from({ length: 75 }, (_, i) => i + 1).map((g) => ({
        title: `Formation ${g}`,
        slug: `formation-${g}`,
        description: `Métier numéro ${g}`,
        formationType: g % 2 === 0 ? ("alternance" as const) : ("courte" as const),
        createdAt: new Date(now - g * 60_000),
      })),
    );
    const all = await load(formationsRoute, "/admin/formations?page=2");
    expect((all.formations as unknown[]).length).toBe((all.page as { total: number }).total - 50);
    const found = await load(formationsRoute, "/admin/formations?q=METIER%20NUMERO%207&type=courte");
    // 7, 71, 73, 75 are odd (courte); 70, 72, 74 are alternance.
    expect((found.formations as { title: string }[]).map((f) => f.title)).toEqual([
      "Formation 7",
      "Formation 71",
      "Formation 73",
      "Formation 75",
    ]);
    expect(found.page).toMatchObject({ total: 4, pageCount: 1 });
    const [newest] = await t.app.db
      .select({ title: formations.title })
      .from(formations)
      .orderBy(asc(formations.position), desc(formations.createdAt))
      .limit(1);
    // The console lists them in the catalogue's order: staff-set position, then newest first.
    const firstPage = await load(formationsRoute, "/admin/formations");
    expect((firstPage.formations as { title: string }[])[0]?.title).toBe(newest?.title);
  });
});

describe(`the CSV export streams, on ${DRIVER}`, () => {
  beforeEach(clearRequests);

  it("sends every row, newest first, in several chunks, even when many share a timestamp", async () => {
    // Three rows per microsecond: the batches must page on (created_at, id), not on a JS Date.
    const count = 2 * EXPORT_BATCH + 500;
    await seedRequests(count, sql`now() - (g / 3) * interval '1 microsecond'`);
    const response = (await contactsExport.loader(
      routeArgs(t, getRequest("/admin/contacts/export.csv", admin.cookie)),
    )) as Response;
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    // The header, then one chunk per batch: never the whole file at once.
    expect(chunks.length).toBe(1 + 3);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(Buffer.concat(chunks));
    expect(text.startsWith("\uFEFFDate;Prénom;Nom;")).toBe(true);
    const lines = text.slice(1).trim().split("\r\n");
    expect(lines).toHaveLength(count + 1);
    const expected = await t.app.db
      .select({ firstName: contactRequests.firstName })
      .from(contactRequests)
      .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id));
    expect(lines.slice(1).map((line) => line.split(";")[1])).toEqual(expected.map((r) => r.firstName));
    expect(new Set(lines).size).toBe(lines.length);
  });

  it("exports only the filtered rows", async () => {
    await seedRequests(1_500);
    await t.app.db
      .update(contactRequests)
      .set({ status: "closed" })
      .where(eq(contactRequests.firstName, "Personne1200"));
    const response = (await contactsExport.loader(
      routeArgs(t, getRequest("/admin/contacts/export.csv?statut=closed", admin.cookie)),
    )) as Response;
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(";Personne1200;Nom1200;");
    // The date as fr-FR shows it in Paris, whatever the server's zone (summer and winter time).
    const [row] = await t.app.db
      .select({ createdAt: contactRequests.createdAt })
      .from(contactRequests)
      .where(eq(contactRequests.firstName, "Personne1200"));
    const paris = new Intl.DateTimeFormat("fr-FR", {
      timeZone: "Europe/Paris",
      dateStyle: "short",
      timeStyle: "short",
    });
    expect(lines[1]?.split(";")[0]).toBe(paris.format(row?.createdAt));
    for (const instant of ["2026-01-15T23:30:00Z", "2026-07-01T22:05:00Z"]) {
      await t.app.db
        .update(contactRequests)
        .set({ createdAt: new Date(instant) })
        .where(eq(contactRequests.firstName, "Personne1200"));
      const again = (
        await (
          (await contactsExport.loader(
            routeArgs(t, getRequest("/admin/contacts/export.csv?statut=closed", admin.cookie)),
          )) as Response
        ).text()
      ).split("\r\n");
      expect(again[1]?.split(";")[0]).toBe(paris.format(new Date(instant)));
    }
  });
});

// PostgreSQL only: it seeds 70 000 rows in a second there; PGlite takes half a minute.
describe.runIf(DRIVER === "pg")("70 000 requests, on pg", () => {
  beforeEach(clearRequests);

  // The page once read the delivery state of every request with one bound parameter each: past
  // 65 535 the query failed and the page showed "Demandes de contact (0)".
  it("the contacts page lists the newest 50 of 70 000 with the right total", async () => {
    await seedRequests(70_000, sql`now() - g * interval '1 second'`);
    const page = await load(contacts, "/admin/contacts");
    expect(page.loadError).toBeNull();
    expect(firstNames(page)).toEqual(range(1, 50));
    expect(page.page).toEqual({ page: 1, pageCount: 1_400, total: 70_000, pageSize: 50 });
    const html = render(contacts, "/admin/contacts", page);
    expect(html).toContain(`Demandes de contact (${(70_000).toLocaleString("fr-FR")})`);
    const last = await load(contacts, "/admin/contacts?page=1400");
    expect(firstNames(last)).toEqual(range(69_951, 70_000));
    const oldest = await t.app.db
      .select({ firstName: contactRequests.firstName })
      .from(contactRequests)
      .orderBy(asc(contactRequests.createdAt))
      .limit(1);
    expect(oldest[0]?.firstName).toBe("Personne70000");
  });
});
