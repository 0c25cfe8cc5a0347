// The émargement tests' common set-up: a Paris instant, a drawn signature as a learner's phone posts
// it, and a session of its own with its learners and slots, written straight into the database.
import sharp from "sharp";
import { formationSessions } from "~/features/catalogue/schema.server";
import { learners } from "~/features/learners/schema.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import { parisInstant } from "~/platform/paris-time";
import type { TestApp } from "./runtime";

/** The instant a Paris day and time name ('2027-03-01', '09:05'); throws on one that names none. */
export function parisAt(day: string, time: string): Date {
  const instant = parisInstant(day, time);
  if (!instant) throw new Error(`no instant ${day} ${time}`);
  return instant;
}

let drawing = "";
/** A transparent 320 × 120 PNG as a data URL: what the signature pad posts (drawn once per file). */
export async function signatureDataUrl(): Promise<string> {
  if (!drawing) {
    const bytes = await sharp({
      create: { width: 320, height: 120, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } },
    })
      .png()
      .toBuffer();
    drawing = `data:image/png;base64,${bytes.toString("base64")}`;
  }
  return drawing;
}

/** A posted signature with its other fields (the room's code, a trainer's name…). */
export async function signedForm(fields: Record<string, string> = {}): Promise<FormData> {
  const form = new FormData();
  form.set("signature", await signatureDataUrl());
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

export interface SlotSeed {
  day: string;
  startMinute: number;
  endMinute: number;
  trainer?: string | null;
  place?: string | null;
}

/**
 * A session of the first formation (by title) with `people` learners named `Prénom<i> <lastName><i>`
 * (their index padded to `pad` digits) and its `slots`, in order. Answers the ids and, for each slot,
 * the console's route params and address.
 */
export async function attendanceSession(
  t: { app: TestApp["app"] },
  options: {
    people: number;
    slots: readonly SlotSeed[];
    lastName?: string;
    pad?: number;
    session?: { startDate?: string; endDate?: string; place?: string; seats?: number };
  },
) {
  const [formation] = await t.app.database.query<{ id: string }>(
    "select id from formations order by title limit 1",
  );
  const days = options.slots.map((s) => s.day).sort();
  const [session] = await t.app.db
    .insert(formationSessions)
    .values({
      formationId: formation?.id ?? "",
      startDate: options.session?.startDate ?? days[0] ?? "2027-03-01",
      endDate: options.session?.endDate ?? days.at(-1) ?? "2027-03-01",
      place: options.session?.place ?? "",
      seats: options.session?.seats ?? Math.max(options.people, 10),
    })
    .returning({ id: formationSessions.id, formationId: formationSessions.formationId });
  if (!session) throw new Error("no session");
  const lastName = options.lastName ?? "Nom";
  const made =
    options.people > 0
      ? await t.app.db
          .insert(learners)
          .values(
            Array.from({ length: options.people }, (_, i) => ({
              sessionId: session.id,
              origin: "manual" as const,
              firstName: `Prénom${i}`,
              lastName: `${lastName}${String(i).padStart(options.pad ?? 3, "0")}`,
              email: `${lastName.toLowerCase()}${i}.${session.id.slice(0, 8)}@example.fr`,
            })),
          )
          .returning({ id: learners.id })
      : [];
  const slotIds: string[] = [];
  for (const slot of options.slots) {
    const [row] = await t.app.db
      .insert(sessionSlots)
      .values({ sessionId: session.id, trainer: "Claire Dubois", ...slot })
      .returning({ id: sessionSlots.id });
    if (!row) throw new Error("no slot");
    slotIds.push(row.id);
  }
  const sessionBase = `/admin/formations/${session.formationId}/sessions/${session.id}/emargement`;
  return {
    session,
    learnerIds: made.map((l) => l.id),
    slotIds,
    /** The console's params of a slot's page. */
    paramsOf: (slotId: string) => ({ id: session.formationId, sessionId: session.id, slotId }),
    /** The console's address of a slot's page. */
    baseOf: (slotId: string) => `${sessionBase}/${slotId}`,
  };
}
