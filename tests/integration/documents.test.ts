// A learner's convocation: generated as a PDF from the records (learner, formation, session dates,
// timetable by day, centre from Paramètres), kept with its date, e-mailed through the outbox with
// the PDF attached, never twice for one click; the session's button convokes each learner once;
// a role-less account is refused and changes nothing; staff download the kept PDF. The règlement
// intérieur written in Paramètres goes with it as a second PDF; while there is none, the
// convocation says nothing of it and Stagiaires warns staff.

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { attendanceCode, codeText } from "~/features/attendance/index.server";
import { media } from "~/features/media/schema.server";
import * as documentRoute from "~/routes/admin/learner-document";
import * as previewRoute from "~/routes/admin/learner-document-preview";
import * as listRoute from "~/routes/admin/learners";
import * as mediaRoute from "~/routes/admin/media";
import * as settingsRoute from "~/routes/admin/settings";
import { DRIVER } from "../support/db";
import { makeLearners, makeSlots } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import {
  documentFaults,
  learnersPost,
  newSession,
  pdfImageCount,
  pdfText,
  queuedMails,
  settled,
} from "../support/learner-documents";
import { queriesOn } from "../support/query";
import { bodyOf, fileRequest, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";
import { settingsForm } from "../support/settings";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);

const { rows } = queriesOn(t);

const post = learnersPost(t, moderator);

/** A session of its own (2027-03-01 → 2027-03-12), two slots on its first day, two learners. */
async function seed(tag: string) {
  const [formation] = await rows<{ id: string; title: string }>(
    "select id, title from formations order by position limit 1",
  );
  const sessionId = await newSession(t, formation?.id);
  await makeSlots(t.app.db, [
    {
      sessionId,
      day: "2027-03-01",
      startMinute: 540,
      endMinute: 750,
      place: "Salle Turing",
      trainer: "Ada Lovelace",
    },
    { sessionId, day: "2027-03-01", startMinute: 810, endMinute: 1020, place: "Salle Turing", trainer: null },
  ]);
  const learners = await makeLearners(t.app.db, [
    { sessionId, firstName: "Élodie", lastName: `Martin-${tag}`, email: `elodie.${tag}@example.test` },
    { sessionId, firstName: "Karim", lastName: `Benali-${tag}`, email: `karim.${tag}@example.test` },
  ]);
  return { sessionId, formationTitle: formation?.title ?? "", learners };
}

