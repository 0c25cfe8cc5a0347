// A learner's attestation de fin de formation: generated from the records (centre and legal mentions
// from Paramètres, the learner, the formation's objectives and nature, the session's dates and
// timetable hours), with the hours the attendance sheets say the learner actually attended (the
// latest entry of each slot counts, an absence counts none) and the certification's outcome; kept
// with its date and e-mailed through the outbox with the PDF; the session's button sends each
// learner's once, a learner who dropped out included; previewed under documents:generate; a
// role-less account is refused and changes nothing. It is handed over at the end of the training:
// before the session's last day, refused in French (by learner and for the session) unless the
// learner dropped out, whose hours are final.
import { describe, expect, it } from "vitest";
import { formatDateRange, formatDay } from "~/features/catalogue/sessions";
import { addDays, parisToday } from "~/platform/dates";
import * as previewRoute from "~/routes/admin/learner-document-preview";
import * as listRoute from "~/routes/admin/learners";
import { DRIVER } from "../support/db";
import { makeAttendanceEntry, makeFormation, makeLearners, makeSlots } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
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

/** Records one attendance entry, as staff mark it on the slot's signing page. */
const mark = (
  slotId: string | undefined,
  learnerId: string,
  status: Parameters<typeof makeAttendanceEntry>[1]["status"],
  lateMinutes = 0,
) => makeAttendanceEntry(t.app.db, { slotId: slotId ?? "", learnerId, status, lateMinutes, method: "staff" });

/** A session that ended last week (twelve days, its two slots on the first two), whatever today is. */
const ENDED = { start: addDays(parisToday(), -18), end: addDays(parisToday(), -7) };
/** A session that starts in a month. */
const COMING = { start: addDays(parisToday(), 30), end: addDays(parisToday(), 41) };

/**
 * A certifying formation of its own with two objectives, a session (by default ended) with two
 * slots of 3 h 30 (7 h), three learners: Élodie attended the first slot and was absent from the
 * second; Karim, first marked absent then corrected to present, came 30 minutes late to the second;
 * Léa dropped out on the first day, nothing recorded.
 */
async function seed(tag: string, dates = ENDED) {
  const formation = await makeFormation(t.app.db, {
    title: `Attestation ${tag}`,
    slug: `attestation-${tag}`,
    certifying: true,
    certification: "Développeur web (RNCP 37674)",
    objectives: ["Concevoir une page accessible", "Publier un site WordPress"],
    assessmentMethods: "Étude de cas",
  });
  const sessionId = await newSession(t, formation.id, dates);
  const slots = await makeSlots(t.app.db, [
    { sessionId, day: dates.start, startMinute: 540, endMinute: 750 },
    { sessionId, day: addDays(dates.start, 1), startMinute: 810, endMinute: 1020 },
  ]);
  const [elodie, karim, lea] = await makeLearners(t.app.db, [
    {
      sessionId,
      firstName: "Élodie",
      lastName: `Martin-${tag}`,
      email: `elodie.att.${tag}@example.test`,
      status: "enrolled",
      certification: "certified",
    },
    {
      sessionId,
      firstName: "Karim",
      lastName: `Benali-${tag}`,
      email: `karim.att.${tag}@example.test`,
      status: "enrolled",
      certification: "presented",
    },
    {
      sessionId,
      firstName: "Léa",
      lastName: `Durand-${tag}`,
      email: `lea.att.${tag}@example.test`,
      status: "dropped_out",
      abandonedOn: dates.start,
    },
  ]);
  if (!elodie || !karim || !lea) throw new Error("no learners");
  const [first, second] = slots;
  await mark(first?.id, elodie.id, "present");
  await mark(second?.id, elodie.id, "absent");
  await mark(first?.id, karim.id, "absent");
  await mark(first?.id, karim.id, "present");
  await mark(second?.id, karim.id, "late", 30);
  return { sessionId, title: formation.title, elodie, karim, lea };
}

const keptOf = (learnerId: string) =>
  rows<{ kind: string; sent_to: string; pdf: Uint8Array }>(
    "select kind, sent_to, pdf from learner_documents where learner_id = $1",
    [learnerId],
  );

