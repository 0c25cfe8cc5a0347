// A learner's agreement: a contrat de formation professionnelle when they pay personally (10-day
// withdrawal period, no payment before it ends), a convention with the company or funder otherwise
// (its party from the learner's record); the price from the formation, excluding and including VAT
// or with the exemption's mention as Paramètres says. Who pays is edited on the learner with French
// messages; a record that does not say is refused, never guessed. Generated for a preview
// (documents:generate), sent through the outbox with the PDF (documents:send), refused to a role-less
// account.
import { describe, expect, it } from "vitest";
import * as previewRoute from "~/routes/admin/learner-document-preview";
import { DRIVER } from "../support/db";
import { makeLearners, makeSlots } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { learnersPost, newSession, pdfText, settled } from "../support/learner-documents";
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

/** A paid formation (1 200,50 €) with two objectives, a session with two slots (7 h), two learners. */
async function seed(tag: string) {
  const [formation] = await rows<{ id: string; title: string }>(
    `update formations set price = 1200.50, pricing = 'payant',
       objectives = array['Créer un site WordPress', 'Publier des contenus accessibles']
     where id = (select id from formations order by position limit 1) returning id, title`,
  );
  const sessionId = await newSession(t, formation?.id);
  await makeSlots(t.app.db, [
    { sessionId, day: "2027-03-01", startMinute: 540, endMinute: 750 },
    { sessionId, day: "2027-03-02", startMinute: 810, endMinute: 1020 },
  ]);
  const [paying, funded, unknown] = await makeLearners(t.app.db, [
    {
      sessionId,
      firstName: "Élodie",
      lastName: `Martin-${tag}`,
      email: `elodie.${tag}@example.test`,
      fundingSource: "personal",
    },
    {
      sessionId,
      firstName: "Karim",
      lastName: `Benali-${tag}`,
      email: `karim.${tag}@example.test`,
      fundingSource: "opco",
      payerName: "Boulangerie Dupain",
      payerAddress: "3 place du Marché, 69002 Lyon",
      payerSiret: "123 456 789 00012",
      payerContactName: "Sophie Dupain",
      payerContactEmail: `rh.${tag}@dupain.test`,
    },
    {
      sessionId,
      firstName: "Inès",
      lastName: `Roux-${tag}`,
      email: `ines.${tag}@example.test`,
      fundingSource: null,
    },
  ]);
  if (!paying || !funded || !unknown) throw new Error("no learners");
  return { sessionId, formationTitle: formation?.title ?? "", paying, funded, unknown };
}

