// Every e-mail the site sends, with realistic names (a first name starting with a vowel or a mute h,
// the centre 'Centre de Formation Avenir', the formation 'Formation Développeur Web'): French
// typography in its subject, text and HTML; and where a reply goes (Reply-To), read on the queued
// row and on the delivered message.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seatOfferStaffMail } from "~/features/applications/mails.server";
import {
  APPLICATION_STATUSES,
  seatOfferMailSubject,
  seatOfferMailText,
  statusMailSubject,
  statusMailText,
} from "~/features/applications/status";
import { formatDateRange } from "~/features/catalogue/sessions";
import { getCentreSettings } from "~/features/settings/centre.server";
import { surveyInvitationMail } from "~/features/surveys/mails.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import {
  accountExistsMail,
  renderWrittenMail,
  resetPasswordMail,
  verificationMail,
} from "~/platform/mail/templates.server";
import { formatFullDateTime, parisInstant } from "~/platform/paris-time";
import * as detailsRoute from "~/routes/admin/application";
import * as callbackRoute from "~/routes/api/callback";
import * as contactRoute from "~/routes/site/contact";
import { applicationRequest, candidateFields, postApplication } from "../support/candidate";
import { DRIVER } from "../support/db";
import { pdf } from "../support/documents";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { frenchTypographyFaults, htmlText } from "../support/french-text";
import { formRequest, routeArgs } from "../support/runtime";

const SLUG = "formation-developpeur-web";
const CENTRE_EMAIL = "contact@centre-formation-avenir.fr";
const STAFF = "equipe@centre.test";
const t = setUpTestApp({ FORM_RATE_LIMIT: "0" });
const admin = setUpSignedIn(t, "admin");
let session: { id: string; start_date: string; end_date: string };

beforeAll(async () => {
  [session] = (await t.app.database.query(
    `select s.id, s.start_date::text, s.end_date::text from formation_sessions s
     join formations f on f.id = s.formation_id where f.slug = $1 order by s.start_date limit 1`,
    [SLUG],
  )) as [typeof session];
});

type Queued = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo: string | null;
};
const queued = async (to: string): Promise<Queued[]> =>
  t.app.db
    .select({
      kind: mailOutbox.kind,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      replyTo: mailOutbox.replyTo,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to));

/** What its reader sees of a message: the subject, the text part and the HTML part read as text. */
const faultsOf = (mail: Pick<Queued, "subject" | "text" | "html">) =>
  frenchTypographyFaults([mail.subject, mail.text, htmlText(mail.html)].join("\n"));

async function apply(fields: Record<string, string>) {
  const request = applicationRequest(SLUG, candidateFields(session.id, fields), {
    cv: { name: "CV Alice.pdf", bytes: pdf(), type: "application/pdf" },
  });
  await postApplication(t, request, SLUG);
  const [row] = await t.app.database.query<{ id: string }>("select id from applications where email = $1", [
    fields.email,
  ]);
  return row?.id ?? "";
}

