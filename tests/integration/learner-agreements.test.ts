// A learner's agreement, decided by who pays: a contrat de formation professionnelle when they pay
// personally (their address, 10-day withdrawal period, no payment before it ends, the consumer
// mediator), a convention with the company or funder otherwise (every learner that payer sends to the
// session, their number, the price per learner and in total), none for a training bought on Mon
// Compte Formation (CPF: the file's number is kept on the learner instead). Both print the trainers'
// qualifications the register (Formateurs) records, the programme annexed (attached to the e-mail) and the signatory
// Paramètres names, a blank block when none. The e-mail greets whom it goes to: the payer's contact
// for a convention, the learner for a contrat. Who pays is edited on the learner with French
// messages; a record that does not say is refused, never guessed. Generated for a preview
// (documents:generate), sent through the outbox (documents:send), refused to a role-less account.
import { beforeAll, describe, expect, it } from "vitest";
import * as previewRoute from "~/routes/admin/learner-document-preview";
import { DRIVER } from "../support/db";
import { makeLearners, makeSlots, makeTrainer } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { frenchTypographyFaults } from "../support/french-text";
import {
  documentFaults,
  learnersPost,
  newSession,
  pdfText,
  queuedMails,
  settled,
} from "../support/learner-documents";
import { queriesOn } from "../support/query";
import { getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);

const { rows } = queriesOn(t);

const post = learnersPost(t, moderator);

const preview = (learnerId: string, document: string, cookie = moderator.cookie) =>
  settled(() =>
    previewRoute.loader(
      routeArgs(t, getRequest(`/admin/stagiaires/${learnerId}/apercu/${document}`, cookie), {
        learnerId,
        document,
      }),
    ),
  );

const SIGNATORY = { name: "Claire Martin", title: "Directrice" };

// Paramètres as a centre fills them for its documents: who signs, its mediator; and the register's
// trainers, one with her qualification recorded, one without.
const register = { ada: "", alan: "" };
beforeAll(async () => {
  await rows(
    `update centre_settings set signatory_name = $1, signatory_title = $2, mediator_name = 'CM2C',
       mediator_website = 'www.cm2c.net'`,
    [SIGNATORY.name, SIGNATORY.title],
  );
  register.ada = (
    await makeTrainer(t.app.db, {
      firstName: "Ada",
      lastName: "Lovelace",
      qualification: "Ingénieure, 10 ans de développement web",
    })
  ).id;
  register.alan = (await makeTrainer(t.app.db, { firstName: "Alan", lastName: "Turing" })).id;
});

/**
 * A paid formation (1 200,50 €) with two objectives, a session with two slots (7 h, taught by Ada
 * Lovelace and Alan Turing), and its learners: Élodie pays personally, Karim and Lucie are sent by
 * the same bakery (its name typed twice differently), Inès has not said who pays, Noé bought the
 * training on Mon Compte Formation.
 */
async function seed(tag: string) {
  const [formation] = await rows<{ id: string; title: string; slug: string }>(
    `update formations set price = 1200.50, pricing = 'payant',
       objectives = array['Créer un site WordPress', 'Publier des contenus accessibles']
     where id = (select id from formations order by position limit 1) returning id, title, slug`,
  );
  const sessionId = await newSession(t, formation?.id);
  await makeSlots(t.app.db, [
    {
      sessionId,
      day: "2027-03-01",
      startMinute: 540,
      endMinute: 750,
      trainerId: register.ada,
      trainer: "Ada Lovelace",
    },
    {
      sessionId,
      day: "2027-03-02",
      startMinute: 810,
      endMinute: 1020,
      trainerId: register.alan,
      trainer: "Alan Turing",
    },
  ]);
  const bakery = {
    fundingSource: "opco" as const,
    payerAddress: "3 place du Marché, 69002 Lyon",
    payerSiret: "123 456 789 00012",
  };
  const [paying, funded, colleague, unknown, cpf] = await makeLearners(t.app.db, [
    {
      sessionId,
      firstName: "Élodie",
      lastName: `Martin-${tag}`,
      email: `elodie.${tag}@example.test`,
      fundingSource: "personal",
      address: "8 rue Victor Hugo, 69002 Lyon",
    },
    {
      sessionId,
      firstName: "Karim",
      lastName: `Benali-${tag}`,
      email: `karim.${tag}@example.test`,
      ...bakery,
      payerName: "Boulangerie Dupain",
      payerContactName: "Sophie Dupain",
      payerContactEmail: `rh.${tag}@dupain.test`,
    },
    {
      sessionId,
      firstName: "Lucie",
      lastName: `Colin-${tag}`,
      email: `lucie.${tag}@example.test`,
      ...bakery,
      payerName: " boulangerie dupain",
    },
    { sessionId, firstName: "Inès", lastName: `Roux-${tag}`, email: `ines.${tag}@example.test` },
    {
      sessionId,
      firstName: "Noé",
      lastName: `Girard-${tag}`,
      email: `noe.${tag}@example.test`,
      fundingSource: "cpf",
      cpfFileNumber: "12345678901",
    },
  ]);
  if (!paying || !funded || !colleague || !unknown || !cpf) throw new Error("no learners");
  return {
    sessionId,
    formationTitle: formation?.title ?? "",
    slug: formation?.slug ?? "",
    paying,
    funded,
    colleague,
    unknown,
    cpf,
  };
}