describe(`learner convocations on ${DRIVER}`, () => {
  it("sends one learner's convocation: the PDF names the learner, dates and slots, the e-mail carries it, once per click", async () => {
    const { formationTitle, learners } = await seed("a");
    const [elodie] = learners;
    if (!elodie) throw new Error("no learner");
    const click = { intent: "send-convocation", id: elodie.id, requestKey: "click-0000-one" };
    expect(await post(click)).toMatchObject({ data: { ok: true } });
    // The same click posted again (a retry, another instance): nothing more is kept or sent.
    expect(await post(click)).toMatchObject({ data: { ok: true } });
    const kept = await rows<{ id: string; kind: string; sent_to: string; sent_at: unknown; pdf: Uint8Array }>(
      "select id, kind, sent_to, sent_at, pdf from learner_documents where learner_id = $1",
      [elodie.id],
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ kind: "convocation", sent_to: elodie.email });
    expect(kept[0]?.sent_at).toBeTruthy();

    const text = await pdfText(kept[0]?.pdf ?? new Uint8Array());
    expect(text).toContain("Convocation");
    expect(text).toContain("Élodie Martin-a");
    expect(text).toContain(formationTitle);
    expect(text).toContain("du 1er au 12 mars 2027");
    expect(text).toMatch(/lundi 1er mars 2027/);
    expect(text).toMatch(/9\s?h – 12\s?h 30 · Salle Turing/);
    expect(text).toMatch(/13\s?h 30 – 17\s?h/);
    expect(text).toContain("Ada Lovelace");
    expect(text).toContain("12 rue des Lilas, Lyon");
    // No règlement intérieur in Paramètres yet: the convocation says nothing of it.
    expect(text).not.toContain("Règlement intérieur");
    // The learner is known: greeted by name, the trainer named without 'formateur·rice'.
    expect(text).toContain("Bonjour Élodie Martin-a,");
    expect(text).not.toContain("Madame, Monsieur");
    expect(text).toContain("avec Ada Lovelace");
    expect(text).toContain("Accessibilité et handicap");
    // How to sign in the room: the QR code shown there, then the learner's own code (the one the
    // room's page accepts for her, the same for every slot).
    expect(text).toContain("scannez avec votre téléphone le QR code affiché dans la salle");
    expect(text).toContain(
      `Votre code d'émargement : ${codeText(attendanceCode(t.app.config.authSecret, elodie.id))}`,
    );
    expect(documentFaults(kept[0]?.pdf ?? new Uint8Array())).toEqual([]);
    const [queued] = await queuedMails(t, elodie.email);
    expect(queued?.text.startsWith("Bonjour Élodie,")).toBe(true);

    await t.app.mail.drain();
    const mails = t.smtp.to(elodie.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("Convocation");
    expect(mails[0]?.attachments).toHaveLength(1);
    expect(mails[0]?.body).not.toContain("règlement intérieur");
    const attachment = mails[0]?.attachments[0];
    expect(attachment).toMatchObject({
      filename: "convocation-martin-a-elodie.pdf",
      contentType: "application/pdf",
    });
    expect(await pdfText(Buffer.from(attachment?.content ?? "", "base64"))).toContain("Élodie Martin-a");

    // A new click sends it again (the timetable may have changed).
    expect(await post({ ...click, requestKey: "click-0000-two" })).toMatchObject({ data: { ok: true } });
    expect(await rows("select 1 from learner_documents where learner_id = $1", [elodie.id])).toHaveLength(2);

    // Staff download the kept document.
    const response = (await documentRoute.loader(
      routeArgs(t, getRequest(`/admin/stagiaires/documents/${kept[0]?.id}`, moderator.cookie), {
        documentId: kept[0]?.id ?? "",
      }),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain("convocation-martin-a-elodie.pdf");

    // The list shows it with its date.
    const list = (await listRoute.loader(
      routeArgs(t, getRequest("/admin/stagiaires?q=Martin-a", moderator.cookie)),
    )) as { documents: Record<string, { kind: string }[]> };
    expect(list.documents[elodie.id]?.map((d) => d.kind)).toEqual(["convocation", "convocation"]);
  });

  it("'Envoyer les convocations' convokes each learner of the session once, even clicked twice", async () => {
    const { sessionId, learners } = await seed("b");
    expect(
      await post({ intent: "send-convocations", sessionId, requestKey: "click-0000-sess" }),
    ).toMatchObject({
      data: { ok: true, toast: { title: "2 convocations envoyées" } },
    });
    expect(
      await post({ intent: "send-convocations", sessionId, requestKey: "click-0000-again" }),
    ).toMatchObject({
      data: { ok: true, toast: { title: "Toutes les convocations de cette session ont déjà été envoyées" } },
    });
    await t.app.mail.drain();
    for (const learner of learners) {
      expect(t.smtp.to(learner.email)).toHaveLength(1);
      expect(t.smtp.to(learner.email)[0]?.attachments).toHaveLength(1);
    }
  });

  it("refuses a role-less account (403) and an unknown learner (French 400), changing nothing", async () => {
    const { sessionId, learners } = await seed("c");
    const id = learners[0]?.id ?? "";
    expect(statusOf(await post({ intent: "send-convocation", id }, roleless.cookie))).toBe(403);
    expect(statusOf(await post({ intent: "send-convocations", sessionId }, roleless.cookie))).toBe(403);
    expect(
      statusOf(
        await settled(() =>
          documentRoute.loader(
            routeArgs(t, getRequest("/admin/stagiaires/documents/x", roleless.cookie), { documentId: "x" }),
          ),
        ),
      ),
    ).toBe(403);
    expect(
      await post({ intent: "send-convocation", id: "00000000-0000-4000-8000-000000000000" }),
    ).toMatchObject({ init: { status: 400 }, data: { toast: { description: "Stagiaire inconnu·e." } } });
    expect(await rows("select 1 from learner_documents where session_id = $1", [sessionId])).toHaveLength(0);
  });

  it("the règlement intérieur: written in Paramètres by an administrator (validated, audited), sent as 'reglement-interieur.pdf' beside each convocation; Stagiaires warns while it is empty", async () => {
    const saveRules = (internalRules: string, cookie = admin.cookie) =>
      settled(() =>
        settingsRoute.action(
          routeArgs(t, formRequest("/admin/parametres", { intent: "internal-rules", internalRules }, cookie)),
        ),
      );
    const warned = async () =>
      (
        (await listRoute.loader(routeArgs(t, getRequest("/admin/stagiaires", moderator.cookie)))) as {
          internalRulesMissing: boolean;
        }
      ).internalRulesMissing;
    expect(await warned()).toBe(true);

    // Moderators and role-less accounts may not write it; too long a text gets a French message.
    expect(statusOf(await saveRules("# Règlement", moderator.cookie))).toBe(403);
    expect(statusOf(await saveRules("# Règlement", roleless.cookie))).toBe(403);
    expect(await saveRules("x".repeat(40_001))).toMatchObject({
      init: { status: 400 },
      data: { errors: { internalRules: expect.stringContaining("ne doit pas dépasser") } },
    });
    expect(await warned()).toBe(true);

    const rules = [
      "# Règlement intérieur du centre",
      "",
      "## Article 1 — Horaires",
      "",
      "Les stagiaires respectent les **horaires de formation** fixés par le centre.",
      "",
      "- Pas de retard sans prévenir",
      "- Téléphones en silencieux",
      "",
      "1. Premier point numéroté",
      "2. Second point numéroté",
      "",
      "> Toute absence est signalée à [l'accueil](mailto:accueil@centre.test).",
    ].join("\r\n");
    expect(await saveRules(rules)).toMatchObject({ data: { ok: true } });
    // Saved again unchanged: nothing is written, one journal entry only.
    expect(await saveRules(rules)).toMatchObject({ data: { ok: true } });
    const entries = await rows<{ details: { title: string; changes: { field: string }[] } }>(
      "select details from audit_log where entity = 'centre_settings' and details->>'title' like 'Règlement%'",
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]?.details).toMatchObject({
      title: "Règlement intérieur",
      changes: [{ field: "internalRules" }],
    });
    // The journal keeps its size, never the text.
    expect(JSON.stringify(entries[0]?.details)).not.toContain("Téléphones");
    const [stored] = await rows<{ internal_rules: string }>("select internal_rules from centre_settings");
    expect(stored?.internal_rules).not.toContain("\r");
    expect(await warned()).toBe(false);
    const settings = (await settingsRoute.loader(
      routeArgs(t, getRequest("/admin/parametres", moderator.cookie)),
    )) as { internalRules: { text: string } };
    expect(settings.internalRules.text).toContain("## Article 1 — Horaires");

    const { learners, sessionId } = await seed("d");
    expect(
      await post({ intent: "send-convocations", sessionId, requestKey: "click-0000-rules" }),
    ).toMatchObject({ data: { ok: true, toast: { title: "2 convocations envoyées" } } });
    await t.app.mail.drain();
    for (const learner of learners) {
      const [mail] = t.smtp.to(learner.email);
      expect(mail?.body).toContain("règlement intérieur du centre est joint");
      expect(mail?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        [expect.stringMatching(/^convocation-/), "application/pdf"],
        ["reglement-interieur.pdf", "application/pdf"],
      ]);
      const convocation = await pdfText(Buffer.from(mail?.attachments[0]?.content ?? "", "base64"));
      expect(convocation).toContain("Le règlement intérieur du centre est joint à cette convocation");
      const text = await pdfText(Buffer.from(mail?.attachments[1]?.content ?? "", "base64"));
      expect(text).toContain("Règlement intérieur du centre");
      expect(text).toContain("Article 1 — Horaires");
      expect(text).toContain("horaires de formation fixés par le centre");
      expect(text).toMatch(/• Pas de retard sans prévenir/);
      expect(text).toMatch(/2\. Second point numéroté/);
      expect(text).toContain("(accueil@centre.test)");
      expect(text).toMatch(/Version du \d/);
      expect(text).toContain("page 1 sur 1");
    }
    // The journal says which version went with each convocation.
    const sends = await rows<{ details: { internalRules?: string } }>(
      "select details from audit_log where action = 'send' and entity_id = any($1::text[])",
      [learners.map((l) => l.id)],
    );
    expect(sends).toHaveLength(2);
    for (const send of sends) expect(send.details.internalRules).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Emptied again: convocations leave alone, and the warning is back.
    expect(await saveRules("  ")).toMatchObject({ data: { ok: true } });
    expect(await warned()).toBe(true);
  });
});

