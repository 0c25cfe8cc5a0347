import { and, eq, sql } from "drizzle-orm";
import { ensureInvitedAccount } from "~/features/accounts/index.server";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { payerTitle } from "~/features/billing/index.server";
import { fundingShares, payers } from "~/features/billing/schema.server";
import type { NamedSigner } from "~/features/signatures/index.server";
import type { Db } from "~/platform/db/client.server";
import { openSpace } from "./invitations.server";

// Outside signers: a demande de signature names someone who may have no account (a company's
// contact the centre never invited). In the request's transaction, their address gets an account (no
// password, unconfirmed until a sign-in link proves it), so the space's sign-in page can send them a
// link while they have a signature to give (isSpaceMemberEmail). When the signer is the contact of a
// payer funding that learner (the payer's invoicing address), they also enter that payer's space,
// with its Journal line, as an invitation from Financeurs would do. The request's own e-mail is the
// only one sent: it leads to the signing page, which leads to the sign-in page.

/** 'Marie Dupont' → Marie, Dupont; a company's name alone stays whole as the first name. */
function nameParts(name: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

/** The payers funding `learnerId` whose invoicing address is `email` (any case). */
function payersOfContact(tx: Db, learnerId: string, email: string) {
  return tx
    .select({ id: payers.id, kind: payers.kind, name: payers.name })
    .from(fundingShares)
    .innerJoin(payers, eq(payers.id, fundingShares.payerId))
    .where(
      and(
        eq(fundingShares.learnerId, learnerId),
        sql`lower(${payers.invoicingEmail}) = lower(${email.trim()})`,
      ),
    );
}

/** The signer's account, and the payer's space when they are its contact (provided to signatures at boot). */
export async function inviteSigner(tx: Db, actor: Actor, signer: NamedSigner): Promise<void> {
  const userId = await ensureInvitedAccount(tx, { email: signer.email, ...nameParts(signer.name) });
  if (signer.role !== "company") return;
  for (const payer of await payersOfContact(tx, signer.learnerId, signer.email)) {
    const memberId = await openSpace(tx, actor, userId, { payerId: payer.id });
    await writeAudit(tx, actor, {
      action: "invite",
      entity: "space_member",
      entityId: memberId,
      details: { title: payerTitle(payer), role: "payer" },
    });
  }
}