describe(`learner agreements on ${DRIVER}`, () => {
  it("a learner paying personally gets a contrat: withdrawal period, price with the VAT exemption, e-mailed with the PDF", async () => {
    const { formationTitle, paying } = await seed("a");
    expect(
      await post({ intent: "send-agreement", id: paying.id, requestKey: "click-agree-one" }),
    ).toMatchObject({ data: { ok: true } });
    const kept = await rows<{ kind: string; file_name: string; pdf: Uint8Array }>(
      "select kind, file_name, pdf from learner_documents where learner_id = $1",
      [paying.id],
    );
    expect(kept).toMatchObject([{ kind: "contrat", file_name: "contrat-martin-a-elodie.pdf" }]);
    const text = await pdfText(kept[0]?.pdf ?? new Uint8Array());
    expect(text).toContain("Contrat de formation professionnelle");
    expect(text).toContain("Élodie Martin-a");
    expect(text).toContain(formationTitle);
    expect(text).toContain("Créer un site WordPress");
    expect(text).toContain("du 1er au 12 mars 2027");
    expect(text).toMatch(/7\s?h de formation/);
    expect(text).toContain("12 rue des Lilas, Lyon");
    expect(text).toContain("délai de 10 jours pour se rétracter");
    expect(text).toContain("L. 6353-5");
    expect(text).toMatch(/1\s?200,50\s?€ net de taxe/);
    expect(text).toContain("TVA non applicable, article 261-4-4° a du CGI");
    expect(text).not.toContain("Convention de formation");

    await t.app.mail.drain();
    const [mail] = t.smtp.to(paying.email);
    expect(mail?.subject).toContain("Contrat de formation");
    expect(mail?.attachments.map((a) => a.filename)).toEqual(["contrat-martin-a-elodie.pdf"]);
  });

  it("a funded learner gets a convention with the payer; a centre liable to VAT prints excl. and incl. VAT; the payer's contact receives it too", async () => {
    const { funded } = await seed("b");
    await rows("update centre_settings set vat_status = 'liable'");
    try {
      expect(
        await post({ intent: "send-agreement", id: funded.id, requestKey: "click-agree-two" }),
      ).toMatchObject({ data: { ok: true } });
    } finally {
      await rows("update centre_settings set vat_status = 'exempt'");
    }
    const [kept] = await rows<{ kind: string; sent_to: string; pdf: Uint8Array }>(
      "select kind, sent_to, pdf from learner_documents where learner_id = $1",
      [funded.id],
    );
    expect(kept).toMatchObject({ kind: "convention", sent_to: `${funded.email}, rh.b@dupain.test` });
    const text = await pdfText(kept?.pdf ?? new Uint8Array());
    expect(text).toContain("Convention de formation professionnelle");
    expect(text).toContain("Boulangerie Dupain");
    expect(text).toContain("3 place du Marché, 69002 Lyon");
    expect(text).toContain("SIRET 123 456 789 00012");
    expect(text).toContain("Sophie Dupain");
    expect(text).toContain("Employeur ou OPCO");
    expect(text).toContain("Karim Benali-b");
    expect(text).toMatch(/Prix hors taxes\s?: 1\s?200,50\s?€/);
    expect(text).toMatch(/TVA \(20\s?%\)\s?: 240,10\s?€/);
    expect(text).toMatch(/Prix toutes taxes comprises\s?: 1\s?440,60\s?€/);
    expect(text).toContain("prorata temporis");
    expect(text).not.toContain("rétracter");

    await t.app.mail.drain();
    for (const to of [funded.email, "rh.b@dupain.test"]) {
      const [mail] = t.smtp.to(to);
      expect(mail?.subject, to).toContain("Convention de formation");
      expect(mail?.attachments.map((a) => a.filename)).toEqual(["convention-benali-b-karim.pdf"]);
    }
  });

  it("refuses, in French, a learner whose record does not say who pays; the session's button sends the others and says who is left", async () => {
    const { sessionId, unknown, paying, funded } = await seed("c");
    expect(await post({ intent: "send-agreement", id: unknown.id })).toMatchObject({
      init: { status: 400 },
      data: { toast: { description: expect.stringContaining("qui finance la formation") } },
    });
    expect(await rows("select 1 from learner_documents where learner_id = $1", [unknown.id])).toHaveLength(0);

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
      "select learner_id, kind from learner_documents where session_id = $1 order by kind::text",
      [sessionId],
    );
    expect(kinds).toEqual([
      { learner_id: paying.id, kind: "contrat" },
      { learner_id: funded.id, kind: "convention" },
    ]);
    // Clicked again: each agreement already sent, nothing more.
    expect(
      await post({ intent: "send-agreements", sessionId, requestKey: "click-agree-again" }),
    ).toMatchObject({ data: { toast: { title: "Aucune convention ni aucun contrat à envoyer" } } });
  });

  it("'Modifier' stores who pays, checks the payer in French, and drops the payer of a learner paying personally", async () => {
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

    expect(
      await post({
        ...base,
        fundingSource: "france_travail",
        payerName: "France Travail Lyon",
        payerAddress: "10 rue de la Part-Dieu, 69003 Lyon",
        payerSiret: "13000548100010",
        payerContactEmail: "conseil@francetravail.test",
      }),
    ).toMatchObject({ data: { ok: true } });
    expect(
      await rows("select funding_source, payer_name, payer_siret from learners where id = $1", [funded.id]),
    ).toEqual([
      {
        funding_source: "france_travail",
        payer_name: "France Travail Lyon",
        payer_siret: "130 005 481 00010",
      },
    ]);

    expect(
      await post({ ...base, fundingSource: "personal", payerName: "Reste du formulaire" }),
    ).toMatchObject({ data: { ok: true } });
    expect(
      await rows("select funding_source, payer_name, payer_contact_email from learners where id = $1", [
        funded.id,
      ]),
    ).toEqual([{ funding_source: "personal", payer_name: null, payer_contact_email: null }]);
  });

  it("'Aperçu' generates the document without keeping or sending it; a role-less account is refused", async () => {
    const { paying, unknown } = await seed("e");
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
