import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles } from "~/features/articles/schema.server";
import { formationAliases, formations } from "~/features/catalogue/schema.server";
import { seedDemo } from "~/features/demo/seed.server";
import { testimonials } from "~/features/testimonials/schema.server";
import { DRIVER } from "../support/db";
import { setUpTestApp } from "../support/fixture";

const t = setUpTestApp();

describe(`database on ${DRIVER}`, () => {
  it("seeds the five formations of the catalogue with their programme, testimonials and articles", async () => {
    const rows = await t.app.db.select().from(formations).orderBy(formations.title);
    expect(rows.map((f) => f.slug).sort()).toEqual([
      "bac-pro-logistique",
      "formation-developpeur-web",
      "formation-wordpress",
      "tp-assistant-commercial",
      "tp-assistant-ressources-humaines",
    ]);
    const rh = rows.find((f) => f.slug === "tp-assistant-ressources-humaines");
    expect(rh?.rncpCode).toBe("RNCP 35030");
    expect(rh?.program.map((m) => m.duration)).toEqual([
      "120\u00a0h",
      "150\u00a0h",
      "100\u00a0h",
      "80\u00a0h",
      "70\u00a0h",
    ]);
    const logistique = rows.find((f) => f.slug === "bac-pro-logistique");
    expect(logistique?.program.map((m) => `${m.duration}`)).toEqual([
      "80\u00a0h",
      "70\u00a0h",
      "60\u00a0h",
      "50\u00a0h",
      "40\u00a0h",
    ]);
    expect(logistique?.careerOpportunities).toHaveLength(5);
    const active = await t.app.db.select().from(testimonials).where(eq(testimonials.active, true));
    expect(active.length).toBeGreaterThanOrEqual(4);
    const published = await t.app.db.select().from(articles).where(eq(articles.published, true));
    expect(published.length).toBeGreaterThanOrEqual(4);
    expect(published.every((p) => p.category && p.content.includes("## "))).toBe(true);
    const aliases = await t.app.db.select().from(formationAliases);
    expect(aliases.map((a) => a.alias).sort()).toEqual([
      "assistant-commercial",
      "assistant-rh",
      "developpeur-web",
      "wordpress",
    ]);
  });

  it("seeds the demo only once, so a restart never overwrites staff edits", async () => {
    await t.app.db
      .update(formations)
      .set({ title: "Titre modifié" })
      .where(eq(formations.slug, "bac-pro-logistique"));
    expect(await seedDemo(t.app.db)).toBe(false);
    const [row] = await t.app.db.select().from(formations).where(eq(formations.slug, "bac-pro-logistique"));
    expect(row?.title).toBe("Titre modifié");
    const [count] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(formations);
    expect(count?.n).toBe(5);
  });

  it("enforces the rules in the database itself, not only in code", async () => {
    const db = t.app.db;
    const [formation] = await db.select().from(formations).limit(1);
    await expect(db.insert(testimonials).values({ name: "A", content: "B", rating: 6 })).rejects.toThrow();
    await expect(db.insert(testimonials).values({ name: "A", content: "B", rating: 0 })).rejects.toThrow();
    await expect(
      db.insert(formations).values({ title: "Doublon", slug: formation?.slug ?? "x", description: "d" }),
    ).rejects.toThrow();
    await expect(
      t.app.database.query("insert into formations (title, slug) values ('x', 'Pas Un Slug')"),
    ).rejects.toThrow();
    await expect(
      t.app.database.query(
        "insert into contact_requests (first_name, last_name, phone, status) values ('a', 'b', '0102030405', 'perdu')",
      ),
    ).rejects.toThrow();
    await expect(
      t.app.database.query("insert into user_roles (user_id, role) values ('nobody', 'admin')"),
    ).rejects.toThrow();
    await expect(
      t.app.database.query(
        "insert into formations (title, slug, formation_type) values ('x', 'x-type', 'longue')",
      ),
    ).rejects.toThrow();
  });

  it("turns testimonials into general ones when their formation is deleted", async () => {
    const db = t.app.db;
    const [formation] = await db
      .insert(formations)
      .values({ title: "Temp", slug: "temp-formation" })
      .returning();
    const [testimonial] = await db
      .insert(testimonials)
      .values({ name: "Léa", content: "Très bien", formationId: formation?.id })
      .returning();
    await db.delete(formations).where(eq(formations.id, formation?.id ?? ""));
    const [after] = await db
      .select()
      .from(testimonials)
      .where(eq(testimonials.id, testimonial?.id ?? ""));
    expect(after?.formationId).toBeNull();
  });
});