describe(`what the documents print for a centre of any kind on ${DRIVER}`, () => {
  it("an association awaiting its declaration number: no capital, 'en cours d'enregistrement', no legal notice without a number", async () => {
    // As an administrator types it in Paramètres: a partial save keeps what is valid.
    const saved = await settled(() =>
      settingsRoute.action(
        routeArgs(
          t,
          formRequest(
            "/admin/parametres",
            { intent: "update", legalForm: "Association loi 1901", shareCapital: "0", activityNumber: "" },
            admin.cookie,
          ),
        ),
      ),
    );
    expect(saved).toMatchObject({ data: { ok: true } });
    const [stored] = await rows<{ legal_form: string; share_capital: string; activity_number: string }>(
      "select legal_form, share_capital, activity_number from centre_settings",
    );
    expect(stored).toEqual({ legal_form: "Association loi 1901", share_capital: "", activity_number: "" });

    const { learners } = await seed("e");
    const [learner] = learners;
    if (!learner) throw new Error("no learner");
    expect(
      await post({ intent: "send-convocation", id: learner.id, requestKey: "click-0000-assoc" }),
    ).toMatchObject({ data: { ok: true } });
    const [kept] = await rows<{ pdf: Uint8Array }>(
      "select pdf from learner_documents where learner_id = $1",
      [learner.id],
    );
    const text = await pdfText(kept?.pdf ?? new Uint8Array());
    expect(text).toContain("Association loi 1901");
    expect(text).not.toContain("au capital");
    expect(text).toContain("Déclaration d'activité en cours d'enregistrement");
    expect(text).not.toContain("ne vaut pas agrément");
    expect(text).not.toContain("numéro —");
    expect(text).not.toContain("Qualiopi");
  });

  it("every document carries the centre's logo chosen in Paramètres, and none without one", async () => {
    const { learners } = await seed("f");
    const [learner] = learners;
    if (!learner) throw new Error("no learner");
    await rows(
      "update learners set funding_source = 'personal', address = '1 rue Neuve, 69001 Lyon' where id = $1",
      [learner.id],
    );
    const slugs = [
      "convocation",
      "convention-ou-contrat",
      "attestation-de-fin-de-formation",
      "certificat-de-realisation",
    ];
    const pictures = () =>
      Promise.all(
        slugs.map(async (document) => {
          const response = (await previewRoute.loader(
            routeArgs(t, getRequest(`/admin/stagiaires/${learner.id}/apercu/${document}`, admin.cookie), {
              learnerId: learner.id,
              document,
            }),
          )) as Response;
          expect(response.status, document).toBe(200);
          return pdfImageCount(new Uint8Array(await response.arrayBuffer()));
        }),
      );
    expect(await pictures()).toEqual([0, 0, 0, 0]);

    const png = await sharp({ create: { width: 600, height: 200, channels: 3, background: "#3c64a0" } })
      .png()
      .toBuffer();
    const uploaded = await mediaRoute.action(
      routeArgs(
        t,
        fileRequest(
          "/admin/mediatheque",
          { intent: "upload", alt: "Logo du centre" },
          { bytes: png, name: "logo.png", type: "image/png" },
          admin.cookie,
        ),
      ),
    );
    const logoId = (await bodyOf(uploaded)).created as string;
    expect(await t.app.db.select({ id: media.id }).from(media).where(eq(media.id, logoId))).toHaveLength(1);
    const form = { ...(await settingsForm(t.app.db)), logoId };
    expect(
      await settled(() =>
        settingsRoute.action(routeArgs(t, formRequest("/admin/parametres", form, admin.cookie))),
      ),
    ).toMatchObject({ data: { ok: true } });
    try {
      expect(await pictures()).toEqual([1, 1, 1, 1]);
    } finally {
      await rows("update centre_settings set logo_id = null");
    }
  });
});
