/**
 * What the money's console screens share (a learner's Financement, an invoice, a quote): the payers a
 * form may choose, the name a staff member signs an answer with, the redirect that opens the
 * record an intent just made, and the deletion of a draft that goes back to where it came from.
 */
import { asc } from "drizzle-orm";
import type { ConsoleUser } from "~/platform/console/access.server";
import { type AdminActionResult, attemptOnRecord, type RecordTitles } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { redirectWithToast } from "~/platform/toast.server";
import { fundingHref } from "./console-paths";
import { payers } from "./schema.server";
import type { PayerKind } from "./vocabulary";

/** A payer as a form's select offers it. */
export interface PayerChoice {
  id: string;
  name: string;
  kind: PayerKind;
  email: string;
  city: string;
}

/**
 * The register, by name: what a share, an invoice or a quote chooses from. A centre's register
 * counts tens to a few hundred payers; the select filters them as one types, in the browser.
 */
export function payerChoices(db: Db): Promise<PayerChoice[]> {
  return db
    .select({
      id: payers.id,
      name: payers.name,
      kind: payers.kind,
      email: payers.invoicingEmail,
      city: payers.city,
    })
    .from(payers)
    .orderBy(asc(payers.name), asc(payers.city));
}

/** The name a staff member's answer is recorded under ('Camille Martin', else their e-mail). */
export function staffName(user: ConsoleUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name || user.name?.trim() || user.email;
}

/**
 * The answer of an intent that made a record (a draft, a credit note, a quote): on success the
 * browser goes to `href(created)` with the toast; a refusal stays on the page with its toast and
 * the fields in error.
 */
export async function openCreated(
  app: AppRuntime,
  result: { data: AdminActionResult },
  created: string | null,
  href: (id: string) => string,
) {
  if (!result.data.ok || !created) return result;
  return redirectWithToast(href(created), result.data.toast, app.config.authSecret);
}

/**
 * `delete` of a draft (an invoice's, a quote's) by the posted `id`: `remove` deletes it and answers
 * the learner it was for, or null. The browser then goes to that learner's Financement, where such a
 * draft is made, or else to `list`, with the toast; a refusal stays on the page.
 */
export async function deleteDraftAndLeave(
  app: AppRuntime,
  posted: unknown,
  titles: RecordTitles,
  list: string,
  remove: (id: string) => Promise<string | null>,
) {
  let back = list;
  const result = await attemptOnRecord(app, "delete", posted, titles, async (id) => {
    const learnerId = await remove(id);
    if (learnerId) back = fundingHref(learnerId);
  });
  if (!result.data.ok) return result;
  return redirectWithToast(back, result.data.toast, app.config.authSecret);
}
