// When a slot can be signed: from EARLY_MINUTES before its start to its end, in Paris time. The clock
// is a parameter (`now`): the server's own in production, a chosen instant in tests.

import { parisInstant } from "~/platform/paris-time";

/** A drawn signature is a PNG of at most this size: a hand-drawn line on a phone is 5 to 40 KB. */
export const SIGNATURE_MAX_BYTES = 200_000;
/** The signing opens this long before the slot starts (learners arrive early), and closes at its end. */
export const EARLY_MINUTES = 15;

export interface SlotTimes {
  day: string;
  startMinute: number;
  endMinute: number;
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The instant a minute of a Paris day names (1440: midnight ending the day). */
function instantOf(day: string, minute: number): Date {
  if (minute >= 1440) {
    const next = new Date(`${day}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return instantOf(next.toISOString().slice(0, 10), minute - 1440);
  }
  // An hour skipped when clocks go forward names no instant: the next whole hour stands for it.
  return parisInstant(day, clock(minute)) ?? instantOf(day, minute - (minute % 60) + 60);
}

/** The instant the slot starts. */
export const slotStartsAt = (slot: SlotTimes): Date => instantOf(slot.day, slot.startMinute);

/** When signing a slot opens (its start less EARLY_MINUTES) and closes (its end). */
export function signingWindow(slot: SlotTimes): { opensAt: Date; closesAt: Date } {
  const start = instantOf(slot.day, slot.startMinute);
  return {
    opensAt: new Date(start.getTime() - EARLY_MINUTES * 60_000),
    closesAt: instantOf(slot.day, slot.endMinute),
  };
}

/** Where `now` falls in the slot's signing window. */
export function windowState(slot: SlotTimes, now: Date): "early" | "open" | "closed" {
  const { opensAt, closesAt } = signingWindow(slot);
  if (now < opensAt) return "early";
  return now < closesAt ? "open" : "closed";
}

/**
 * Why `now` may not sign the slot (not open yet: when it opens; ended), or null while it may: the one
 * check every way of signing makes before reading what was posted.
 */
export function outsideWindow(
  slot: SlotTimes,
  now: Date,
): { state: "early"; opensAt: Date } | { state: "closed" } | null {
  const state = windowState(slot, now);
  if (state === "early") return { state, opensAt: signingWindow(slot).opensAt };
  return state === "closed" ? { state } : null;
}
