// 'Programmer' and 'Dépublier le …' as the console types them: a Paris day and time in one
// datetime-local field ("2027-03-01T14:05"), read into the instant it names. Shared by the forms of
// every publishable record (articles now; formations and pages join with the same two fields).
import { z } from "zod";
import { parisInstant, parisParts } from "~/platform/paris-time";

const UNREADABLE = "Date et heure invalides (heure de Paris, jj/mm/aaaa hh:mm)";
/** A minute of grace: the minute being typed is not yet 'passed'. */
const GRACE_MS = 60_000;

/** One optional Paris date-time field: empty is null, a date that names no instant is refused. */
const parisDateTime = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const [day = "", time = ""] = value.split("T");
    const instant = parisInstant(day, time.slice(0, 5));
    if (!instant) {
      ctx.addIssue({ code: "custom", message: UNREADABLE });
      return z.NEVER;
    }
    return instant;
  });

/** The two schedule fields of a publishable record's form. */
export const scheduleFields = {
  publishAt: parisDateTime,
  unpublishAt: parisDateTime,
};

export interface Schedule {
  published: boolean;
  publishAt: Date | null;
  unpublishAt: Date | null;
}

/**
 * Published at once and programmed for later: a record not yet public can't be both. (A public one
 * can: its date is when its pending draft goes public. Only the save knows which it is.)
 */
export const PUBLISHED_AND_SCHEDULED =
  "Déjà publié : décochez « Publier » pour programmer la publication, ou videz la date.";

/**
 * The rules the two dates follow, checked on the server with the rest of the form: a date to come
 * (the current minute counts as to come), an end after the start, and nothing to take off a record
 * that will not be public. The rule that depends on the record's state is the save's
 * (PUBLISHED_AND_SCHEDULED).
 */
export function checkSchedule(value: Schedule, ctx: z.RefinementCtx, now = Date.now()): void {
  const { published, publishAt, unpublishAt } = value;
  checkDates(value, ctx, now);
  if (unpublishAt && !published && !publishAt) {
    ctx.addIssue({
      code: "custom",
      path: ["unpublishAt"],
      message: "Rien à dépublier : publiez ou programmez d'abord la publication.",
    });
  }
}

/** The rules of the two dates alone: each to come, the end after the start. */
export function checkDates(value: Omit<Schedule, "published">, ctx: z.RefinementCtx, now = Date.now()): void {
  const { publishAt, unpublishAt } = value;
  if (publishAt && publishAt.getTime() < now - GRACE_MS) {
    ctx.addIssue({ code: "custom", path: ["publishAt"], message: "Cette date est passée." });
  }
  if (unpublishAt && unpublishAt.getTime() < now - GRACE_MS) {
    ctx.addIssue({ code: "custom", path: ["unpublishAt"], message: "Cette date est passée." });
  }
  if (publishAt && unpublishAt && unpublishAt <= publishAt) {
    ctx.addIssue({
      code: "custom",
      path: ["unpublishAt"],
      message: "La dépublication doit suivre la publication.",
    });
  }
}

/** An instant as the datetime-local field shows it, in Paris time ("2027-03-01T14:05"). */
export function scheduleFieldValue(value: Date | string | null | undefined): string {
  if (!value) return "";
  const { day, time } = parisParts(value);
  return `${day}T${time}`;
}

/**
 * 'Brouillon', 'Publié', 'Programmé', and 'Modifications non publiées' (published, with a draft
 * waiting): what the console's lists and editors show of a record.
 */
export type PublicationState = "draft" | "published" | "scheduled" | "pending";

export const PUBLICATION_STATE_LABELS: Readonly<Record<PublicationState, string>> = {
  draft: "Brouillon",
  published: "Publié",
  scheduled: "Programmé",
  pending: "Modifications non publiées",
};

export function publicationState(row: {
  published: boolean;
  publishAt: Date | string | null;
  hasDraft?: boolean;
}): PublicationState {
  // A date is the next publication: of the record, or of its draft.
  if (row.publishAt && (!row.published || row.hasDraft)) return "scheduled";
  if (row.published) return row.hasDraft ? "pending" : "published";
  return "draft";
}
