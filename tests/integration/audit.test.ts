// Journal d'activité: the audit log, for administrators, filtered by person, kind of record and date;
// each entry names its record (never a person), says what changed (old → new for fields that are not
// personal) and links to the record while it exists; older entries are named by the migration.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type AuditChange, changeText, entryChanges } from "~/features/audit/changes";
import { formatIsoDay } from "~/platform/paris-time";
import * as detailsRoute from "~/routes/admin/application";
import * as auditRoute from "~/routes/admin/audit";
import * as formationsRoute from "~/routes/admin/formations";
import * as testimonialsRoute from "~/routes/admin/testimonials";
import { submitApplication } from "../support/candidate";
import { DRIVER } from "../support/db";
import { makeTestimonial } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, getRequest, routeArgs } from "../support/runtime";

let formationId = "";
const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");

const read = async (search: string, cookie = admin.cookie) => {
  const result = await auditRoute.loader(routeArgs(t, getRequest(`/admin/journal${search}`, cookie)));
  return bodyOf(result) as Promise<{
    total: number;
    entries: {
      action: string;
      entity: string;
      entityId: string;
      actorEmail: string;
      details: Record<string, unknown> | null;
      record: { name: string; href: string | null };
    }[];
    actors: string[];
  }>;
};

describe(`journal d'activité on ${DRIVER}`, () => {
  it("lists who changed which record, filtered by person, kind and day", async () => {
    const created = await formationsRoute.action(
      routeArgs(
        t,
        formRequest(
          "/admin/formations",
          {
            intent: "create",
            title: "Gestion de paie",
            formationType: "courte",
            duration: "2 mois",
            entryLevel: "niveau-4",
            pricing: "prise-en-charge",
            description: "Paie et déclarations.",
            // Not published: its edits are saved as they are, not as a draft (drafts.test.ts).
            active: "false",
          },
          admin.cookie,
        ),
      ),
    );
    expect(await bodyOf(created)).toMatchObject({ ok: true });

    formationId = (
      (
        await t.app.database.query<{ id: string }>(
          "select id from formations where title = 'Gestion de paie'",
        )
      )[0] ?? {
        id: "",
      }
    ).id;
    const all = await read("");
    expect(all.total).toBe(1);
    expect(all.entries[0]).toMatchObject({ action: "create", entity: "formation", actorEmail: admin.email });
    expect(all.actors).toEqual([admin.email]);

    const today = formatIsoDay(new Date());
    expect(
      (await read(`?personne=${encodeURIComponent(admin.email)}&type=formation&du=${today}&au=${today}`))
        .total,
    ).toBe(1);
    expect((await read("?type=blog_post")).total).toBe(0);
    expect((await read("?personne=quelqu.un@example.test")).total).toBe(0);
    expect((await read("?du=2099-01-01")).total).toBe(0);
    expect((await read("?au=2000-01-01")).total).toBe(0);
    // Unreadable filters are ignored rather than failing.
    expect((await read("?du=hier&type=inconnu&page=-3")).total).toBe(1);
  });

  it("names what changed in a formation, old → new, and links to it while it exists", async () => {
    const fields = {
      intent: "update",
      id: formationId,
      title: "Paie et social",
      formationType: "courte",
      duration: "2 mois",
      entryLevel: "niveau-4",
      pricing: "payant",
      description: "Paie et déclarations.",
      active: "false",
      price: "1490",
    };
    const saved = await formationsRoute.action(
      routeArgs(t, formRequest("/admin/formations", fields, admin.cookie)),
    );
    expect(await bodyOf(saved)).toMatchObject({ ok: true });

    const [entry] = (await read("?type=formation")).entries;
    expect(entry).toMatchObject({ action: "update", entityId: formationId });
    expect(entry?.record).toEqual({
      name: "Paie et social",
      href: `/admin/formations?q=${encodeURIComponent("Paie et social")}`,
    });
    const lines = entryChanges("formation", entry?.details ?? null).map((c) => changeText("formation", c));
    const plain = lines.map((l) => l.replaceAll("\u202f", " "));
    expect(plain).toContain("Titre : « Gestion de paie » → « Paie et social »");
    expect(plain).toContain("Prix (€) : « 0 » → « 1490 »");
    expect(plain).toContain("Tarif : « Sans frais pour l'apprenant » → « Payant »");
    // Only what changed: the duration was posted again, unchanged.
    expect(plain.some((l) => l.startsWith("Durée"))).toBe(false);

    // Deleted, the formation is still named by the entry, without a link.
    const removed = await formationsRoute.action(
      routeArgs(t, formRequest("/admin/formations", { intent: "delete", id: formationId }, admin.cookie)),
    );
    expect(await bodyOf(removed)).toMatchObject({ ok: true });
    const after = (await read("?type=formation")).entries;
    expect(after.map((e) => e.record)).toEqual([
      { name: "Paie et social", href: null },
      { name: "Paie et social", href: null },
      { name: "Gestion de paie", href: null },
    ]);
  });

  it("keeps no personal data: a candidature is named by its formation, session and reference; a testimonial by its reference", async () => {
    const candidate = {
      firstName: "Mélisande",
      lastName: "Quintard",
      email: "melisande.quintard@example.test",
      phone: "06 98 76 54 32",
    };
    const [session] = await t.app.database.query<{ id: string }>(
      `select s.id from formation_sessions s join formations f on f.id = s.formation_id
       where f.slug = 'tp-assistant-ressources-humaines' order by s.start_date limit 1`,
    );
    const id = await submitApplication(t, "tp-assistant-ressources-humaines", session?.id ?? "", candidate);
    const post = (fields: Record<string, string>) =>
      detailsRoute.action(
        routeArgs(t, formRequest(`/admin/candidatures/${id}`, { id, ...fields }, admin.cookie), { id }),
      );
    await post({ intent: "status", status: "reviewing", sendMail: "on", mailText: "Bonjour Mélisande" });
    await post({ intent: "note", body: "Mélisande Quintard rappelle jeudi au 06 98 76 54 32" });

    const testimonial = await makeTestimonial(t.app.db, {
      name: "Gaspard Vernier",
      content: "Très bien.",
      rating: 5,
    });
    const testimonialId = testimonial.id;
    const edited = await testimonialsRoute.action(
      routeArgs(
        t,
        formRequest(
          "/admin/temoignages",
          {
            intent: "update",
            id: testimonialId,
            name: "Gaspard Vernier-Lamy",
            content: "Très bien, je recommande.",
            rating: "4",
            formationId: "general",
            active: "true",
          },
          admin.cookie,
        ),
      ),
    );
    expect(await bodyOf(edited)).toMatchObject({ ok: true });

    const entries = (await read("")).entries;
    const application = entries.filter((e) => e.entity === "application");
    expect(application.map((e) => e.action)).toEqual(["note", "status"]);
    for (const e of application) {
      expect(e.record.name).toMatch(
        /^TP Assistant Ressources Humaines, session du \d{2}\/\d{2}\/\d{4} \(réf\. [0-9a-f]{8}\)$/,
      );
      expect(e.record.href).toBe(`/admin/candidatures/${id}`);
    }
    const status = entryChanges("application", application[1]?.details ?? null)[0] as AuditChange;
    expect(changeText("application", status).replaceAll("\u202f", " ")).toBe(
      "Statut : « Reçue » → « En cours d'étude »",
    );
    const review = entries.find((e) => e.entity === "testimonial");
    expect(review?.record).toEqual({
      name: `Témoignage (réf. ${testimonialId.slice(0, 8)})`,
      href: `/admin/temoignages?q=${encodeURIComponent("Gaspard Vernier-Lamy")}`,
    });
    const reviewLines = entryChanges("testimonial", review?.details ?? null).map((c) =>
      changeText("testimonial", c).replaceAll("\u202f", " "),
    );
    expect(reviewLines).toEqual(["Nom : modifié", "Témoignage : modifié", "Note : « 5 » → « 4 »"]);

    const stored = JSON.stringify(
      await t.app.database.query("select actor_email, entity_id, details from audit_log"),
    );
    for (const personal of [
      "Mélisande",
      "Quintard",
      candidate.email,
      candidate.phone,
      "rappelle jeudi",
      "Gaspard",
      "Vernier",
      "je recommande",
    ]) {
      expect(stored).not.toContain(personal);
    }
  });

  it("names older entries by migration, and drops the personal values they kept", async () => {
    const [session] = await t.app.database.query<{ id: string; formation_id: string; start_date: string }>(
      "select id, formation_id, to_char(start_date, 'YYYY-MM-DD') as start_date from formation_sessions limit 1",
    );
    const [application] = await t.app.database.query<{ id: string }>("select id from applications limit 1");
    const old = [
      ["application", application?.id, { from: "received", to: "reviewing", mailSent: false }],
      [
        "formation_session",
        session?.id,
        { formationId: session?.formation_id, startDate: session?.start_date },
      ],
      ["testimonial", "0badc0de-0000-4000-8000-000000000000", { name: "Rose Ancienne", active: true }],
      [
        "centre_settings",
        "1",
        { title: "Centre", changes: { referentPhone: { from: "01 11 11 11 11", to: "02 22 22 22 22" } } },
      ],
    ] as const;
    for (const [entity, id, details] of old) {
      await t.app.database.query(
        "insert into audit_log (actor_email, action, entity, entity_id, details, created_at) values ('ancien@centre.test', 'update', $1, $2, $3, '2020-01-01')",
        [entity, id, JSON.stringify(details)],
      );
    }
    const file = readdirSync("drizzle").find((name) => name.endsWith("_journal_record_titles.sql"));
    const migration = readFileSync(`drizzle/${file}`, "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) {
      await t.app.database.query(statement);
    }
    const entries = (await read("?personne=ancien%40centre.test")).entries;
    const byEntity = Object.fromEntries(entries.map((e) => [e.entity, e]));
    expect(byEntity.application?.record.name).toMatch(/^TP Assistant Ressources Humaines, session du /);
    expect(byEntity.formation_session?.record.href).toBe(
      `/admin/formations/${session?.formation_id}/sessions`,
    );
    expect(byEntity.formation_session?.record.name).toMatch(/, session du \d{2}\/\d{2}\/\d{4}$/);
    expect(byEntity.testimonial?.record).toEqual({ name: "Témoignage (réf. 0badc0de)", href: null });
    expect(byEntity.centre_settings?.record).toEqual({
      name: "Paramètres du centre",
      href: "/admin/parametres",
    });
    const stored = JSON.stringify(
      await t.app.database.query("select details from audit_log where actor_email = 'ancien@centre.test'"),
    );
    expect(stored).not.toContain("Rose");
    expect(stored).not.toContain("01 11 11 11 11");
    const settings = entryChanges("centre_settings", byEntity.centre_settings?.details ?? null);
    expect(settings.map((c) => changeText("centre_settings", c).replaceAll("\u202f", " "))).toEqual([
      "Téléphone du référent : modifié",
    ]);
  });

  it("is for administrators only", async () => {
    const refused = await auditRoute
      .loader(routeArgs(t, getRequest("/admin/journal", moderator.cookie)))
      .catch((e) => e);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
  });
});
