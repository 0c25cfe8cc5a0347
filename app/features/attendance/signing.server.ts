/**
 * Recording the signatures of a slot: a learner's drawn on the trainer's device or on their own phone
 * through a personal link, a name typed instead of drawn, the trainer's countersignature. Every signature is
 * a new row stored with the server's time and the device's address; the database refuses a second
 * signature of a learner for a slot (unique index) and any change afterwards (trigger). The clock is
 * a parameter (`now`): the server's own in production, a chosen instant in tests. The window is in
 * signing-window.ts, the posted drawing or name in signature-input.server.ts, the links in
 * attendance-links.server.ts.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { attendanceCountersignatures, attendanceEntries } from "~/features/attendance/schema.server";
import { learners } from "~/features/learners/schema.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import type { Db } from "~/platform/db/client.server";
import { learnerOfCode, linkOf, roomSlotOf, signatureOf, typedCode } from "./attendance-links.server";
import { storeSheetImage } from "./sheet-images.server";
import { personName, signaturePng, typedName } from "./signature-input.server";
import { outsideWindow } from "./signing-window";

const UNIQUE_VIOLATION = "23505";

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

/** A drawing is recorded under the way it came (`method`); a typed name as 'typed', whatever the way. */
function signedAs(
  fields: { signature: Uint8Array } | { typedName: string },
  method: "pad" | "link" | "room",
): { method: "pad" | "link" | "room"; signature: Uint8Array } | { method: "typed"; typedName: string } {
  return "signature" in fields
    ? { method, signature: fields.signature }
    : { method: "typed", typedName: fields.typedName };
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
    method: "pad" | "link" | "room" | "typed";
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
      .returning({ id: attendanceEntries.id, recordedAt: attendanceEntries.recordedAt });
    if (!row) throw new Error("attendance: no row inserted");
    // The sheet's copy of the drawing, made now (one drawing) rather than when the sheet is asked for.
    if (values.signature) await storeSheetImage(db, row.id, values.signature);
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
  const outside = outsideWindow(link, now);
  if (outside) return outside;
  const fields = await signatureFields(form, link);
  if ("error" in fields) return { state: "invalid", error: fields.error };
  return insertSignature(
    db,
    {
      slotId: link.slotId,
      learnerId: link.learnerId,
      ...signedAs(fields, "link"),
    },
    device,
    now,
  );
}

/** What the room's QR code page says of the code typed: who signs, or why nobody. */
export type RoomIdentity =
  | { state: "identified"; learnerId: string; learnerName: string; signedAt: Date | null }
  | { state: "wrong-code" }
  | { state: "early"; opensAt: Date }
  | { state: "closed" }
  | { state: "unknown" };

/**
 * Who the personal `code` typed on the room's QR code page (`token`) names, at `now`: only during
 * the slot's signing window, and only a learner of the slot's session still following it.
 */
export async function identifyInRoom(
  db: Db,
  secret: string,
  token: string,
  posted: unknown,
  now: Date,
): Promise<RoomIdentity> {
  const slot = await roomSlotOf(db, token);
  if (!slot) return { state: "unknown" };
  const outside = outsideWindow(slot, now);
  if (outside) return outside;
  const code = typedCode(posted);
  const learner = code ? await learnerOfCode(db, secret, slot.sessionId, code) : null;
  if (!learner) return { state: "wrong-code" };
  return {
    state: "identified",
    learnerId: learner.id,
    learnerName: `${learner.firstName ?? ""} ${learner.lastName ?? ""}`.trim(),
    signedAt: await signatureOf(db, slot.slotId, learner.id),
  };
}

/**
 * A learner signs through the room's QR code with their personal code, at `now`: recorded as their
 * own signature ('room'; a typed name, 'typed'), never by staff, with the device's address.
 */
export async function signInRoom(
  db: Db,
  secret: string,
  token: string,
  form: FormData,
  device: Device,
  now: Date,
): Promise<SignOutcome | { state: "wrong-code" }> {
  const slot = await roomSlotOf(db, token);
  const who = await identifyInRoom(db, secret, token, form.get("code"), now);
  if (who.state !== "identified" || !slot) return who.state === "identified" ? { state: "unknown" } : who;
  const names = await db
    .select({ firstName: learners.firstName, lastName: learners.lastName })
    .from(learners)
    .where(eq(learners.id, who.learnerId));
  const fields = await signatureFields(form, names[0] ?? { firstName: null, lastName: null });
  if ("error" in fields) return { state: "invalid", error: fields.error };
  return insertSignature(
    db,
    {
      slotId: slot.slotId,
      learnerId: who.learnerId,
      ...signedAs(fields, "room"),
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
  const outside = outsideWindow(slot, now);
  if (outside) return outside;
  const fields = await signatureFields(form, learner);
  if ("error" in fields) return { state: "invalid", error: fields.error };
  return insertSignature(
    db,
    {
      slotId: slot.id,
      learnerId: learner.id,
      recordedBy: input.recordedBy,
      ...signedAs(fields, "pad"),
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
 * too (the trainer signs when the last learner has). `trainerName`: the name signed under, when the
 * caller knows it (the trainer's own space), instead of the one posted.
 */
export async function countersign(
  db: Db,
  input: { sessionId: string; slotId: string; signedBy: string; trainerName?: string },
  form: FormData,
  device: Device,
  now: Date,
): Promise<CountersignOutcome> {
  const slot = await slotOf(db, input.sessionId, input.slotId);
  if (!slot) return { state: "unknown" };
  // The countersignature stays possible after the slot's end: only an early one is refused.
  const outside = outsideWindow(slot, now);
  if (outside?.state === "early") return outside;
  // The trainer's space signs under the register's name; the console's form posts the name typed.
  const name = personName(input.trainerName ?? form.get("trainerName") ?? slot.trainer ?? "");
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
