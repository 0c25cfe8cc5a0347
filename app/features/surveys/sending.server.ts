import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull, isNull, lte, ne, type SQL, sql } from "drizzle-orm";
import { formatDateRange } from "~/features/catalogue";
import { sessionHeading } from "~/features/catalogue/index.server";
import { learners } from "~/features/learners/schema.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { surveyInvitations, surveyQuestionnaires } from "~/features/surveys/schema.server";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { enqueueMail, type MailMessage } from "~/platform/mail/queue.server";
import { centreReplyTo } from "~/platform/mail/templates.server";
import { surveyInvitationMail } from "./mails.server";
import { getSurveySettings } from "./survey-settings.server";
import { hashToken, surveyToken, surveyUrl } from "./tokens.server";
import type { QuestionnaireKind, SurveyAudience, SurveyWave } from "./vocabulary";

/** What building a link needs: the site's public address and the secret the tokens derive from. */
export interface LinkKeys {
  publicUrl: string;
  secret: string;
}

/** A session as an invitation names it. */
export interface SessionTarget {
  id: string;
  formationId: string;
  title: string;
  dates: string;
}

/** Who is asked: a learner, a payer (employer or funder) or a trainer of a session, or an address alone. */
export interface Recipient {
  learnerId: string | null;
  payerId?: string | null;
  trainerId?: string | null;
  email: string;
  firstName: string | null;
}

export async function sessionTarget(db: Db, sessionId: string): Promise<SessionTarget | null> {
  const row = await sessionHeading(db, sessionId);
  return row
    ? {
        id: row.id,
        formationId: row.formationId,
        title: row.title,
        dates: formatDateRange(row.startDate, row.endDate),
      }
    : null;
}

/**
 * Everyone a session's survey goes to: its learners not 'Abandon', whose address is still kept;
 * with `notInvitedTo`, only those not yet invited to that wave (the scheduler's rounds stay cheap).
 */
export async function sessionRecipients(
  db: Db,
  sessionId: string,
  notInvitedTo?: SurveyWave,
): Promise<Recipient[]> {
  const found = await db
    .select({ learnerId: learners.id, email: learners.email, firstName: learners.firstName })
    .from(learners)
    .where(
      and(
        eq(learners.sessionId, sessionId),
        ne(learners.status, "dropped_out"),
        isNotNull(learners.email),
        isNull(learners.anonymisedAt),
        notInvitedTo
          ? sql`not exists (select 1 from ${surveyInvitations} i where i.learner_id = ${learners.id}
                 and i.session_id = ${sessionId} and i.wave = ${notInvitedTo})`
          : undefined,
      ),
    )
    .orderBy(learners.createdAt, learners.id);
  return found.flatMap((r) => (r.email ? [{ ...r, email: r.email }] : []));
}

/** A session's invitations of one person (`column`) to `wave`: the scheduler asks only the others. */
const notYetInvited = (
  column: "payer_id" | "trainer_id",
  person: SQL,
  sessionId: string,
  wave?: SurveyWave,
) =>
  wave
    ? sql`and not exists (select 1 from survey_invitations i where i.${sql.raw(column)} = ${person}
           and i.session_id = ${sessionId} and i.wave = ${wave})`
    : sql``;

/**
 * The payers funding learners of a session (not 'Abandon'), at their invoicing address, each once
 * however many learners it pays for: the employers (payers of kind 'Entreprise'), or every other
 * kind (OPCO, France Travail, Région, public bodies, training bodies) as funders.
 */