const keptOf = (learnerId: string) =>
  rows<{ kind: string; file_name: string; sent_to: string; request_key: string; pdf: Uint8Array }>(
    "select kind, file_name, sent_to, request_key, pdf from learner_documents where learner_id = $1",
    [learnerId],
  );

/** A file's name as a pattern, the line wrapped after any of its hyphens. */
const wrapped = (name: string) => name.split("-").join("-\\s?");

/** The attachments' names of a queued e-mail. */
const attachedNames = (mail: { attachments: unknown } | undefined) =>
  ((mail?.attachments ?? []) as { filename: string }[]).map((a) => a.filename);

describe(`learner agreements on ${DRIVER}`, () => {
  it("a learner paying personally gets a contrat: their address, the trainers' qualifications, the withdrawal period, the mediator, the named signatory, the programme attached; the e-mail greets them", async () => {
    const { formationTitle, slug, paying } = await seed("a");
    expect(
      await post({ intent: "send-agreement", id: paying.id, requestKey: "click-agree-one" }),
    ).toMatchObject({ data: { ok: true } });
    const kept = await keptOf(paying.id);
    expect(kept).toMatchObject([{ kind: "contrat", file_name: "contrat-martin-a-elodie.pdf" }]);
    const pdf = kept[0]?.pdf ?? new Uint8Array();
    const text = await pdfText(pdf);
    expect(text).toContain("Contrat de formation professionnelle");
    expect(text).toContain("Élodie Martin-a");
    expect(text).toContain("8 rue Victor Hugo, 69002 Lyon");
    expect(text).toContain(formationTitle);
    expect(text).toContain(
      "Nature de l'action : Action de formation (article L. 6313-1, 1° du Code du travail)",
    );
    expect(text).toContain("Créer un site WordPress");
    expect(text).toMatch(/Nombre de stagiaires\s?: 1 \(Élodie Martin-a\)/);
    expect(text).toContain("du 1er au 12 mars 2027");
    expect(text).toMatch(/7\s?h de formation/);
    expect(text).toContain("12 rue des Lilas, Lyon");
    expect(text).toContain("Ada Lovelace (Ingénieure, 10 ans de développement web), Alan Turing");
    expect(text).toMatch(
      new RegExp(`annexé au présent contrat \\(document joint : ${wrapped(`programme-${slug}`)}\\.pdf\\)`),
    );
    expect(text).toContain("délai de 10 jours pour se rétracter");
    expect(text).toContain("L. 6353-5");
    expect(text).toMatch(/premier versement d'au plus 30\s?% du prix/);
    expect(text).toContain("L. 6353-6");
    expect(text).toContain("L. 6353-7");
    expect(text).toContain("médiateur de la consommation");
    expect(text).toContain("CM2C · www.cm2c.net");
    expect(text).toMatch(/Prix par stagiaire\s?: 1\s?200,50\s?€ net de taxe/);
    expect(text).toContain("TVA non applicable, article 261-4-4° a du CGI");
    expect(text).toContain(`${SIGNATORY.name}, ${SIGNATORY.title}`);
    // A private person has no stamp: only the centre's block asks for one.
    expect(text).toContain("Date et signature, précédées de la mention manuscrite « lu et approuvé »");
    expect(text.match(/cachet/g)).toHaveLength(1);
    expect(text).not.toContain("Convention de formation");
    expect(documentFaults(pdf)).toEqual([]);

    const [mail] = await queuedMails(t, paying.email);
    expect(mail?.subject).toContain("Contrat de formation");
    expect(mail?.text.startsWith("Bonjour Élodie,")).toBe(true);
    expect(frenchTypographyFaults(`${mail?.subject}\n${mail?.text}`)).toEqual([]);
    expect(attachedNames(mail)).toEqual(["contrat-martin-a-elodie.pdf", `programme-${slug}.pdf`]);

    await t.app.mail.drain();
    const [received] = t.smtp.to(paying.email);
    expect(received?.attachments.map((a) => a.filename)).toEqual([
      "contrat-martin-a-elodie.pdf",
      `programme-${slug}.pdf`,
    ]);
    // The annex is the formation's programme.
    expect(await pdfText(Buffer.from(received?.attachments[1]?.content ?? "", "base64"))).toContain(
      formationTitle,
    );
  });

  it("a company's convention covers every learner it sends: their number, the price per learner and in total (liable to VAT), the programme annexed; it goes to the payer's contact, greeted by name; without a signatory the block is left blank", async () => {
    const { funded, colleague, slug } = await seed("b");
    await rows("update centre_settings set vat_status = 'liable', signatory_name = '', signatory_title = ''");
    try {
      expect(
        await post({ intent: "send-agreement", id: funded.id, requestKey: "click-agree-two" }),
      ).toMatchObject({ data: { ok: true } });
    } finally {
      await rows(
        "update centre_settings set vat_status = 'exempt', signatory_name = $1, signatory_title = $2",
        [SIGNATORY.name, SIGNATORY.title],
      );
    }
    const [kept] = await keptOf(funded.id);
    expect(kept).toMatchObject({ kind: "convention", sent_to: "rh.b@dupain.test" });
    // The colleague sent by the same bakery is covered by the same convention.
    expect(await keptOf(colleague.id)).toMatchObject([
      { kind: "convention", sent_to: "rh.b@dupain.test", request_key: "click-agree-two" },
    ]);
    const pdf = kept?.pdf ?? new Uint8Array();
    const text = await pdfText(pdf);
    expect(text).toContain("Convention de formation professionnelle");
    expect(text).toContain("Boulangerie Dupain");
    expect(text).toContain("3 place du Marché, 69002 Lyon");
    expect(text).toContain("SIRET 123 456 789 00012");
    expect(text).toContain("Contact : Sophie Dupain · rh.b@dupain.test");
    expect(text).toContain("Employeur ou OPCO");
    expect(text).toMatch(/Nombre de stagiaires\s?: 2 \(Karim Benali-b, Lucie Colin-b\)/);
    expect(text).toMatch(/Prix par stagiaire hors taxes\s?: 1\s?200,50\s?€/);
    expect(text).toMatch(/TVA \(20\s?%\) par stagiaire\s?: 240,10\s?€/);
    expect(text).toMatch(/Prix par stagiaire toutes taxes comprises\s?: 1\s?440,60\s?€/);
    expect(text).toMatch(
      /Prix total pour 2 stagiaires\s?: 2\s?401,00\s?€ hors taxes, 480,20\s?€ de TVA, 2\s?881,20\s?€ toutes taxes comprises/,
    );
    expect(text).toMatch(
      new RegExp(
        `annexé à la présente convention \\(document joint : ${wrapped(`programme-${slug}`)}\\.pdf\\)`,
      ),
    );
    expect(text).toContain("prorata temporis");
    expect(text).toContain("Pour le financeur : Boulangerie Dupain");
    // No signatory in Paramètres: a blank block, never a name of our own.
    expect(text.match(/Nom et qualité de la personne qui signe/g)).toHaveLength(2);
    expect(text).not.toContain(SIGNATORY.name);
    expect(text).not.toContain("rétracter");
    expect(documentFaults(pdf)).toEqual([]);

    const [mail] = await queuedMails(t, "rh.b@dupain.test");
    expect(mail?.kind).toBe("payer_convention");
    expect(mail?.text.startsWith("Bonjour Sophie Dupain,")).toBe(true);
    expect(mail?.text).not.toContain("Karim,");
    expect(mail?.text).toContain("pour 2 stagiaires (Karim Benali-b, Lucie Colin-b)");
    expect(frenchTypographyFaults(`${mail?.subject}\n${mail?.text}`)).toEqual([]);
    expect(attachedNames(mail)).toEqual(["convention-benali-b-karim.pdf", `programme-${slug}.pdf`]);
    // The convention is the payer's: the learners get none by e-mail.
    expect(await queuedMails(t, funded.email)).toEqual([]);
  });

  it("a payer without a contact address: the convention goes to the learner, greeted by name, to hand over", async () => {
    const { colleague } = await seed("f");
    expect(
      await post({ intent: "send-agreement", id: colleague.id, requestKey: "click-agree-three" }),
    ).toMatchObject({ data: { ok: true } });
    // Lucie's record names no contact at the bakery: nobody there is written to.
    expect(await queuedMails(t, "rh.f@dupain.test")).toEqual([]);
    const [mail] = await queuedMails(t, colleague.email);
    expect(mail?.kind).toBe("learner_convention");
    expect(mail?.text.startsWith("Bonjour Lucie,")).toBe(true);
    expect(mail?.text).toContain("merci de lui transmettre cette convention");
  });

  it("refuses, in French, a learner whose record does not say who pays and a CPF learner; the session's button sends the others, one convention per payer, and says who is left", async () => {
    const { sessionId, unknown, cpf, paying, funded, colleague } = await seed("c");
    expect(await post({ intent: "send-agreement", id: unknown.id })).toMatchObject({
      init: { status: 400 },
      data: { toast: { description: expect.stringContaining("qui finance la formation") } },
    });
    expect(await post({ intent: "send-agreement", id: cpf.id })).toMatchObject({
      init: { status: 400 },
      data: {
        toast: {
          description: expect.stringContaining("Mon Compte Formation (CPF) : ni convention ni contrat"),
        },
      },
    });
    expect(
      await rows("select 1 from learner_documents where learner_id in ($1, $2)", [unknown.id, cpf.id]),
    ).toHaveLength(0);

    expect(
      await post({ intent: "send-agreements", sessionId, requestKey: "click-agree-sess" }),
    ).toMatchObject({
      data: {
        ok: true,
        toast: {
          title: "2 conventions ou contrats envoyés",
          description: expect.stringContaining("1 stagiaire sans financement renseigné"),
        },
      },
    });
    const kinds = await rows<{ learner_id: string; kind: string }>(
      "select learner_id, kind from learner_documents where session_id = $1 order by kind::text, learner_id",
      [sessionId],
    );
    expect(kinds).toEqual(
      expect.arrayContaining([
        { learner_id: paying.id, kind: "contrat" },
        { learner_id: funded.id, kind: "convention" },
        { learner_id: colleague.id, kind: "convention" },
      ]),
    );
    expect(kinds).toHaveLength(3);
    // One convention for the bakery's two learners: one e-mail to its contact.
    expect(await queuedMails(t, "rh.c@dupain.test")).toHaveLength(1);
    // Clicked again: each agreement already sent, nothing more.
    expect(
      await post({ intent: "send-agreements", sessionId, requestKey: "click-agree-again" }),
    ).toMatchObject({ data: { toast: { title: "Aucune convention ni aucun contrat à envoyer" } } });
  });

  it("'Modifier' stores who pays and checks it in French: a payer's name and address, a contrat's address, a CPF file's number (no payer kept)", async () => {
    const { funded } = await seed("d");
    const base = {
      intent: "update",
      id: funded.id,
      firstName: "Karim",
      lastName: "Benali-d",
      email: "karim.d@example.test",
      status: "enrolled",
    };
    const refused = await post({ ...base, fundingSource: "opco", payerName: "", payerSiret: "12345" });
    expect(statusOf(refused)).toBe(400);
    expect(refused).toMatchObject({
      data: {
        errors: {
          payerName: "Indiquez l'entreprise ou le financeur qui paie la formation",
          payerAddress: "Indiquez l'adresse de l'entreprise ou du financeur",
          payerSiret: "Le SIRET doit compter 14 chiffres",
        },
      },
    });
    expect(statusOf(await post({ ...base, fundingSource: "mécène" }))).toBe(400);
    expect(await post({ ...base, fundingSource: "personal" })).toMatchObject({
      data: { errors: { address: "Indiquez l'adresse postale : elle figure sur le contrat de formation" } },
    });
    expect(await post({ ...base, fundingSource: "cpf", cpfFileNumber: "dossier 12" })).toMatchObject({
      data: {
        errors: {
          cpfFileNumber: "Le numéro de dossier Mon Compte Formation ne compte que des chiffres (6 à 15)",
        },
      },
    });

    expect(
      await post({
        ...base,
        fundingSource: "france_travail",
        payerName: "France Travail Lyon",
        payerAddress: "10 rue de la Part-Dieu, 69003 Lyon",
        payerSiret: "13000548100010",
        payerContactEmail: "conseil@francetravail.test",
        cpfFileNumber: "12345678",
      }),
    ).toMatchObject({ data: { ok: true } });
    expect(
      await rows(
        "select funding_source, payer_name, payer_siret, cpf_file_number from learners where id = $1",
        [funded.id],
      ),
    ).toEqual([
      {
        funding_source: "france_travail",
        payer_name: "France Travail Lyon",
        payer_siret: "130 005 481 00010",
        cpf_file_number: null,
      },
    ]);

    // Bought on Mon Compte Formation: the file's number kept, no payer asked nor kept.
    expect(
      await post({
        ...base,
        fundingSource: "cpf",
        cpfFileNumber: "123 456 789 01",
        payerName: "Reste du formulaire",
      }),
    ).toMatchObject({ data: { ok: true } });
    expect(
      await rows(
        "select funding_source, payer_name, payer_contact_email, cpf_file_number from learners where id = $1",
        [funded.id],
      ),
    ).toEqual([
      { funding_source: "cpf", payer_name: null, payer_contact_email: null, cpf_file_number: "12345678901" },
    ]);

    expect(
      await post({
        ...base,
        fundingSource: "personal",
        address: "5 quai Saint-Vincent, 69001 Lyon",
        payerName: "Reste du formulaire",
        cpfFileNumber: "12345678901",
      }),
    ).toMatchObject({ data: { ok: true } });
    expect(
      await rows("select funding_source, payer_name, address, cpf_file_number from learners where id = $1", [
        funded.id,
      ]),
    ).toEqual([
      {
        funding_source: "personal",
        payer_name: null,
        address: "5 quai Saint-Vincent, 69001 Lyon",
        cpf_file_number: null,
      },
    ]);
  });

  it("'Aperçu' generates the document without keeping or sending it, says why a CPF learner has no agreement; a role-less account is refused", async () => {
    const { paying, unknown, cpf } = await seed("e");
    const response = (await preview(paying.id, "convention-ou-contrat")) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(await pdfText(new Uint8Array(await response.arrayBuffer()))).toContain(
      "Contrat de formation professionnelle",
    );
    expect(((await preview(paying.id, "convocation")) as Response).status).toBe(200);
    expect(await rows("select 1 from learner_documents where learner_id = $1", [paying.id])).toHaveLength(0);

    const why = (await preview(unknown.id, "convention-ou-contrat")) as Response;
    expect(why.status).toBe(409);
    expect(await why.text()).toContain("qui finance la formation");
    const none = (await preview(cpf.id, "convention-ou-contrat")) as Response;
    expect(none.status).toBe(409);
    expect(await none.text()).toContain("l'achat suit les conditions générales de la plateforme");
    expect(((await preview(paying.id, "inconnu")) as Response).status).toBe(404);
    expect(((await preview("00000000-0000-4000-8000-000000000000", "convocation")) as Response).status).toBe(
      404,
    );

    const anonymous = await settled(() =>
      previewRoute.loader(
        routeArgs(t, getRequest(`/admin/stagiaires/${paying.id}/apercu/convocation`), {
          learnerId: paying.id,
          document: "convocation",
        }),
      ),
    );
    expect(statusOf(anonymous)).toBe(302);
    expect(statusOf(await preview(paying.id, "convention-ou-contrat", roleless.cookie))).toBe(403);
    expect(statusOf(await post({ intent: "send-agreement", id: paying.id }, roleless.cookie))).toBe(403);
    expect(statusOf(await post({ intent: "send-agreements", sessionId: "x" }, roleless.cookie))).toBe(403);
    expect(await rows("select 1 from learner_documents where learner_id = $1", [paying.id])).toHaveLength(0);
  });
});
