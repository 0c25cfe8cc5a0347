// Paramètres: the centre's identity in one row of the database, edited by administrators, read by
// moderators, validated and audited, and shown at once by the public pages (footer, legal notice,
// course pages, Qualiopi certificate) and used by the e-mails.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { accommodationRecipient } from "~/features/applications/intake.server";
import { auditLog } from "~/features/audit/schema.server";
import { formationSessions } from "~/features/catalogue/schema.server";
import { storeComplaint } from "~/features/complaints/intake.server";
import { complaints } from "~/features/complaints/schema.server";
import { storeRequest } from "~/features/leads/contact.server";
import { learners } from "~/features/learners/schema.server";
import { cachedCentreSettings, EMPTY_CENTRE, getCentreSettings } from "~/features/settings/centre.server";
import { centreSettings } from "~/features/settings/schema.server";
import { openPostgres } from "~/platform/db/client.server";
import { EventBus } from "~/platform/events.server";
import { createLogger } from "~/platform/logger.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import * as dashboard from "~/routes/admin/dashboard";
import * as layout from "~/routes/admin/layout";
import * as settingsRoute from "~/routes/admin/settings";
import { FUNDER_COMPLAINT } from "../support/complaint";
import { DRIVER } from "../support/db";
import { exe, pdf } from "../support/documents";
import { setUpHttpApp, setUpSignedIn } from "../support/fixture";
import { pdfText } from "../support/learner-documents";
import { BASE_URL, bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";
import { settingsForm } from "../support/settings";

const t = setUpHttpApp();
const admin = setUpSignedIn(t, "admin", { email: "admin@centre.test" });
const moderator = setUpSignedIn(t, "moderator");

/** The form as the screen posts it, from what is stored, with `changes` on top. */
const form = (changes: Record<string, string> = {}) => settingsForm(t.app.db, changes);

async function save(fields: Record<string, string>, cookie = admin.cookie) {
  try {
    return await settingsRoute.action(routeArgs(t, formRequest("/admin/parametres", fields, cookie)));
  } catch (thrown) {
    return thrown;
  }
}

function upload(bytes: Uint8Array, name = "certificat.pdf", cookie = admin.cookie) {
  const body = new FormData();
  body.set("intent", "certificate");
  body.set("certificate", new File([new Uint8Array(bytes)], name, { type: "application/pdf" }));
  const request = new Request(`${BASE_URL}/admin/parametres`, {
    method: "POST",
    headers: { origin: BASE_URL, cookie },
    body,
  });
  return settingsRoute.action(routeArgs(t, request)).catch((thrown: unknown) => thrown);
}

/** A public page as an anonymous visitor gets it (through the page cache). */
async function page(pathname: string) {
  const response = await fetch(`${t.base}${pathname}`);
  return { status: response.status, html: await response.text(), headers: response.headers };
}

const row = async () => (await t.app.db.select().from(centreSettings))[0];

describe(`Paramètres on ${DRIVER}`, () => {
  it("starts with the values the site printed, read by the pages and the e-mails", async () => {
    const s = await getCentreSettings(t.app.db);
    expect(s).toMatchObject({ name: "Centre de Formation Avenir", phone: "01 23 45 67 89" });
    // CONTACT_NOTIFY_EMAIL of the test configuration is the first lead recipient.
    expect(s.leadRecipient).toBe("equipe@centre.test");
    const legal = await page("/mentions-legales");
    expect(legal.html).toContain("11 75 12345 75");
    expect(legal.html).toContain("Cet enregistrement ne vaut pas agrément de l&#x27;État");
  });

  it("shows the form to a moderator, read only: saving is refused (403) and changes nothing", async () => {
    const loaded = await bodyOf(
      await settingsRoute.loader(routeArgs(t, getRequest("/admin/parametres", moderator.cookie))),
    );
    expect((loaded.settings as { name: string }).name).toBe("Centre de Formation Avenir");
    const before = await row();
    const refused = await save(await form({ phone: "01 99 99 99 99" }), moderator.cookie);
    expect(statusOf(refused)).toBe(403);
    const refusedUpload = await upload(pdf(), "c.pdf", moderator.cookie);
    expect(statusOf(refusedUpload)).toBe(403);
    expect(await row()).toEqual(before);
  });

  it("refuses bad input with French messages per field and changes nothing", async () => {
    const before = await row();
    const result = await save(
      await form({
        name: " ",
        siret: "123 456 789",
        email: "pas-une-adresse",
        phone: "abc",
        postalCode: "750",
        activityNumber: "12",
        referentEmail: "x@",
        qualiopiCategories: "Autre chose",
        qualiopiValidUntil: "31/12/2027",
      }),
    );
    expect(statusOf(result)).toBe(400);
    const body = await bodyOf(result);
    expect(body.toast).toMatchObject({
      type: "error",
      title: "Erreur lors de l'enregistrement des paramètres",
    });
    expect(body.errors).toMatchObject({
      name: "Ce champ est obligatoire",
      siret: "Le SIRET doit compter 14 chiffres",
      email: "Veuillez entrer une adresse e-mail valide",
      phone: "Veuillez entrer un numéro de téléphone valide",
      postalCode: "Le code postal doit compter 5 chiffres",
      activityNumber: "Le numéro de déclaration d'activité doit compter 11 chiffres",
      referentEmail: "Adresse e-mail invalide",
      qualiopiCategories: "Choisissez au moins une catégorie d'actions",
      qualiopiValidUntil: "Date invalide",
    });
    expect(await row()).toEqual(before);
  });

  it("saves an administrator's change, audits it, and the public pages show it on the next visit", async () => {
    // Cached copies of the pages first: the change must empty the cache.
    await page("/mentions-legales");
    expect((await page("/mentions-legales")).headers.get("x-cache")).toBe("HIT");
    const result = await save(await form({ phone: "01 98 76 54 32", siret: "98765432100034" }));
    expect(statusOf(result)).toBe(200);
    expect((await bodyOf(result)).toast).toMatchObject({ type: "success", title: "Paramètres enregistrés" });
    expect(await row()).toMatchObject({ phone: "01 98 76 54 32", siret: "987 654 321 00034" });

    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.entity, "centre_settings"));
    expect(entry).toMatchObject({ actorEmail: "admin@centre.test", action: "update", entityId: "1" });
    expect(entry?.details).toMatchObject({
      title: "Paramètres du centre",
      changes: expect.arrayContaining([
        { field: "siret", from: "123 456 789 00012", to: "987 654 321 00034" },
        { field: "phone", from: "01 23 45 67 89", to: "01 98 76 54 32" },
      ]),
    });

    const legal = await page("/mentions-legales");
    expect(legal.headers.get("x-cache")).toBeNull();
    expect(legal.html).toContain("Téléphone\u00a0: 01 98 76 54 32");
    expect(legal.html).toContain("SIRET\u00a0: 987 654 321 00034");
    const home = await page("/");
    expect(home.html).toContain('href="tel:+33198765432"');
    expect(home.html).not.toContain("01 23 45 67 89");

    // Saving the same values again writes nothing and leaves no second entry.
    await save(await form());
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.entity, "centre_settings"))).toHaveLength(
      1,
    );
  });

  it("sends lead notifications to the configured recipient and accommodation requests to the referent", async () => {
    const lead = {
      firstName: "Léa",
      lastName: "Martin",
      email: "lea@example.test",
      phone: "0612345678",
      message: "Bonjour",
    };
    const recipients = async (id: string) =>
      (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.contactRequestId, id)))
        .map((m) => m.to)
        .sort();
    // A request before the change: the form keeps the settings in memory from here on.
    const before = await storeRequest(t.app, lead, "message");
    expect(await recipients(before)).toEqual(["equipe@centre.test", "lea@example.test"]);
    await save(
      await form({
        leadRecipient: "accueil@centre.test",
        referentName: "Claire Petit",
        referentPhone: "01 11 22 33 44",
        referentEmail: "handicap@centre.test",
      }),
    );
    // The very next request goes to the new recipient: the save emptied the copy.
    const id = await storeRequest(t.app, lead, "message");
    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.contactRequestId, id));
    expect(await recipients(id)).toEqual(["accueil@centre.test", "lea@example.test"]);
    expect(mails.find((m) => m.to === "lea@example.test")?.text).toContain("01 98 76 54 32");
    const settings = await getCentreSettings(t.app.db);
    expect(accommodationRecipient(settings)).toBe("handicap@centre.test");
    // The referent on every course page.
    const course = await page("/formation/tp-assistant-commercial");
    expect(course.html).toContain("Référent handicap");
    expect(course.html).toContain("Claire Petit");
    expect(course.html).toContain("handicap@centre.test");
  });

  it("signs the next e-mails with a name changed in Paramètres, without a restart", async () => {
    await save(await form({ name: "Institut Horizon Formation" }));
    await storeRequest(
      t.app,
      {
        firstName: "Noé",
        lastName: "Petit",
        email: "noe@example.test",
        phone: "0612345678",
        message: "Bonjour",
      },
      "message",
    );
    await t.app.mail.drain();
    const [received] = t.smtp.to("noe@example.test");
    expect(/^From: (.*)$/im.exec(received?.raw ?? "")?.[1]).toContain("Institut Horizon Formation");
  });
});