async function sessionPayers(
  db: Db,
  sessionId: string,
  audience: "employer" | "funder",
  notInvitedTo?: SurveyWave,
): Promise<Recipient[]> {
  const found = await rows<{ id: string; email: string }>(
    db,
    sql`select p.id, p.invoicing_email as email from payers p
         where p.kind ${audience === "employer" ? sql`=` : sql`<>`} 'company'
           and exists (select 1 from funding_shares fs join learners l on l.id = fs.learner_id
                        where fs.payer_id = p.id and l.session_id = ${sessionId} and l.status <> 'dropped_out')
           ${notYetInvited("payer_id", sql`p.id`, sessionId, notInvitedTo)}
         order by p.name, p.id`,
  );
  return found.map((p) => ({ learnerId: null, payerId: p.id, email: p.email, firstName: null }));
}

/** The trainers of a session's slots who have an address in the register, each once. */
async function sessionTrainers(db: Db, sessionId: string, notInvitedTo?: SurveyWave): Promise<Recipient[]> {
  const found = await rows<{ id: string; email: string; first_name: string }>(
    db,
    sql`select t.id, t.email, t.first_name from trainers t
         where t.email is not null
           and exists (select 1 from session_slots s where s.trainer_id = t.id and s.session_id = ${sessionId})
           ${notYetInvited("trainer_id", sql`t.id`, sessionId, notInvitedTo)}
         order by t.last_name, t.first_name, t.id`,
  );
  return found.map((t) => ({
    learnerId: null,
    trainerId: t.id,
    email: t.email,
    firstName: t.first_name || null,
  }));
}

/** Everyone of `audience` a session's questionnaire goes to (see each list's rule). */
export function audienceRecipients(
  db: Db,
  sessionId: string,
  audience: SurveyAudience,
  notInvitedTo?: SurveyWave,
): Promise<Recipient[]> {
  switch (audience) {
    case "learner":
      return sessionRecipients(db, sessionId, notInvitedTo);
    case "employer":
    case "funder":
      return sessionPayers(db, sessionId, audience, notInvitedTo);
    case "trainer":
      return sessionTrainers(db, sessionId, notInvitedTo);
  }
}

/**
 * Invites `recipients` to a questionnaire inside `tx`: one invitation row each, inserted with ON
 * CONFLICT DO NOTHING, and an e-mail queued for the rows this call inserted only. The unique
 * indexes (one per learner, session and wave; one per address, questionnaire and session by hand)
 * make a second call, or another instance's call at the same moment, insert nothing and send
 * nothing. Answers how many were invited.
 */
