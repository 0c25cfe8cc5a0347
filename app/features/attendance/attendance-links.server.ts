// Issuing the personal links: one per learner and slot, its token the HMAC of its id (only the token's
// hash is stored), and the learner's page's reading of a link at `now`.

import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { attendanceEntries, attendanceLinks, attendanceRoomLinks } from "~/features/attendance/schema.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { learners } from "~/features/learners/schema.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import type { Db } from "~/platform/db/client.server";
import { type SlotTimes, signingWindow, windowState } from "./signing-window";

/**
 * A personal link's token: the HMAC of its id under the server's AUTH_SECRET (43 base64url
 * characters). The database keeps only its SHA-256, so a copy of the database signs nothing; the
 * console derives the token again to show or send the link.
 */
export const attendanceToken = (secret: string, linkId: string) =>
  createHmac("sha256", secret).update(`attendance-link:${linkId}`).digest("base64url");
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const attendanceUrl = (publicUrl: string, token: string) => `${publicUrl}/emargement/${token}`;

/* ---------------------------------------------------------------------------------------------- */
/* Personal codes and the room's QR code                                                           */
/* ---------------------------------------------------------------------------------------------- */

/** Letters and digits nobody confuses when copying from a phone (no 0/O, 1/I/L): 31 signs. */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 6;

/**
 * A learner's personal code (6 signs, about 2^30 values), sent with each signing link e-mail and
 * shown to staff on the slot's page: typed after scanning the room's QR code, it says who signs.
 * The HMAC of the learner's id under the server's secret: nothing is stored, so a copy of the
 * database gives no code, and the code is the same for every slot of the learner.
 */
export function attendanceCode(secret: string, learnerId: string): string {
  const digest = createHmac("sha256", secret).update(`attendance-code:${learnerId}`).digest();
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[(digest[i] ?? 0) % CODE_ALPHABET.length];
  return code;
}

/** 'K7M 4QX': the code as printed, in two groups of three. */
export const codeText = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

/** A typed code as compared: capitals, without spaces, dashes or dots; null when it cannot be one. */
export function typedCode(posted: unknown): string | null {
  if (typeof posted !== "string") return null;
  const code = posted.toUpperCase().replace(/[\s.\-–]/g, "");
  return code.length === CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c)) ? code : null;
}

const sameCode = (a: string, b: string) => timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The learner of `sessionId` whose personal code is `code`: still following the session (not
 * 'Abandon', not anonymised). Every learner's code is compared, in constant time each.
 */
export async function learnerOfCode(db: Db, secret: string, sessionId: string, code: string) {
  const members = await db
    .select({ id: learners.id, firstName: learners.firstName, lastName: learners.lastName })
    .from(learners)
    .where(
      and(
        eq(learners.sessionId, sessionId),
        ne(learners.status, "dropped_out"),
        sql`${learners.anonymisedAt} is null`,
      ),
    );
  let found: (typeof members)[number] | null = null;
  for (const m of members) if (sameCode(attendanceCode(secret, m.id), code)) found = m;
  return found;
}

/** The room QR code's token: the HMAC of its row's id (only its SHA-256 is stored). */
const roomToken = (secret: string, id: string) =>
  createHmac("sha256", secret).update(`attendance-room:${id}`).digest("base64url");

/** Where the room's QR code leads: a secret address per slot, masked in the logs like a personal link. */
export const roomUrl = (publicUrl: string, token: string) => `${publicUrl}/emargement/salle/${token}`;

/** The slot's room token (its row made on first ask, then the same). */
export async function slotRoomToken(db: Db, secret: string, slotId: string): Promise<string> {
  const id = randomUUID();
  // Two staff members showing the QR code at once: one row per slot, the other insert does nothing.
  await db
    .insert(attendanceRoomLinks)
    .values({ slotId, id, tokenHash: hashToken(roomToken(secret, id)) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: attendanceRoomLinks.id })
    .from(attendanceRoomLinks)
    .where(eq(attendanceRoomLinks.slotId, slotId));
  if (!row) throw new Error("attendance: no room link");
  return roomToken(secret, row.id);
}

