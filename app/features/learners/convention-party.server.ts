import { eq } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { learners } from "./schema.server";
import type { LearnerFunding } from "./vocabulary";

export interface ConventionParty {
  name: string;
  address: string;
  /** 14 digits, or null. */
  siret: string | null;
  contactName: string | null;
  contactEmail: string | null;
}

/**
 * Who pays for the learner and, unless the learner pays personally (a contrat de formation, no other
 * party), the party of the convention. Billing calls it when a payer accepts a quote, so the
 * convention names the payer that accepted.
 */
export async function setConventionParty(
  db: Db,
  learnerId: string,
  { fundingSource, party }: { fundingSource: LearnerFunding; party: ConventionParty | null },
): Promise<void> {
  const personal = fundingSource === "personal" || party === null;
  await db
    .update(learners)
    .set({
      fundingSource,
      payerName: personal ? null : party.name,
      payerAddress: personal ? null : party.address,
      payerSiret: personal || !party.siret ? null : party.siret,
      payerContactName: personal ? null : party.contactName,
      payerContactEmail: personal ? null : party.contactEmail,
      updatedAt: new Date(),
    })
    .where(eq(learners.id, learnerId));
}