export async function invite(
  tx: Db,
  keys: LinkKeys,
  questionnaireId: string,
  session: SessionTarget | null,
  wave: SurveyWave,
  recipients: readonly Recipient[],
  now = new Date(),
): Promise<number> {
  if (recipients.length === 0) return 0;
  const { openDays } = await getSurveySettings(tx);
  const closesAt = new Date(now.getTime() + openDays * 86_400_000);
  const planned = recipients.map((r) => {
    const id = randomUUID();
    const token = surveyToken(keys.secret, id);
    return { id, token, recipient: r };
  });
  const inserted = await tx
    .insert(surveyInvitations)
    .values(
      planned.map(({ id, token, recipient }) => ({
        id,
        questionnaireId,
        sessionId: session?.id ?? null,
        formationId: session?.formationId ?? null,
        learnerId: recipient.learnerId,
        payerId: recipient.payerId ?? null,
        trainerId: recipient.trainerId ?? null,
        email: recipient.email,
        tokenHash: hashToken(token),
        wave,
        sentAt: now,
        closesAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: surveyInvitations.id });
  if (inserted.length === 0) return 0;
  const centre = await getCentreSettings(tx);
  const kept = new Set(inserted.map((r) => r.id));
  const mails: MailMessage[] = planned
    .filter((p) => kept.has(p.id))
    .map(({ token, recipient }) => ({
      kind: "survey_invitation",
      to: recipient.email,
      replyTo: centreReplyTo(centre),
      ...surveyInvitationMail(centre, {
        firstName: recipient.firstName,
        session: session ? { title: session.title, dates: session.dates } : null,
        url: surveyUrl(keys.publicUrl, token),
        closesAt,
        reminder: false,
      }),
    }));
  await enqueueMail(tx, mails);
  return inserted.length;
}

/** The questionnaires an automatic wave sends: the one of that kind for each audience that has one. */
export async function questionnairesOfKind(
  db: Db,
  kind: QuestionnaireKind,
): Promise<{ id: string; audience: SurveyAudience }[]> {
  return db
    .select({ id: surveyQuestionnaires.id, audience: surveyQuestionnaires.audience })
    .from(surveyQuestionnaires)
    .where(eq(surveyQuestionnaires.kind, kind))
    .orderBy(surveyQuestionnaires.audience);
}

/** The first name a reminder greets: the learner's or the trainer's, by invitation id. */
async function firstNames(
  tx: Db,
  reminded: readonly { id: string; learnerId: string | null; trainerId: string | null }[],
): Promise<Map<string, string>> {
  const ids = reminded.flatMap((r) => (r.learnerId || r.trainerId ? [r.id] : []));
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: string; first_name: string | null }>(
    tx,
    sql`select i.id, coalesce(l.first_name, nullif(t.first_name, '')) as first_name
          from survey_invitations i
          left join learners l on l.id = i.learner_id
          left join trainers t on t.id = i.trainer_id
         where i.id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  return new Map(found.flatMap((r) => (r.first_name ? [[r.id, r.first_name]] : [])));
}

/**
 * The reminders due: invitations not answered, not yet reminded, sent `reminderDelayDays` ago and
 * still open. One conditional UPDATE … WHERE reminded_at IS NULL marks them and answers them, in
 * the transaction that queues their e-mails: with two instances at once, the second waits for the
 * first's row locks, re-reads reminded_at, and skips the row. At most `limit` per call.
 */
export async function remindDue(tx: Db, keys: LinkKeys, now = new Date(), limit = 500): Promise<number> {
  const { reminderDelayDays } = await getSurveySettings(tx);
  const dueBefore = new Date(now.getTime() - reminderDelayDays * 86_400_000);
  const due = tx
    .select({ id: surveyInvitations.id })
    .from(surveyInvitations)
    .where(
      and(
        isNull(surveyInvitations.answeredAt),
        isNull(surveyInvitations.remindedAt),
        isNotNull(surveyInvitations.email),
        lte(surveyInvitations.sentAt, dueBefore),
        sql`${surveyInvitations.closesAt} > ${now}`,
      ),
    )
    .limit(limit);
  const reminded = await tx
    .update(surveyInvitations)
    .set({ remindedAt: now })
    .where(and(inArray(surveyInvitations.id, due), isNull(surveyInvitations.remindedAt)))
    .returning({
      id: surveyInvitations.id,
      email: surveyInvitations.email,
      sessionId: surveyInvitations.sessionId,
      learnerId: surveyInvitations.learnerId,
      trainerId: surveyInvitations.trainerId,
      closesAt: surveyInvitations.closesAt,
    });
  if (reminded.length === 0) return 0;
  const centre = await getCentreSettings(tx);
  const sessions = new Map<string, SessionTarget | null>();
  const names = await firstNames(tx, reminded);
  const mails: MailMessage[] = [];
  for (const r of reminded) {
    if (!r.email) continue;
    if (r.sessionId && !sessions.has(r.sessionId))
      sessions.set(r.sessionId, await sessionTarget(tx, r.sessionId));
    const session = r.sessionId ? (sessions.get(r.sessionId) ?? null) : null;
    mails.push({
      kind: "survey_reminder",
      to: r.email,
      replyTo: centreReplyTo(centre),
      ...surveyInvitationMail(centre, {
        firstName: names.get(r.id) ?? null,
        session: session ? { title: session.title, dates: session.dates } : null,
        url: surveyUrl(keys.publicUrl, surveyToken(keys.secret, r.id)),
        closesAt: r.closesAt,
        reminder: true,
      }),
    });
  }
  await enqueueMail(tx, mails);
  return reminded.length;
}