describe(`Qualiopi certificate on ${DRIVER}`, () => {
  it("accepts only a PDF of 5 Mo at most, judged by its content, with French messages", async () => {
    const before = await row();
    const renamed = await upload(exe(), "certificat.pdf");
    expect(statusOf(renamed)).toBe(400);
    expect((await bodyOf(renamed)).errors).toEqual({ certificate: "Le certificat doit être un fichier PDF" });
    const large = await upload(pdf(5 * 1024 * 1024 + 1));
    expect([400, 413]).toContain(statusOf(large));
    expect(JSON.stringify(await bodyOf(large))).toContain("Le fichier ne doit pas dépasser 5 Mo");
    const empty = await upload(new Uint8Array(0), "vide.pdf");
    expect((await bodyOf(empty)).errors).toEqual({ certificate: "Le fichier est vide" });
    expect(await row()).toEqual(before);
    // No certificate yet: no mention, no file.
    expect((await page("/")).html).not.toContain("Certifié Qualiopi");
    expect((await page("/api/certificat-qualiopi.pdf")).status).toBe(404);
  });

  it("shows the mention site-wide while valid, never on course pages, and hides it once expired", async () => {
    const stored = await upload(pdf(2000), "Certificat Qualiopi 2025.pdf");
    expect(statusOf(stored)).toBe(200);
    await save(
      await form({
        qualiopiCertifier: "AFNOR Certification",
        qualiopiValidUntil: "2099-12-31",
        qualiopiCategories: "Actions de formation",
      }),
    );
    const home = await page("/");
    expect(home.html).toContain("Certifié Qualiopi par AFNOR Certification");
    expect(home.html).toContain(
      "La certification qualité a été délivrée au titre de la ou des catégories d&#x27;actions suivantes\u00a0: Actions de formation.",
    );
    expect(home.html).toContain('href="/api/certificat-qualiopi.pdf"');
    expect((await page("/notre-centre")).html).toContain("Certifié Qualiopi");
    const file = await fetch(`${t.base}/api/certificat-qualiopi.pdf`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toContain("attachment");
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    // The course page: not in its main content (the footer is site-wide).
    const course = (await page("/formation/tp-assistant-commercial")).html;
    expect(course.split("<footer")[0]).not.toContain("Qualiopi par");

    await t.app.db.update(centreSettings).set({ qualiopiValidUntil: "2020-01-31" });
    await t.app.events.publish({ table: "centre_settings", op: "update" });
    expect((await page("/")).html).not.toContain("Certifié Qualiopi");
    expect((await page("/notre-centre")).html).not.toContain("Certifié Qualiopi");
    expect((await page("/api/certificat-qualiopi.pdf")).status).toBe(404);
    const warning = "Le certificat Qualiopi a expiré le 31 janvier 2020";
    const screen = await bodyOf(
      await settingsRoute.loader(routeArgs(t, getRequest("/admin/parametres", admin.cookie))),
    );
    expect((screen.qualiopi as { message: string }).message).toContain(warning);
    const board = await bodyOf(await dashboard.loader(routeArgs(t, getRequest("/admin", moderator.cookie))));
    expect(board.qualiopiWarning).toContain(warning);
  });

  it("removes the certificate for an administrator only: audited, gone from the public pages at once; a second removal is a French 400", async () => {
    await save(await form({ qualiopiValidUntil: "2099-12-31" }));
    expect(statusOf(await upload(pdf(3000), "Mauvais fichier.pdf"))).toBe(200);
    // Cached copies of the pages that show the mention: the removal must empty the cache.
    for (const path of ["/", "/notre-centre"]) {
      await page(path);
      const cached = await page(path);
      expect(cached.headers.get("x-cache")).toBe("HIT");
      expect(cached.html).toContain("Certifié Qualiopi");
    }
    const remove = (cookie = admin.cookie) => save({ intent: "delete-certificate" }, cookie);
    const auditEntries = () => t.app.db.select().from(auditLog).where(eq(auditLog.entity, "centre_settings"));
    const entriesBefore = (await auditEntries()).length;

    const before = await row();
    expect(statusOf(await remove(moderator.cookie))).toBe(403);
    expect(await row()).toEqual(before);
    expect(await auditEntries()).toHaveLength(entriesBefore);
    expect((await page("/api/certificat-qualiopi.pdf")).status).toBe(200);

    const removed = await remove();
    expect(statusOf(removed)).toBe(200);
    expect((await bodyOf(removed)).toast).toEqual({ type: "success", title: "Certificat supprimé" });
    expect(await row()).toMatchObject({
      certificateName: null,
      certificateSize: null,
      certificateUploadedAt: null,
      certificateContent: null,
      // The rest of the Qualiopi settings stay, ready for the next certificate.
      qualiopiCertifier: "AFNOR Certification",
      qualiopiValidUntil: "2099-12-31",
    });
    const entries = await auditEntries();
    expect(entries).toHaveLength(entriesBefore + 1);
    const removal = entries.filter((e) => e.details?.title === "Certificat Qualiopi supprimé");
    expect(removal).toHaveLength(1);
    expect(removal[0]).toMatchObject({
      actorEmail: "admin@centre.test",
      action: "update",
      entityId: "1",
      details: {
        title: "Certificat Qualiopi supprimé",
        certificate: { fileName: "Mauvais fichier.pdf", size: 3000 },
      },
    });

    for (const path of ["/", "/notre-centre"]) {
      const after = await page(path);
      expect(after.headers.get("x-cache")).toBeNull();
      expect(after.html).not.toContain("Certifié Qualiopi");
      expect(after.html).not.toContain("/api/certificat-qualiopi.pdf");
    }
    expect((await page("/api/certificat-qualiopi.pdf")).status).toBe(404);
    const screen = await bodyOf(
      await settingsRoute.loader(routeArgs(t, getRequest("/admin/parametres", admin.cookie))),
    );
    expect((screen.settings as { certificate: unknown }).certificate).toBeNull();

    // Nothing left to remove: a French refusal, no entry, nothing changed.
    const cleared = await row();
    const again = await remove();
    expect(statusOf(again)).toBe(400);
    expect((await bodyOf(again)).toast).toEqual({
      type: "error",
      title: "Erreur lors de la suppression du certificat",
      description: "Aucun certificat n'est enregistré : il n'y a rien à supprimer.",
    });
    expect(await row()).toEqual(cleared);
    expect(await auditEntries()).toHaveLength(entriesBefore + 1);
  });

  it("gives the visitor the page, not an error, and no invented identity when the settings cannot be read", async () => {
    await save(await form({ phone: "01 98 76 54 32" }));
    expect((await page("/mentions-legales")).html).toContain("01 98 76 54 32");
    // The table disappears for the length of one visit (renamed back afterwards). A cookie keeps the
    // page cache out of it, as for a signed-in visitor.
    await t.app.db.execute(sql.raw("alter table centre_settings rename to centre_settings_away"));
    let response: Response;
    let html: string;
    try {
      response = await fetch(`${t.base}/mentions-legales`, { headers: { cookie: "visite=1" } });
      html = await response.text();
    } finally {
      await t.app.db.execute(sql.raw("alter table centre_settings_away rename to centre_settings"));
    }
    expect(response.status).toBe(200);
    expect(html).toContain("Mentions légales");
    // A blank centre: neither the values it could not read nor the demonstration centre's.
    expect(html).not.toContain("01 98 76 54 32");
    expect(html).not.toContain("01 23 45 67 89");
    expect(html).not.toContain("11 75 12345 75");
  });
});

describe(`Paramètres for a new centre of any kind on ${DRIVER}`, () => {
  /** A centre nobody has described yet, as a start without demo data leaves it. */
  const blankCentre = () =>
    t.app.db.update(centreSettings).set({ ...EMPTY_CENTRE, certificateName: null, certificateSize: null });
  const screen = async () =>
    bodyOf(await settingsRoute.loader(routeArgs(t, getRequest("/admin/parametres", admin.cookie))));

  it("saves every valid field of a partial form, says in French what is left, and keeps the set-up checklist", async () => {
    await blankCentre();
    const entries = async () =>
      (await t.app.db.select().from(auditLog).where(eq(auditLog.entity, "centre_settings"))).length;
    const before = await entries();
    const result = await save(
      await form({ name: "Forma Rhône", phone: "04 72 00 00 00", email: "pas-une-adresse" }),
    );
    expect(statusOf(result)).toBe(200);
    const body = await bodyOf(result);
    expect(body.toast).toMatchObject({ type: "success", title: "Paramètres enregistrés en partie" });
    const toast = body.toast as { description: string };
    expect(toast.description).toContain("Restent à compléter ou à corriger");
    for (const label of ["Forme juridique", "SIRET", "Adresse", "E-mail", "Hébergeur"]) {
      expect(toast.description).toContain(label);
    }
    expect(body.errors).toMatchObject({
      legalForm: "Ce champ est obligatoire",
      siret: "Ce champ est obligatoire",
      email: "Veuillez entrer une adresse e-mail valide",
    });
    // What a new centre may leave empty is not asked for.
    const errors = body.errors as Record<string, string>;
    for (const optional of [
      "shareCapital",
      "activityNumber",
      "activityRegion",
      "qualiopiCategories",
      "rcs",
    ]) {
      expect(errors[optional]).toBeUndefined();
    }
    // The valid fields are stored; the invalid one is not (the screen keeps what was typed).
    expect(await row()).toMatchObject({ name: "Forma Rhône", phone: "04 72 00 00 00", email: "" });
    expect(await entries()).toBe(before + 1);
    const board = await bodyOf(await dashboard.loader(routeArgs(t, getRequest("/admin", admin.cookie))));
    const setup = board.setup as { label: string; done: boolean }[];
    expect(setup.filter((step) => !step.done).map((step) => step.label)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("Identité du centre"),
        expect.stringContaining("SIRET"),
      ]),
    );
    // The same partial form again changes nothing: refused with the same messages, nothing written.
    const again = await save(await form({ email: "pas-une-adresse" }));
    expect(statusOf(again)).toBe(400);
    expect((await bodyOf(again)).errors).toMatchObject({
      email: "Veuillez entrer une adresse e-mail valide",
    });
    expect(await entries()).toBe(before + 1);
  });

  /** The whole identity of an association awaiting its declaration number, not certified. */
  const association = {
    name: "Forma Rhône",
    legalForm: "Association loi 1901",
    shareCapital: "0",
    siret: "12345678900012",
    street: "3 quai Rambaud",
    postalCode: "69002",
    city: "Lyon",
    phone: "04 72 00 00 00",
    email: "contact@forma-rhone.test",
    openingHours: "Lundi – vendredi : 9 h – 17 h",
    publicationDirector: "Anne Roux",
    host: "OVHcloud, 2 rue Kellermann, 59100 Roubaix",
    activityNumber: "",
    activityRegion: "",
    qualiopiCategories: "",
  };

  it("an association has no capital and a centre awaiting its number says so: pages and the programme PDF", async () => {
    await blankCentre();
    const saved = await save(await form(association));
    expect(statusOf(saved)).toBe(200);
    expect((await bodyOf(saved)).toast).toEqual({ type: "success", title: "Paramètres enregistrés" });
    // The '0' typed for an association is not kept: it has no capital to print.
    expect(await row()).toMatchObject({
      legalForm: "Association loi 1901",
      shareCapital: "",
      activityNumber: "",
    });
    for (const path of ["/mentions-legales", "/notre-centre", "/"]) {
      const { html } = await page(path);
      expect(html).not.toContain("au capital");
      expect(html).toContain("Déclaration d&#x27;activité en cours d&#x27;enregistrement");
      expect(html).not.toContain("ne vaut pas agrément");
      expect(html).not.toMatch(/numéro\s*(·|\.|\()/);
    }
    expect((await page("/mentions-legales")).html).toContain(
      "Le site est édité par Forma Rhône, Association loi 1901.",
    );
    const programme = await fetch(`${t.base}/formation/tp-assistant-commercial/programme.pdf`);
    expect(programme.status).toBe(200);
    const text = await pdfText(new Uint8Array(await programme.arrayBuffer()));
    expect(text).toContain("Déclaration d'activité en cours d'enregistrement");
    expect(text).not.toContain("ne vaut pas agrément");
    expect(text).not.toContain("Qualiopi");

    // A company prints its capital, and a number brings the legal sentence back.
    await save(
      await form({
        legalForm: "SAS",
        shareCapital: "5 000 €",
        activityNumber: "84691234569",
        activityRegion: "",
      }),
    );
    expect(await row()).toMatchObject({ shareCapital: "5 000 €", activityNumber: "84 69 12345 69" });
    const refused = await save(await form({ shareCapital: "" }));
    expect((await bodyOf(refused)).errors).toMatchObject({
      shareCapital: "Indiquez le capital social de la société (par exemple : 5 000 €)",
    });
    await save(await form({ activityRegion: "Auvergne-Rhône-Alpes" }));
    const legal = (await page("/mentions-legales")).html;
    expect(legal).toContain("Forma Rhône, SAS au capital de 5 000 €");
    expect(legal).toContain(
      "Déclaration d&#x27;activité enregistrée sous le numéro 84 69 12345 69 auprès du préfet de région d&#x27;Auvergne-Rhône-Alpes. Cet enregistrement ne vaut pas agrément de l&#x27;État.",
    );
    expect(legal).not.toContain("en cours d&#x27;enregistrement");
  });

  it("the footer and the legal notice say the centre is exempt from VAT only when Paramètres says so", async () => {
    const notice = "Organisme exonéré de TVA (article 261-4-4° a du CGI).";
    await save(await form({ vatStatus: "liable" }));
    for (const path of ["/", "/mentions-legales"])
      expect((await page(path)).html).not.toContain("exonéré de TVA");
    await save(await form({ vatStatus: "exempt" }));
    for (const path of ["/", "/mentions-legales"]) expect((await page(path)).html).toContain(notice);
  });

  it("a centre without Qualiopi is never said certified: no category, no mention anywhere, no certificate", async () => {
    await blankCentre();
    await save(await form(association));
    // A certificate file and a date, but no category: not a certification the site may claim.
    expect(statusOf(await upload(pdf(2000), "certificat.pdf"))).toBe(200);
    await save(await form({ qualiopiValidUntil: "2099-12-31", qualiopiCertifier: "AFNOR Certification" }));
    for (const path of ["/", "/notre-centre", "/formation/tp-assistant-commercial", "/mentions-legales"]) {
      expect((await page(path)).html).not.toContain("Qualiopi");
    }
    expect((await page("/api/certificat-qualiopi.pdf")).status).toBe(404);
    expect(((await screen()).qualiopi as { shown: boolean }).shown).toBe(false);
    // With a category the mention comes back.
    await save(await form({ qualiopiCategories: "Actions de formation" }));
    expect((await page("/")).html).toContain("Certifié Qualiopi par AFNOR Certification");
    expect((await page("/api/certificat-qualiopi.pdf")).status).toBe(200);
  });

  it.runIf(DRIVER === "pg")("another instance's kept settings follow a save made on this one", async () => {
    const url = t.database.url;
    if (!url) throw new Error("the pg run has a database URL");
    const other = await openPostgres(url);
    const events = new EventBus(other, createLogger({ production: true, level: "silent" }));
    try {
      await events.start();
      const instance = { db: other.db, events };
      const before = (await cachedCentreSettings(instance)).leadRecipient;
      const next = before === "leads@centre.test" ? "accueil@centre.test" : "leads@centre.test";
      await save(await form({ leadRecipient: next }));
      // Heard through NOTIFY: well before the copy's own 30 s expiry.
      await vi.waitFor(async () => expect((await cachedCentreSettings(instance)).leadRecipient).toBe(next));
    } finally {
      await other.close();
    }
  });

  it("complaints go to their own recipient when one is set, else to the leads' recipient", async () => {
    const complaint = FUNDER_COMPLAINT;
    const notified = async () => {
      const reference = await storeComplaint(t.app, complaint);
      const [stored] = await t.app.db.select().from(complaints).where(eq(complaints.reference, reference));
      const mails = await t.app.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.complaintId, stored?.id ?? ""));
      return mails.filter((m) => m.to !== complaint.email).map((m) => m.to);
    };
    await save(await form({ leadRecipient: "accueil@centre.test", complaintRecipient: "" }));
    expect(await notified()).toEqual(["accueil@centre.test"]);
    const bad = await save(await form({ complaintRecipient: "qualite@" }));
    expect((await bodyOf(bad)).errors).toEqual({
      complaintRecipient: "Veuillez entrer une adresse e-mail valide",
    });
    await save(await form({ complaintRecipient: "qualite@centre.test" }));
    expect(await notified()).toEqual(["qualite@centre.test"]);
  });

  it("keeps learners 5 years after their session by default, as the privacy policy says; Paramètres changes it", async () => {
    expect((await getCentreSettings(t.app.db)).learnerRetentionMonths).toBe(60);
    const policy = async () => (await page("/politique-confidentialite")).html;
    expect(await policy()).toContain("est anonymisé 5 ans après la fin de votre session");
    // The refused applications keep their own, shorter period (APPLICATION_RETENTION_MONTHS).
    expect(await policy()).toContain("supprimée automatiquement, avec son CV");
    expect(await policy()).toContain("24 mois après cette décision");

    const [session] = await t.app.db.select({ id: formationSessions.id }).from(formationSessions).limit(1);
    const [learner] = await t.app.db
      .insert(learners)
      .values({
        sessionId: session?.id ?? "",
        origin: "manual",
        firstName: "Lina",
        lastName: "Moreau",
        email: "lina@example.test",
      })
      .returning({ id: learners.id, sessionId: learners.sessionId });
    if (!learner) throw new Error("no learner to keep");
    // The session ended four years ago: within five years, past three.
    await t.app.db
      .update(formationSessions)
      .set({
        startDate: sql`(current_date - interval '50 months')::date`,
        endDate: sql`(current_date - interval '48 months')::date`,
      })
      .where(eq(formationSessions.id, learner.sessionId));
    const kept = async () =>
      (await t.app.db.select().from(learners).where(eq(learners.id, learner.id)))[0]?.anonymisedAt ?? null;
    await t.app.retention.runOnce();
    expect(await kept()).toBeNull();

    const refused = await save(await form({ learnerRetentionMonths: "6" }));
    expect((await bodyOf(refused)).errors).toEqual({
      learnerRetentionMonths: "Indiquez un nombre entier de mois, de 12 à 240",
    });
    await save(await form({ learnerRetentionMonths: "36" }));
    expect(await policy()).toContain("est anonymisé 3 ans après la fin de votre session");
    await t.app.retention.runOnce();
    expect(await kept()).not.toBeNull();
  });

  it("the console's sidebar names the centre from Paramètres, and nothing invented before", async () => {
    const sidebar = async () =>
      (await bodyOf(await layout.loader(routeArgs(t, getRequest("/admin", moderator.cookie))))).centreName;
    await blankCentre();
    expect(await sidebar()).toBe("");
    await save(await form({ name: "Forma Rhône" }));
    expect(await sidebar()).toBe("Forma Rhône");
    const html = await (await fetch(`${t.base}/admin`, { headers: { cookie: moderator.cookie } })).text();
    expect(html).toContain("Forma Rhône");
    expect(html).not.toContain("Centre Avenir");
  });
});