describe(`the attestation de fin de formation on ${DRIVER}`, () => {
  it("states the hours the learner actually attended (3 h 30 of 7 h), the objectives, the nature, the certification's outcome and the centre's legal mentions; e-mailed with the PDF", async () => {
    const { title, elodie } = await seed("a");
    expect(
      await post({ intent: "send-attestation", id: elodie.id, requestKey: "click-attest-one" }),
    ).toMatchObject({ data: { ok: true, toast: { title: "Attestation envoyée" } } });
    const kept = await keptOf(elodie.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ kind: "attestation", sent_to: elodie.email });

    const text = await pdfText(kept[0]?.pdf ?? new Uint8Array());
    expect(text).toContain("Attestation de fin de formation");
    expect(text).toContain("Élodie Martin-a");
    expect(text).toContain(title);
    expect(text).toContain("Concevoir une page accessible");
    expect(text).toContain("Publier un site WordPress");
    expect(text).toContain("Action de formation (article L. 6313-1, 1° du Code du travail)");
    expect(text).toContain(formatDateRange(ENDED.start, ENDED.end));
    expect(text).toMatch(/Durée de la formation\s?: 7 h\./);
    expect(text).toMatch(/Heures effectivement suivies\s?: 3 h 30\./);
    // The learner is known: the result names them, no inclusive 'le ou la stagiaire'.
    expect(text).toContain("Certification obtenue : Élodie Martin-a a obtenu la certification");
    expect(text).toContain("Développeur web (RNCP 37674)");
    expect(documentFaults(kept[0]?.pdf ?? new Uint8Array())).toEqual([]);
    const [queued] = await queuedMails(t, elodie.email);
    expect(queued?.text.startsWith("Bonjour Élodie,")).toBe(true);
    // The centre's legal mentions from Paramètres, at the foot.
    expect(text).toMatch(/SIRET \d/);
    expect(text).toContain("Déclaration d'activité enregistrée sous le numéro");

    await t.app.mail.drain();
    const mails = t.smtp.to(elodie.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("Attestation de fin de formation");
    expect(mails[0]?.attachments.map((a) => a.filename)).toEqual(["attestation-martin-a-elodie.pdf"]);
    const attached = await pdfText(Buffer.from(mails[0]?.attachments[0]?.content ?? "", "base64"));
    expect(attached).toMatch(/Heures effectivement suivies\s?: 3 h 30\./);

    // The Stagiaires list shows it with its date.
    const list = (await listRoute.loader(
      routeArgs(t, getRequest("/admin/stagiaires?q=Martin-a", moderator.cookie)),
    )) as { documents: Record<string, { kind: string }[]> };
    expect(list.documents[elodie.id]?.map((d) => d.kind)).toEqual(["attestation"]);
  });

  it("'Envoyer les attestations' sends each learner's once, a learner who dropped out included, each with their own hours; the latest entry of a slot counts", async () => {
    const { sessionId, elodie, karim, lea } = await seed("b");
    expect(
      await post({ intent: "send-attestations", sessionId, requestKey: "click-attest-sess" }),
    ).toMatchObject({ data: { ok: true, toast: { title: "3 attestations envoyées" } } });
    expect(
      await post({ intent: "send-attestations", sessionId, requestKey: "click-attest-again" }),
    ).toMatchObject({
      data: { toast: { title: "Toutes les attestations de cette session ont déjà été envoyées" } },
    });

    const textOf = async (id: string) => pdfText((await keptOf(id))[0]?.pdf ?? new Uint8Array());
    expect(await textOf(elodie.id)).toMatch(/Heures effectivement suivies\s?: 3 h 30\./);
    // Absent then corrected to present on the first slot (3 h 30), 30 minutes late to the second (3 h).
    const karimText = await textOf(karim.id);
    expect(karimText).toMatch(/Heures effectivement suivies\s?: 6 h 30\./);
    expect(karimText).toContain("Karim Benali-b a passé les épreuves de la certification");
    const leaText = await textOf(lea.id);
    expect(leaText).toMatch(/Heures effectivement suivies\s?: 0 h\./);
    expect(leaText).toContain(`Abandon le ${formatDay(ENDED.start)}`);
    expect(leaText).toContain("n'est pas encore renseigné");
  });

  it("before the session's last day, is refused in French for a learner still in training and for the session, nothing kept or sent; a learner who dropped out has theirs", async () => {
    const { sessionId, elodie, lea } = await seed("d", COMING);
    const notYet = `à partir du ${formatDay(COMING.end)}, dernier jour de la session.`;
    expect(
      await post({ intent: "send-attestation", id: elodie.id, requestKey: "click-attest-early" }),
    ).toMatchObject({
      data: {
        ok: false,
        toast: {
          title: "Envoi impossible",
          description: `L'attestation de fin de formation s'envoie ${notYet}`,
        },
      },
    });
    expect(
      await post({ intent: "send-attestations", sessionId, requestKey: "click-attests-early" }),
    ).toMatchObject({
      data: {
        ok: false,
        toast: {
          title: "Envoi impossible",
          description: `Les attestations de fin de formation s'envoient ${notYet}`,
        },
      },
    });
    expect(await keptOf(elodie.id)).toHaveLength(0);
    await t.app.mail.drain();
    expect(t.smtp.to(elodie.email)).toHaveLength(0);

    // Léa dropped out: the hours she attended are final.
    expect(
      await post({ intent: "send-attestation", id: lea.id, requestKey: "click-attest-lea" }),
    ).toMatchObject({
      data: { ok: true, toast: { title: "Attestation envoyée" } },
    });
    expect((await keptOf(lea.id)).map((d) => d.kind)).toEqual(["attestation"]);
  });

  it("previews under documents:generate without keeping it; a role-less account is refused and nothing is kept", async () => {
    const { sessionId, karim } = await seed("c");
    const slug = "attestation-de-fin-de-formation";
    const preview = (cookie: string) =>
      settled(() =>
        previewRoute.loader(
          routeArgs(t, getRequest(`/admin/stagiaires/${karim.id}/apercu/${slug}`, cookie), {
            learnerId: karim.id,
            document: slug,
          }),
        ),
      );
    const shown = (await preview(moderator.cookie)) as Response;
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("application/pdf");
    expect(await pdfText(new Uint8Array(await shown.arrayBuffer()))).toMatch(
      /Heures effectivement suivies\s?: 6 h 30\./,
    );

    expect(statusOf(await preview(roleless.cookie))).toBe(403);
    expect(statusOf(await post({ intent: "send-attestation", id: karim.id }, roleless.cookie))).toBe(403);
    expect(statusOf(await post({ intent: "send-attestations", sessionId }, roleless.cookie))).toBe(403);
    expect(await rows("select 1 from learner_documents where session_id = $1", [sessionId])).toHaveLength(0);
  });
});
