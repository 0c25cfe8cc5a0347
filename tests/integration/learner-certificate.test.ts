// A learner's certificat de réalisation: what a funder asks before it pays, for every learner (a CPF
// file on Mon Compte Formation as for an OPCO). The model's content: the centre and who signs for it
// (Paramètres), the learner, their Mon Compte Formation file, the action's title, its nature among the
// four of L. 6313-1, its dates and the hours carried out as the attendance entries count them (the
// latest entry of each slot; lateness taken off; an absence none). Sent from the session's last day
// to the learner, greeted by name, and to the payer's contact when a company or funder pays. Hours
// that look wrong against the status ('Terminé·e' under half the planned hours) are refused until
// staff confirm them; the session's button leaves them for staff to check.
import { beforeAll, describe, expect, it } from "vitest";
import { formatDateRange, formatDay } from "~/features/catalogue/sessions";
import { addDays, parisToday } from "~/platform/dates";
import * as previewRoute from "~/routes/admin/learner-document-preview";
import { DRIVER } from "../support/db";
import { makeAttendanceEntry, makeFormation, makeLearners, makeSlots } from "../support/factories";
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
import { bodyOf, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);

const { rows } = queriesOn(t);
const post = learnersPost(t, moderator);

/** A session that ended last week (two slots of 3 h 30 on its first two days), whatever today is. */
const ENDED = { start: addDays(parisToday(), -18), end: addDays(parisToday(), -7) };
/** A session that starts in a month. */
const COMING = { start: addDays(parisToday(), 30), end: addDays(parisToday(), 41) };

beforeAll(async () => {
  await rows("update centre_settings set signatory_name = 'Claire Martin', signatory_title = 'Directrice'");
});

/**
 * A formation of its own, a session with two slots of 3 h 30 (7 h), and its learners: Noé bought it
 * on Mon Compte Formation and attended the first slot and 30 minutes late the second (6 h 30);
 * Karim is sent by the bakery, present once (3 h 30), marked 'Terminé·e' all the same.
 */
async function seed(tag: string, dates = ENDED) {
  const formation = await makeFormation(t.app.db, {
    title: `Certificat ${tag}`,
    slug: `certificat-${tag}`,
    objectives: ["Piloter un projet web"],
  });
  const sessionId = await newSession(t, formation.id, dates);
  const [first, second] = await makeSlots(t.app.db, [
    { sessionId, day: dates.start, startMinute: 540, endMinute: 750 },
    { sessionId, day: addDays(dates.start, 1), startMinute: 810, endMinute: 1020 },
  ]);
  const [noe, karim] = await makeLearners(t.app.db, [
    {
      sessionId,
      firstName: "Noé",
      lastName: `Girard-${tag}`,
      email: `noe.cert.${tag}@example.test`,
      company: "Atelier Girard",
      fundingSource: "cpf",
      cpfFileNumber: "98765432101",
      status: "completed",
    },
    {
      sessionId,
      firstName: "Karim",
      lastName: `Benali-${tag}`,
      email: `karim.cert.${tag}@example.test`,
      fundingSource: "opco",
      payerName: "Boulangerie Dupain",
      payerAddress: "3 place du Marché, 69002 Lyon",
      payerContactName: "Sophie Dupain",
      payerContactEmail: `rh.cert.${tag}@dupain.test`,
      status: "completed",
    },
  ]);
  if (!noe || !karim || !first || !second) throw new Error("no learners");
  const mark = (slotId: string, learnerId: string, status: "present" | "late" | "absent", lateMinutes = 0) =>
    makeAttendanceEntry(t.app.db, { slotId, learnerId, status, lateMinutes, method: "staff" });
  await mark(first.id, noe.id, "present");
  await mark(second.id, noe.id, "late", 30);
  await mark(first.id, karim.id, "present");
  await mark(second.id, karim.id, "absent");
  return { sessionId, title: formation.title, noe, karim };
}

