// A contact request's subject, appointment type and source, as staff read them: stored apart from
// the course, in French in the staff e-mail, the list and the CSV export.
import { readdirSync, readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactRequests } from "~/features/leads/schema.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import * as contactsRoute from "~/routes/admin/contacts";
import * as contactsExport from "~/routes/admin/contacts-export";
import * as callbackRoute from "~/routes/api/callback";
import * as contactRoute from "~/routes/site/contact";
import { DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, getRequest, routeArgs } from "../support/runtime";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");

const last = `Sujet${Date.now().toString(36)}`;

async function rowOf(lastName: string) {
  const [row] = await t.app.db.select().from(contactRequests).where(eq(contactRequests.lastName, lastName));
  if (!row) throw new Error(`no request from ${lastName}`);
  return row;
}

describe(`contact subject, appointment type and source on ${DRIVER}`, () => {
  it("stores them, and the staff e-mail, the console list and the CSV say them in French", async () => {
    const contact = {
      firstName: "Léa",
      lastName: `${last}a`,
      email: "lea.sujet@example.test",
      phone: "06 12 34 56 78",
      subject: "rdv",
      appointmentMode: "visio",
      formation: "",
      message: "Je voudrais un rendez-vous en visio.",
    };
    await contactRoute.action(routeArgs(t, formRequest("/contact", contact), {}, "203.0.113.7"));
    await callbackRoute.action(
      routeArgs(
        t,
        formRequest("/api/rappel", {
          firstName: "Noé",
          lastName: `${last}b`,
          phone: "06 98 76 54 32",
          source: "callback_course_page",
        }),
        {},
        "203.0.113.8",
      ),
    );
    expect(await rowOf(`${last}a`)).toMatchObject({
      subject: "rdv",
      appointmentMode: "visio",
      formationInterest: null,
      source: "contact_form",
    });
    const callback = await rowOf(`${last}b`);
    const [staffMail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.contactRequestId, callback.id));
    expect(staffMail?.text).toContain("Rappel – page formation");
    expect(staffMail?.text).not.toContain("callback course page");

    const list = await bodyOf(
      await contactsRoute.loader(routeArgs(t, getRequest(`/admin/contacts?q=${last}`, admin.cookie))),
    );
    expect(JSON.stringify(list)).toContain('"subject":"rdv"');

    const response = (await contactsExport.loader(
      routeArgs(t, getRequest(`/admin/contacts/export.csv?q=${last}`, admin.cookie)),
    )) as Response;
    const lines = new TextDecoder()
      .decode(new Uint8Array(await response.arrayBuffer()).slice(3))
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Date;Prénom;Nom;E-mail;Téléphone;Sujet;Formation;Message;Statut;Source;Rappel demandé;Type de rendez-vous;Consentement marketing",
    );
    const byName = (name: string) => lines.find((line) => line.includes(name)) ?? "";
    expect(byName(`${last}a`)).toContain(
      ";Prendre rendez-vous;;Je voudrais un rendez-vous en visio.;Nouvelle;Formulaire de contact;Oui;Visioconférence;Non",
    );
    expect(byName(`${last}b`)).toContain(";Nouvelle;Rappel – page formation;Oui;;Non");
  });

  it("the migration takes the subject out of the course column of requests stored before", async () => {
    const [old] = await t.app.db
      .insert(contactRequests)
      .values({ firstName: "Ana", lastName: `${last}c`, phone: "0611111111", subject: "financement" })
      .returning({ id: contactRequests.id });
    if (!old) throw new Error("not inserted");
    await t.app.db
      .update(contactRequests)
      .set({ formationInterest: "financement" })
      .where(eq(contactRequests.id, old.id));
    const [kept] = await t.app.db
      .insert(contactRequests)
      .values({
        firstName: "Ana",
        lastName: `${last}d`,
        phone: "0611111111",
        subject: "inscription",
        formationInterest: "TP Assistant Commercial",
      })
      .returning({ id: contactRequests.id });
    const file = readdirSync("drizzle").find((name) => name.endsWith("_contact_subject_apart.sql"));
    const migration = readFileSync(`drizzle/${file}`, "utf8");
    await t.app.db.execute(sql.raw(migration));
    expect((await rowOf(`${last}c`)).formationInterest).toBeNull();
    expect((await rowOf(`${last}d`)).formationInterest).toBe("TP Assistant Commercial");
    expect(kept).toBeDefined();
  });
});