/** The slot a room token opens, with what the learner's page shows; null when unknown. */
export async function roomSlotOf(db: Db, token: string) {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({
      slotId: sessionSlots.id,
      sessionId: sessionSlots.sessionId,
      day: sessionSlots.day,
      startMinute: sessionSlots.startMinute,
      endMinute: sessionSlots.endMinute,
      place: sessionSlots.place,
      trainer: sessionSlots.trainer,
      formationTitle: formations.title,
    })
    .from(attendanceRoomLinks)
    .innerJoin(sessionSlots, eq(sessionSlots.id, attendanceRoomLinks.slotId))
    .innerJoin(formationSessions, eq(formationSessions.id, sessionSlots.sessionId))
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(attendanceRoomLinks.tokenHash, hashToken(token)));
  return row ?? null;
}

/** Each learner of the slot's session with their personal link (made on first ask, then the same). */
export async function slotLinks(
  db: Db,
  secret: string,
  slotId: string,
): Promise<{ learnerId: string; token: string }[]> {
  const members = await db
    .select({ id: learners.id })
    .from(learners)
    .innerJoin(sessionSlots, eq(sessionSlots.sessionId, learners.sessionId))
    .where(and(eq(sessionSlots.id, slotId), sql`${learners.anonymisedAt} is null`));
  if (members.length > 0) {
    const made = members.map((m) => {
      const id = randomUUID();
      return { id, slotId, learnerId: m.id, tokenHash: hashToken(attendanceToken(secret, id)) };
    });
    // Two staff members asking at once: one row per learner and slot, the other insert does nothing.
    await db.insert(attendanceLinks).values(made).onConflictDoNothing();
  }
  const links = await db
    .select({ id: attendanceLinks.id, learnerId: attendanceLinks.learnerId })
    .from(attendanceLinks)
    .where(eq(attendanceLinks.slotId, slotId));
  return links.map((l) => ({ learnerId: l.learnerId, token: attendanceToken(secret, l.id) }));
}

/** What a personal link shows at `now`. */
export type LinkView =
  | { state: "unknown" }
  | { state: "early"; opensAt: Date; slot: SlotView; learnerName: string }
  | { state: "closed"; slot: SlotView }
  | { state: "signed"; signedAt: Date; slot: SlotView; learnerName: string }
  | { state: "open"; closesAt: Date; slot: SlotView; learnerName: string };

export interface SlotView extends SlotTimes {
  formationTitle: string;
  place: string | null;
  trainer: string | null;
}

export async function linkOf(db: Db, token: string) {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({
      slotId: attendanceLinks.slotId,
      learnerId: attendanceLinks.learnerId,
      firstName: learners.firstName,
      lastName: learners.lastName,
      anonymisedAt: learners.anonymisedAt,
      day: sessionSlots.day,
      startMinute: sessionSlots.startMinute,
      endMinute: sessionSlots.endMinute,
      place: sessionSlots.place,
      trainer: sessionSlots.trainer,
      formationTitle: formations.title,
    })
    .from(attendanceLinks)
    .innerJoin(learners, eq(learners.id, attendanceLinks.learnerId))
    .innerJoin(sessionSlots, eq(sessionSlots.id, attendanceLinks.slotId))
    .innerJoin(formationSessions, eq(formationSessions.id, sessionSlots.sessionId))
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(attendanceLinks.tokenHash, hashToken(token)));
  // An anonymised learner's link opens nothing.
  return row && !row.anonymisedAt ? row : null;
}

export async function signatureOf(db: Db, slotId: string, learnerId: string): Promise<Date | null> {
  const [row] = await db
    .select({ recordedAt: attendanceEntries.recordedAt })
    .from(attendanceEntries)
    .where(
      and(
        eq(attendanceEntries.slotId, slotId),
        eq(attendanceEntries.learnerId, learnerId),
        sql`${attendanceEntries.method} <> 'staff'`,
      ),
    );
  return row?.recordedAt ?? null;
}

/** The learner's page's reading of a link at `now`. */
export async function openAttendanceLink(db: Db, token: string, now: Date): Promise<LinkView> {
  const link = await linkOf(db, token);
  if (!link) return { state: "unknown" };
  const slot: SlotView = {
    day: link.day,
    startMinute: link.startMinute,
    endMinute: link.endMinute,
    place: link.place,
    trainer: link.trainer,
    formationTitle: link.formationTitle,
  };
  const learnerName = `${link.firstName ?? ""} ${link.lastName ?? ""}`.trim();
  const signedAt = await signatureOf(db, link.slotId, link.learnerId);
  if (signedAt) return { state: "signed", signedAt, slot, learnerName };
  const state = windowState(slot, now);
  const { opensAt, closesAt } = signingWindow(slot);
  if (state === "early") return { state, opensAt, slot, learnerName };
  if (state === "closed") return { state, slot };
  return { state, closesAt, slot, learnerName };
}