describe(`e-mails as a French reader gets them, on ${DRIVER}`, () => {
  it("an application: the candidate's reply reaches the centre, staff reply to the candidate", async () => {
    const email = "alice.martin@example.test";
    const id = await apply({
      firstName: "Alice",
      lastName: "Martin",
      email,
      accommodation: "Un poste adapté, s'il vous plaît.",
    });
    expect(id).not.toBe("");

    const [ack] = await queued(email);
    expect(ack).toMatchObject({ kind: "application_acknowledgement", replyTo: CENTRE_EMAIL });
    expect(ack?.subject).toBe("Votre candidature à la formation Développeur Web est bien reçue");
    expect(ack?.text).toContain("répondez simplement à ce message");
    // It goes to whatever address was typed: it quotes neither the name nor the file's name.
    expect(ack?.text).toContain("Bonjour,");
    expect(ack?.text).toContain("1 fichier");
    expect(`${ack?.text}${ack?.html}`).not.toMatch(/Alice|CV Alice/);
    expect(faultsOf(ack as Queued)).toEqual([]);

    const staff = (await queued(STAFF)).find((m) => m.kind === "application_notification");
    expect(staff?.replyTo).toBe(email);
    expect(staff?.text).toContain("Nouvelle candidature d'Alice Martin");
    expect(faultsOf(staff as Queued)).toEqual([]);
    const referent = (await t.app.database.query<Queued & { reply_to: string }>(
      "select subject, text_body as text, html_body as html, reply_to from mail_outbox where kind = 'application_accommodation'",
    )) as (Queued & { reply_to: string })[];
    expect(referent[0]?.reply_to).toBe(email);
    expect(faultsOf(referent[0] as Queued)).toEqual([]);

    // The interview invitation as the console proposes it ('répondez à ce message'), sent as is.
    const at = parisInstant("2027-01-12", "10:30");
    const mailText = statusMailText("interview", {
      firstName: "Alice",
      formationTitle: "Formation Développeur Web",
      sessionDates: formatDateRange(session.start_date, session.end_date),
      interviewWhen: at ? formatFullDateTime(at) : "",
      interviewPlace: "Salle 4, 12 rue des Lilas, Lyon",
    });
    const fields = {
      intent: "status",
      id,
      status: "interview",
      interviewDate: "2027-01-12",
      interviewTime: "10:30",
      interviewPlace: "Salle 4, 12 rue des Lilas, Lyon",
      sendMail: "on",
      mailText,
    };
    await detailsRoute.action(
      routeArgs(t, formRequest(`/admin/candidatures/${id}`, fields, admin.cookie), { id }),
    );
    const invitation = (await queued(email)).find((m) => m.kind === "application_status");
    expect(invitation?.replyTo).toBe(CENTRE_EMAIL);
    expect(invitation?.text).toContain("mardi 12 janvier 2027 à 10\u00a0h\u00a030");
    expect(invitation?.text).toContain("répondez à ce message");
    expect(faultsOf(invitation as Queued)).toEqual([]);

    // Delivered with the header, not only stored.
    for (let n = await t.app.mail.drain(); n > 0; n = await t.app.mail.drain());
    const delivered = t.smtp.to(email);
    expect(delivered).toHaveLength(2);
    for (const message of delivered) {
      expect(message.raw).toMatch(/^Reply-To: contact@centre-formation-avenir\.fr\r?$/m);
    }
  });

  it("a contact message and a callback request: both e-mails of each", async () => {
    const helene = "helene.etienne@example.test";
    await contactRoute.action(
      routeArgs(
        t,
        formRequest("/contact", {
          firstName: "Hélène",
          lastName: "Étienne",
          email: helene,
          phone: "06 12 34 56 78",
          subject: "inscription",
          formation: SLUG,
          // What a visitor types is quoted as typed: this one needs no French space.
          message: "Bonjour, je voudrais connaître les dates de la prochaine session.",
        }),
      ),
    );
    const yves = "yves.andre@example.test";
    await callbackRoute.action(
      routeArgs(
        t,
        formRequest("/api/rappel", {
          firstName: "Yves",
          lastName: "André",
          phone: "06 98 76 54 32",
          email: yves,
          formation: SLUG,
          source: "callback_course_page",
        }),
      ),
    );
    const staff = (await queued(STAFF)).filter((m) => m.kind === "contact_notification");
    expect(staff.map((m) => m.replyTo).sort()).toEqual([helene, yves]);
    expect(staff.map((m) => m.text.split("\n")[0]).sort()).toEqual([
      "Demande de rappel d'Yves André",
      "Nouveau message d'Hélène Étienne",
    ]);
    for (const mail of staff) expect(faultsOf(mail)).toEqual([]);
    for (const visitor of [helene, yves]) {
      const [confirmation] = await queued(visitor);
      expect(confirmation).toMatchObject({ kind: "contact_confirmation", replyTo: CENTRE_EMAIL });
      expect(faultsOf(confirmation as Queued)).toEqual([]);
    }
  });

  it("account e-mails and every status e-mail the console proposes", async () => {
    const centre = await getCentreSettings(t.app.db);
    expect(centre.name).toBe("Centre de Formation Avenir");
    const url = "http://localhost:3000/auth/verifie?token=abc";
    const account = [
      verificationMail(centre, "Yves", url),
      accountExistsMail(centre, "Hélène", url, url),
      resetPasswordMail(centre, "Alice", url),
    ];
    for (const mail of account) expect(faultsOf(mail)).toEqual([]);

    for (const status of APPLICATION_STATUSES) {
      const text = statusMailText(status, {
        firstName: "Élodie",
        formationTitle: "Formation Développeur Web",
        sessionDates: formatDateRange(session.start_date, session.end_date),
        interviewWhen: formatFullDateTime(new Date("2027-01-12T09:30:00Z")),
        interviewPlace: "En ligne",
      });
      const mail = renderWrittenMail(centre, statusMailSubject(status, "Formation Développeur Web"), text);
      expect(faultsOf(mail), status).toEqual([]);
    }

    // A seat freed on the waiting list: the candidate's offer and the staff notice.
    const offer = { formationTitle: "Formation Développeur Web", sessionDates: "du 4 au 29 janvier 2027" };
    const seatOffer = renderWrittenMail(
      centre,
      seatOfferMailSubject(offer.formationTitle),
      seatOfferMailText({ firstName: "Yves", ...offer }),
    );
    expect(faultsOf(seatOffer)).toEqual([]);
    expect(
      faultsOf(seatOfferStaffMail(centre, { name: "Hélène Étienne", ...offer }, `${url}#candidature`)),
    ).toEqual([]);

    // A satisfaction survey and its reminder, about a session or none (a company's list).
    for (const reminder of [false, true]) {
      for (const about of [{ title: "Formation Développeur Web", dates: "du 4 au 29 janvier 2027" }, null]) {
        const survey = surveyInvitationMail(centre, {
          firstName: about ? "Inès" : null,
          session: about,
          url: "http://localhost:3000/enquete/abc",
          closesAt: new Date("2027-02-28T10:00:00Z"),
          reminder,
        });
        expect(faultsOf(survey), survey.subject).toEqual([]);
      }
    }
  });
});