/** A message with its no-break spaces as ordinary ones, to compare with a sentence typed here. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

const keptOf = (learnerId: string) =>
  rows<{ kind: string; file_name: string; sent_to: string; pdf: Uint8Array }>(
    "select kind, file_name, sent_to, pdf from learner_documents where learner_id = $1 and kind = 'certificate'",
    [learnerId],
  );

describe(`the certificat de réalisation on ${DRIVER}`, () => {
  it("a CPF learner's certificat: the hours carried out from the attendance entries, the nature ticked, the Mon Compte Formation file, the signatory; e-mailed to the learner, greeted by name", async () => {
    const { title, noe } = await seed("a");
    expect(
      await post({ intent: "send-certificate", id: noe.id, requestKey: "click-cert-one" }),
    ).toMatchObject({ data: { ok: true, toast: { title: "Certificat de réalisation envoyé" } } });
    const [kept] = await keptOf(noe.id);
    expect(kept).toMatchObject({
      kind: "certificate",
      file_name: "certificat-de-realisation-girard-a-noe.pdf",
      sent_to: noe.email,
    });
    const pdf = kept?.pdf ?? new Uint8Array();
    const text = await pdfText(pdf);
    expect(text).toContain("Certificat de réalisation");
    expect(text).toContain(
      "Claire Martin, Directrice, représentant l'organisme de formation Centre de Formation Avenir",
    );
    expect(text).toContain("dispensateur de l'action concourant au développement des compétences");
    expect(text).toContain("Noé Girard-a");
    expect(text).toContain("Entreprise : Atelier Girard");
    expect(text).toContain("Dossier Mon Compte Formation n° 98765432101");
    expect(text).toContain(`a suivi l'action « ${title} »`);
    expect(text).toContain("■ Action de formation (article L. 6313-1, 1°)");
    expect(text).toContain("□ Bilan de compétences (article L. 6313-1, 2°)");
    expect(text).toContain(
      "□ Action permettant de faire valider les acquis de l'expérience (article L. 6313-1, 3°)",
    );
    expect(text).toContain("□ Action de formation par apprentissage (article L. 6313-1, 4°)");
    expect(text).toContain(`Action qui s'est déroulée ${formatDateRange(ENDED.start, ENDED.end)}`);
    // 3 h 30 on the first slot, 3 h 30 less 30 minutes on the second.
    expect(text).toMatch(/Durée réalisée\s?: 6 h 30\./);
    expect(text).toMatch(/sur 7 h prévues/);
    expect(text).toContain("pendant 3 ans à compter de la fin de l'année du dernier paiement");
    expect(text).toContain(`le ${formatDay(parisToday())}`);
    expect(documentFaults(pdf)).toEqual([]);

    const mails = await queuedMails(t, noe.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.kind).toBe("learner_certificate");
    expect(mails[0]?.text.startsWith("Bonjour Noé,")).toBe(true);
    expect(mails[0]?.text).toContain("Mon Compte Formation (dossier n° 98765432101)");
    expect(frenchTypographyFaults(`${mails[0]?.subject}\n${mails[0]?.text}`)).toEqual([]);
  });

  it("a funded learner's certificat also goes to the payer's contact, greeted by name; hours that look wrong against 'Terminé·e' are refused until confirmed", async () => {
    const { karim } = await seed("b");
    // 'Terminé·e' with 3 h 30 of 7 h: not under half, sent at once.
    expect(
      await post({ intent: "send-certificate", id: karim.id, requestKey: "click-cert-karim" }),
    ).toMatchObject({
      data: { ok: true },
    });
    const [learnerMail] = await queuedMails(t, karim.email);
    const [payerMail] = await queuedMails(t, "rh.cert.b@dupain.test");
    expect(learnerMail?.text.startsWith("Bonjour Karim,")).toBe(true);
    expect(payerMail).toMatchObject({ kind: "payer_certificate" });
    expect(payerMail?.text.startsWith("Bonjour Sophie Dupain,")).toBe(true);
    expect(payerMail?.text).toContain("le certificat de réalisation de Karim Benali-b");
    const [kept] = await keptOf(karim.id);
    expect(kept?.sent_to).toBe(`${karim.email}, rh.cert.b@dupain.test`);
    expect(await pdfText(kept?.pdf ?? new Uint8Array())).toMatch(/Durée réalisée\s?: 3 h 30\./);

    // Corrected: absent from the first slot too, 0 h of 7 h while 'Terminé·e'.
    const [first] = await rows<{ id: string }>(
      "select s.id from session_slots s join learners l on l.session_id = s.session_id where l.id = $1 order by s.day limit 1",
      [karim.id],
    );
    await makeAttendanceEntry(t.app.db, {
      slotId: first?.id ?? "",
      learnerId: karim.id,
      status: "absent",
      method: "staff",
    });
    const refused = await post({ intent: "send-attestation", id: karim.id, requestKey: "click-att-karim" });
    expect(refused).toMatchObject({ init: { status: 400 }, data: { toast: { title: "Envoi impossible" } } });
    expect(plain(((await bodyOf(refused)).toast as { description: string }).description)).toBe(
      "Statut « Terminé·e » avec 0 h suivies sur 7 h prévues, moins de la moitié. Vérifiez l'émargement ou le statut. Confirmez l'envoi pour l'envoyer malgré tout.",
    );
    expect(
      await rows("select 1 from learner_documents where learner_id = $1 and kind = 'attestation'", [
        karim.id,
      ]),
    ).toHaveLength(0);
    expect(
      await post({
        intent: "send-attestation",
        id: karim.id,
        requestKey: "click-att-karim-2",
        hoursConfirmed: "1",
      }),
    ).toMatchObject({ data: { ok: true, toast: { title: "Attestation envoyée" } } });
  });

  it("the session's button sends the others and leaves those whose hours look wrong for staff to check", async () => {
    const { sessionId, noe, karim } = await seed("c");
    // A third slot added to the timetable, which only Noé attended: 10 h of 10 h 30 for Noé, 3 h 30 for
    // Karim, marked 'Terminé·e' with a third of the hours.
    const [extra] = await makeSlots(t.app.db, [
      { sessionId, day: addDays(ENDED.start, 2), startMinute: 540, endMinute: 750 },
    ]);
    await makeAttendanceEntry(t.app.db, {
      slotId: extra?.id ?? "",
      learnerId: noe.id,
      status: "present",
      method: "staff",
    });
    expect(
      await post({ intent: "send-certificates", sessionId, requestKey: "click-cert-sess" }),
    ).toMatchObject({
      data: {
        ok: true,
        toast: {
          title: "1 certificat de réalisation envoyé",
          description: expect.stringContaining("1 stagiaire aux heures à vérifier"),
        },
      },
    });
    expect(await pdfText((await keptOf(noe.id))[0]?.pdf ?? new Uint8Array())).toMatch(
      /Durée réalisée\s?: 10 h\./,
    );
    expect(await keptOf(karim.id)).toHaveLength(0);
  });

  it("is refused before the session's last day, for a learner and for the session; previewed under documents:generate; a role-less account is refused and nothing is kept", async () => {
    const { sessionId, noe } = await seed("d", COMING);
    expect(
      await post({ intent: "send-certificate", id: noe.id, requestKey: "click-cert-early" }),
    ).toMatchObject({
      data: {
        ok: false,
        toast: {
          description: `Le certificat de réalisation s'envoie à partir du ${formatDay(COMING.end)}, dernier jour de la session.`,
        },
      },
    });
    expect(
      await post({ intent: "send-certificates", sessionId, requestKey: "click-certs-early" }),
    ).toMatchObject({
      data: {
        ok: false,
        toast: {
          description: `Les certificats de réalisation s'envoient à partir du ${formatDay(COMING.end)}, dernier jour de la session.`,
        },
      },
    });
    const slug = "certificat-de-realisation";
    const preview = (cookie: string) =>
      settled(() =>
        previewRoute.loader(
          routeArgs(t, getRequest(`/admin/stagiaires/${noe.id}/apercu/${slug}`, cookie), {
            learnerId: noe.id,
            document: slug,
          }),
        ),
      );
    const shown = (await preview(moderator.cookie)) as Response;
    expect(shown.status).toBe(200);
    expect(await pdfText(new Uint8Array(await shown.arrayBuffer()))).toMatch(/Durée réalisée\s?: 6 h 30\./);
    expect(statusOf(await preview(roleless.cookie))).toBe(403);
    expect(statusOf(await post({ intent: "send-certificate", id: noe.id }, roleless.cookie))).toBe(403);
    expect(statusOf(await post({ intent: "send-certificates", sessionId }, roleless.cookie))).toBe(403);
    expect(await rows("select 1 from learner_documents where session_id = $1", [sessionId])).toHaveLength(0);
  });
});
