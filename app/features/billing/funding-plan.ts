/**
 * What a funding plan says of itself: whether its shares add up to the learner's price. The shares may
 * differ from the price while a funder's answer is awaited; the console says by how much.
 */
import { formatCents } from "~/platform/money";

/** Null when the shares add up to the price, else the French sentence that says what is missing or too much. */
export function coverageSentence(coveredCents: number, priceCents: number): string | null {
  const gap = priceCents - coveredCents;
  if (gap === 0) return null;
  const covers = `Le plan couvre ${formatCents(coveredCents)} sur ${formatCents(priceCents)}`;
  return gap > 0
    ? `${covers}\u00a0: il manque ${formatCents(gap)}.`
    : `${covers}\u00a0: les parts dépassent le prix de ${formatCents(-gap)}.`;
}
