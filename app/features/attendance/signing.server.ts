/**
 * Signing a slot: a learner's signature drawn on the trainer's device or on their own phone through
 * a personal link, a name typed instead of drawn, the trainer's countersignature. Every signature is
 * a new row stored with the server's time and the device's address; the database refuses a second
 * signature of a learner for a slot (unique index) and any change afterwards (trigger). The clock is
 * a parameter (`now`): the server's own in production, a chosen instant in tests.
 */
import { createHash, createHmac, randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import {
  attendanceCountersignatures,
  attendanceEntries,
  attendanceLinks,
} from "~/features/attendance/schema.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { learners } from "~/features/learners/schema.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import type { Db } from "~/platform/db/client.server";
import { NNBSP } from "~/platform/french";
import { parisInstant } from "~/platform/paris-time";

/** A drawn signature is a PNG of at most this size: a hand-drawn line on a phone is 5 to 40 KB. */
export const SIGNATURE_MAX_BYTES = 200_000;
/** The signing opens this long before the slot starts (learners arrive early), and closes at its end. */
export const EARLY_MINUTES = 15;
const TYPED_NAME_MAX = 120;
const UNIQUE_VIOLATION = "23505";

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

/* ---------------------------------------------------------------------------------------------- */
/* Signatures as PNG                                                                               */
/* ---------------------------------------------------------------------------------------------- */

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const NOT_PNG = "La signature n'est pas une image PNG.";

/**
 * Whether `bytes` decode whole as a PNG. The header proves nothing of what follows (a PNG header
 * then junk would be kept as a legal record nobody can show). Not the médiathèque's bounded image
 * queue: a room of learners signs at once, and a signature (200 KB at most) decodes in milliseconds.
 */
async function decodesAsPng(bytes: Buffer): Promise<boolean> {
  try {
    const image = sharp(bytes, { failOn: "error", limitInputPixels: 4000 * 4000, sequentialRead: true });
    if ((await image.metadata()).format !== "png") return false;
    // Decoding into a tiny thumbnail reads every byte; the result is thrown away.
    await image.resize({ width: 16 }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

/** Said for a signature over SIGNATURE_MAX_BYTES, whether the body or the PNG is what is too large. */
export const SIGNATURE_TOO_LARGE = `La signature est trop lourde (200 Ko au plus)${NNBSP}: effacez-la et signez à nouveau.`;

/**
 * The PNG bytes of a posted signature ('data:image/png;base64,…' as the canvas gives it), or the
 * French reason it is refused: not a PNG, too large, too small to be a drawing, absurd dimensions.
 */
export async function signaturePng(posted: unknown): Promise<Uint8Array | string> {
  if (typeof posted !== "string" || posted === "") return "Signez dans le cadre avant de valider.";
  const base64 = posted.startsWith("data:image/png;base64,") ? posted.slice(22) : null;
  if (base64 === null || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return NOT_PNG;
  if ((base64.length * 3) / 4 > SIGNATURE_MAX_BYTES + 3) {
    return SIGNATURE_TOO_LARGE;
  }
  const bytes = Buffer.from(base64, "base64");
  if (bytes.byteLength > SIGNATURE_MAX_BYTES) {
    return SIGNATURE_TOO_LARGE;
  }
  // The signature, then the IHDR chunk: length 13, type, width, height.
  if (
    bytes.byteLength < 33 ||
    !bytes.subarray(0, 8).equals(PNG_MAGIC) ||
    bytes.toString("latin1", 12, 16) !== "IHDR"
  ) {
    return NOT_PNG;
  }
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 50 || height < 30 || width > 4000 || height > 4000)
    return "La signature n'a pas une taille valable.";
  return (await decodesAsPng(bytes)) ? new Uint8Array(bytes) : NOT_PNG;
}

/** A person's name as typed, trimmed and its spaces collapsed, or the French reason it is refused. */
function personName(posted: unknown): string | { error: string } {
  const name = typeof posted === "string" ? posted.trim().replace(/\s+/g, " ") : "";
  if (name.length < 2) return { error: "Saisissez votre nom et votre prénom pour signer." };
  if (name.length > TYPED_NAME_MAX) return { error: "Ce nom est trop long." };
  return name;
}

/**
 * A name as compared: lower case, without accents, hyphens and apostrophes read as spaces, its words
 * in alphabetical order ('Nom Prénom' is the same person as 'Prénom Nom').
 */
const comparableName = (name: string) =>
  name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[-'’‐‑]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .sort()
    .join(" ");

/** Said when a typed name is not the one of the learner the signature is for. */
export const NAME_MISMATCH = `Ce nom n'est pas celui du ou de la stagiaire pour qui ce lien a été envoyé${NNBSP}: saisissez votre prénom et votre nom tels que le centre les a enregistrés.`;

/**
 * A typed name (instead of a drawing), trimmed, or the French reason it is refused. It signs for
 * `learner` only if it is their name (case, accents, extra spaces and the order of the words aside):
 * a typed name is the signature of the person it names.
 */
export function typedName(
  posted: unknown,
  learner: { firstName: string | null; lastName: string | null },
): string | { error: string } {
  const name = personName(posted);
  if (typeof name !== "string") return name;
  const expected = comparableName(`${learner.firstName ?? ""} ${learner.lastName ?? ""}`);
  if (comparableName(name) !== expected) return { error: NAME_MISMATCH };
  return name;
}

/* ---------------------------------------------------------------------------------------------- */
/* Personal links                                                                                  */
/* ---------------------------------------------------------------------------------------------- */

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

async function linkOf(db: Db, token: string) {
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

async function signatureOf(db: Db, slotId: string, learnerId: string): Promise<Date | null> {
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

export interface Device {
  ip: string | null;
  userAgent: string | null;
}

export type SignOutcome =
  | { state: "signed"; signedAt: Date }
  | { state: "already"; signedAt: Date }
  | { state: "invalid"; error: string }
  | { state: "early"; opensAt: Date }
  | { state: "closed" }
  | { state: "unknown" };

/** What a posted signature of `learner` holds: a drawing ('signature') or their typed name ('typedName'). */
async function signatureFields(
  form: FormData,
  learner: { firstName: string | null; lastName: string | null },
): Promise<{ signature: Uint8Array } | { typedName: string } | { error: string }> {
  const typed = form.get("typedName");
  if (typeof typed === "string" && typed.trim() !== "" && !form.get("signature")) {
    const name = typedName(typed, learner);
    return typeof name === "string" ? { typedName: name } : name;
  }
  const png = await signaturePng(form.get("signature"));
  return typeof png === "string" ? { error: png } : { signature: png };
}

/**
 * Inserts a learner's signature; the unique index answers a second one (a double tap, a retry, the
 * link and the pad at once) with the first one's time instead of a second row.
 */
async function insertSignature(
  db: Db,
  values: {
    slotId: string;
    learnerId: string;
    method: "pad" | "link" | "typed";
    signature?: Uint8Array;
    typedName?: string;
    recordedBy?: string | null;
  },
  device: Device,
  now: Date,
): Promise<SignOutcome> {
  try {
    const [row] = await db
      .insert(attendanceEntries)
      .values({
        slotId: values.slotId,
        learnerId: values.learnerId,
        status: "present",
        method: values.method,
        signature: values.signature ?? null,
        typedName: values.typedName ?? null,
        recordedBy: values.recordedBy ?? null,
        // The clock that opened the window stamps the signature (the server's, not the database's).
        recordedAt: now,
        ip: device.ip?.slice(0, 64) ?? null,
        userAgent: device.userAgent?.slice(0, 300) ?? null,
      })
      .returning({ recordedAt: attendanceEntries.recordedAt });
    if (!row) throw new Error("attendance: no row inserted");
    return { state: "signed", signedAt: row.recordedAt };
  } catch (error) {
    if (pgCode(error) !== UNIQUE_VIOLATION) throw error;
    const signedAt = await signatureOf(db, values.slotId, values.learnerId);
    return { state: "already", signedAt: signedAt ?? new Date() };
  }
}

function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let i = 0; i < 4 && current && typeof current === "object"; i++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A learner signs through their personal link, at `now` (the server's clock decides the window). */
export async function signThroughLink(
  db: Db,
  token: string,
  form: FormData,
  device: Device,
  now: Date,
): Promise<SignOutcome> {
  const link = await linkOf(db, token);
  if (!link) return { state: "unknown" };
  const state = windowState(link, now);
  if (state === "early") return { state, opensAt: signingWindow(link).opensAt };
  if (state === "closed") return { state };
  const fields = await signatureFields(form, link);
  if ("error" in fields) return { state: "invalid", error: fields.error };
  return insertSignature(
    db,
    {
      slotId: link.slotId,
      learnerId: link.learnerId,
      ...("signature" in fields
        ? { method: "link" as const, signature: fields.signature }
        : { method: "typed" as const, typedName: fields.typedName }),
    },
    device,
    now,
  );
}

/** The slot of a session with its learners, for the console's signing page; null when unknown. */
export async function slotOf(db: Db, sessionId: string, slotId: string) {
  const [slot] = await db
    .select({
      id: sessionSlots.id,
      sessionId: sessionSlots.sessionId,
      day: sessionSlots.day,
      startMinute: sessionSlots.startMinute,
      endMinute: sessionSlots.endMinute,
      place: sessionSlots.place,
      link: sessionSlots.link,
      trainer: sessionSlots.trainer,
    })
    .from(sessionSlots)
    .where(and(eq(sessionSlots.id, slotId), eq(sessionSlots.sessionId, sessionId)));
  return slot ?? null;
}

/** A learner signs on the trainer's or staff's device (the console's signing page), at `now`. */
export async function signOnPad(
  db: Db,
  input: { sessionId: string; slotId: string; learnerId: string; recordedBy: string },
  form: FormData,
  device: Device,
  now: Date,
): Promise<SignOutcome> {
  const slot = await slotOf(db, input.sessionId, input.slotId);
  if (!slot) return { state: "unknown" };
  const [learner] = await db
    .select({ id: learners.id, firstName: learners.firstName, lastName: learners.lastName })
    .from(learners)
    .where(
      and(
        eq(learners.id, input.learnerId),
        eq(learners.sessionId, input.sessionId),
        sql`${learners.anonymisedAt} is null`,
      ),
    );
  if (!learner) return { state: "unknown" };
  const state = windowState(slot, now);
  if (state === "early") return { state, opensAt: signingWindow(slot).opensAt };
  if (state === "closed") return { state };
  const fields = await signatureFields(form, learner);
  if ("error" in fields) return { state: "invalid", error: fields.error };
  return insertSignature(
    db,
    {
      slotId: slot.id,
      learnerId: learner.id,
      recordedBy: input.recordedBy,
      ...("signature" in fields
        ? { method: "pad" as const, signature: fields.signature }
        : { method: "typed" as const, typedName: fields.typedName }),
    },
    device,
    now,
  );
}

export type CountersignOutcome =
  | { state: "signed" }
  | { state: "already"; signedAt: Date }
  | { state: "early"; opensAt: Date }
  | { state: "invalid"; error: string; field: "signature" | "trainerName" }
  | { state: "unknown" };

/**
 * The trainer countersigns the slot, once: from the moment signing opens, and after the slot's end
 * too (the trainer signs when the last learner has).
 */
export async function countersign(
  db: Db,
  input: { sessionId: string; slotId: string; signedBy: string },
  form: FormData,
  device: Device,
  now: Date,
): Promise<CountersignOutcome> {
  const slot = await slotOf(db, input.sessionId, input.slotId);
  if (!slot) return { state: "unknown" };
  if (windowState(slot, now) === "early") return { state: "early", opensAt: signingWindow(slot).opensAt };
  const name = personName(form.get("trainerName") ?? slot.trainer ?? "");
  if (typeof name !== "string") {
    return {
      state: "invalid",
      error: "Indiquez le nom du formateur ou de la formatrice.",
      field: "trainerName",
    };
  }
  const png = await signaturePng(form.get("signature"));
  if (typeof png === "string") return { state: "invalid", error: png, field: "signature" };
  const inserted = await db
    .insert(attendanceCountersignatures)
    .values({
      slotId: slot.id,
      trainerName: name,
      signature: png,
      signedBy: input.signedBy,
      signedAt: now,
      ip: device.ip?.slice(0, 64) ?? null,
      userAgent: device.userAgent?.slice(0, 300) ?? null,
    })
    .onConflictDoNothing()
    .returning({ slotId: attendanceCountersignatures.slotId });
  if (inserted.length > 0) return { state: "signed" };
  const [existing] = await db
    .select({ signedAt: attendanceCountersignatures.signedAt })
    .from(attendanceCountersignatures)
    .where(eq(attendanceCountersignatures.slotId, slot.id));
  return { state: "already", signedAt: existing?.signedAt ?? now };
}

/** The slots of a session in order, for the console's list of signing pages. */
export function sessionSlotsOf(db: Db, sessionId: string) {
  return db
    .select({
      id: sessionSlots.id,
      day: sessionSlots.day,
      startMinute: sessionSlots.startMinute,
      endMinute: sessionSlots.endMinute,
      trainer: sessionSlots.trainer,
      place: sessionSlots.place,
    })
    .from(sessionSlots)
    .where(eq(sessionSlots.sessionId, sessionId))
    .orderBy(asc(sessionSlots.day), asc(sessionSlots.startMinute));
}
