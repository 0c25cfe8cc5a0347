/**
 * A session's attendance sheet (feuille d'émargement) as an A4 PDF: the centre, the formation and
 * the session; then slot by slot (each half-day), every learner with their signature as drawn, the
 * time it was recorded and the hours attended, or their absence or lateness with its reason, or an
 * empty box where nothing was recorded (the sheet can be printed and signed by hand); the trainer's
 * countersignature under each slot, or an empty box; last, each learner's total of hours attended
 * (what the attestation reads). Written slot by slot into a stream, so that a session of 200
 * learners and 80 slots never holds its signatures nor its PDF in memory. The blank sheet, for a room
 * without network, is blank-sheet-pdf.server.ts's. Server only.
 */
import { PassThrough, type Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { asc, eq, sql } from "drizzle-orm";
import { attendanceCountersignatures } from "~/features/attendance/schema.server";
import { sessionHeading } from "~/features/catalogue/index.server";
import { learners } from "~/features/learners/schema.server";
import { activitySentence } from "~/features/settings";
import { getCentreSettings } from "~/features/settings/index.server";
import { hoursText } from "~/features/timetable";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { NNBSP } from "~/platform/french";
import { formatTime, otherDayText, recordedTimeText } from "~/platform/paris-time";
import { newPdf } from "~/platform/pdf-document.server";
import { attendedMinutes } from "./minutes.server";
import { halfDay, slotHeading } from "./sheet";
import { SIGNATURE_BOX, sheetImage, sheetImagesOf } from "./sheet-images.server";
import { BLUE, emptyBox, GREY, MARGIN, sheetFileName, writeHeader } from "./sheet-layout.server";
import { sessionSlotsOf } from "./signing.server";
import { ATTENDANCE_METHOD_LABELS, type AttendanceMethod, type AttendanceStatus } from "./vocabulary";

const ROW = 30;

interface SlotEntry {
  id: string;
  learner_id: string;
  status: AttendanceStatus;
  late_minutes: number;
  reason: string | null;
  method: AttendanceMethod;
  signed: boolean;
  typed_name: string | null;
  recorded_at: Date | string;
  corrected: boolean;
}

/** Called after each slot is written: how many are, of how many. */
export type SheetProgress = (done: number, total: number) => Promise<void> | void;

/**
 * Writes the signed sheet of `sessionId` into `out` (a file, a response), reporting after each slot;
 * its file name, or null when there is no such session (nothing is written then).
 */
export async function writeAttendanceSheet(
  db: Db,
  sessionId: string,
  today: string,
  out: Writable,
  progress?: SheetProgress,
): Promise<{ fileName: string } | null> {
  const session = await sessionHeading(db, sessionId);
  if (!session) return null;
  const [centre, slots, people, minutes] = await Promise.all([
    getCentreSettings(db),
    sessionSlotsOf(db, sessionId),
    db
      .select({ id: learners.id, firstName: learners.firstName, lastName: learners.lastName })
      .from(learners)
      .where(eq(learners.sessionId, sessionId))
      .orderBy(asc(learners.lastName), asc(learners.firstName), asc(learners.id)),
    attendedMinutes(db, { sessionId }),
  ]);
  const names = new Map(
    people.map((p) => [p.id, `${p.lastName ?? "Stagiaire"} ${p.firstName ?? "anonymisé·e"}`.trim()]),
  );

  const { doc, width } = newPdf({
    info: {
      Title: `Feuille d'émargement — ${session.title}`,
      Author: centre.name,
      Subject: "Feuille d'émargement",
    },
    margin: MARGIN,
  });
  doc.pipe(out);
  const written = finished(out);
  const bottom = () => doc.page.height - MARGIN;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const cols = {
    name: MARGIN,
    mark: MARGIN + 190,
    time: MARGIN + 330,
    hours: MARGIN + 400,
    end: MARGIN + width,
  };

  writeHeader(doc, centre, session, width);

  for (const [index, slot] of slots.entries()) {
    // The drawings themselves stay in the database: the sheet reads their small copies.
    const entries = await rows<SlotEntry>(
      db,
      sql`select distinct on (learner_id) id, learner_id, status, late_minutes, reason, method,
                 signature is not null as signed, typed_name,
                 recorded_at, count(*) over (partition by learner_id) > 1 as corrected
            from attendance_entries where slot_id = ${slot.id}
           order by learner_id, seq desc`,
    );
    const byLearner = new Map(entries.map((e) => [e.learner_id, e]));
    const [counter] = await db
      .select()
      .from(attendanceCountersignatures)
      .where(eq(attendanceCountersignatures.slotId, slot.id));
    const images = await sheetImagesOf(
      db,
      entries.filter((e) => e.status !== "absent" && e.signed).map((e) => e.id),
    );
    const counterImage = counter
      ? await sheetImage(Buffer.from(counter.signature), { width: SIGNATURE_BOX.width, height: 34 })
      : null;

    ensure(60 + ROW);
    doc.moveDown(0.8);
    doc
      .font("bold")
      .fontSize(11)
      .fillColor(BLUE)
      .text(`${slotHeading(slot)} (${halfDay(slot)})`, MARGIN, doc.y, { width });
    const details = [slot.place, slot.trainer ? `Formateur·rice${NNBSP}: ${slot.trainer}` : null].filter(
      Boolean,
    );
    if (details.length) doc.font("text").fontSize(9).fillColor(GREY).text(details.join(" · "), { width });
    const headY = doc.y + 4;
    doc.font("bold").fontSize(8).fillColor(GREY);
    doc.text("Stagiaire", cols.name, headY);
    doc.text("Émargement", cols.mark, headY);
    doc.text("Heure", cols.time, headY);
    doc.text("Durée suivie", cols.hours, headY);
    doc.y = headY + 12;
    const slotMinutes = slot.endMinute - slot.startMinute;

    for (const person of people) {
      ensure(ROW);
      const y = doc.y;
      const entry = byLearner.get(person.id);
      doc
        .font("text")
        .fontSize(9)
        .fillColor("black")
        .text(names.get(person.id) ?? "", cols.name, y + 8, {
          width: cols.mark - cols.name - 6,
          lineBreak: false,
          ellipsis: true,
        });
      let attended = 0;
      if (!entry) {
        // Nothing recorded: a box to sign by hand, as on the paper sheet.
        emptyBox(doc, cols.mark, y + 2, SIGNATURE_BOX.width, SIGNATURE_BOX.height);
      } else {
        const signed = entry.signed;
        const png = images.get(entry.id) ?? null;
        if (entry.status !== "absent") {
          attended = entry.status === "late" ? Math.max(slotMinutes - entry.late_minutes, 0) : slotMinutes;
        }
        if (signed && entry.status !== "absent") {
          if (png) doc.image(png, cols.mark, y + 2, { fit: [SIGNATURE_BOX.width, SIGNATURE_BOX.height] });
          else doc.fillColor(GREY).text("Signature illisible", cols.mark, y + 8, { lineBreak: false });
          // The signature also as text: who reads the sheet with a screen reader or searches it.
          doc
            .fillColor(GREY)
            .fontSize(6)
            .text(
              entry.status === "late" ? `Signé, retard ${entry.late_minutes} min` : "Signé",
              cols.mark + 112,
              y + 10,
              {
                lineBreak: false,
              },
            );
        } else {
          const text =
            entry.status === "absent"
              ? `Absent·e${entry.reason ? `${NNBSP}: ${entry.reason}` : ""}`
              : entry.status === "late"
                ? `Retard ${entry.late_minutes} min${entry.reason ? `${NNBSP}: ${entry.reason}` : ""}`
                : entry.method === "typed"
                  ? `Nom saisi${NNBSP}: ${entry.typed_name ?? ""}`
                  : ATTENDANCE_METHOD_LABELS[entry.method];
          doc
            .fillColor("black")
            .fontSize(8)
            .text(text, cols.mark, y + 8, {
              width: cols.time - cols.mark - 6,
              lineBreak: false,
              ellipsis: true,
            });
        }
        doc
          .fontSize(8)
          .fillColor(GREY)
          .text(`${formatTime(entry.recorded_at)}${entry.corrected ? " (corrigé)" : ""}`, cols.time, y + 8, {
            lineBreak: false,
          });
        // Recorded another day than the slot's (typed afterwards): its date under the time.
        const recordedOn = otherDayText(entry.recorded_at, slot.day);
        if (recordedOn) doc.fontSize(7).text(`le ${recordedOn}`, cols.time, y + 18, { lineBreak: false });
      }
      if (entry) {
        doc
          .fontSize(9)
          .fillColor("black")
          .text(hoursText(attended), cols.hours, y + 8, { lineBreak: false });
      }
      doc
        .moveTo(MARGIN, y + ROW)
        .lineTo(cols.end, y + ROW)
        .lineWidth(0.3)
        .strokeColor("#d1d5db")
        .stroke();
      doc.y = y + ROW;
    }

    ensure(44);
    const y = doc.y + 6;
    doc.font("text").fontSize(8).fillColor(GREY);
    if (counter) {
      doc.text(
        `Contresigné par ${counter.trainerName} ${recordedTimeText(counter.signedAt, slot.day)}`,
        MARGIN,
        y + 10,
        {
          lineBreak: false,
        },
      );
      // A countersignature that cannot be read still has its line of text above.
      if (counterImage) doc.image(counterImage, cols.mark + 60, y, { fit: [SIGNATURE_BOX.width, 34] });
    } else {
      doc.text("Formateur·rice :", MARGIN, y + 10, { lineBreak: false });
      emptyBox(doc, cols.mark + 60, y, SIGNATURE_BOX.width, 34);
    }
    doc.y = y + 38;
    await progress?.(index + 1, slots.length);
  }

  // The totals: what the attestation of each learner says.
  ensure(60);
  doc.moveDown(1);
  doc
    .font("bold")
    .fontSize(12)
    .fillColor(BLUE)
    .text("Heures suivies par stagiaire", MARGIN, doc.y, { width });
  doc.moveDown(0.3);
  const planned = slots.reduce((sum, s) => sum + s.endMinute - s.startMinute, 0);
  doc
    .font("text")
    .fontSize(9)
    .fillColor(GREY)
    .text(`Durée prévue : ${hoursText(planned)}`, { width });
  doc.moveDown(0.3);
  for (const person of people) {
    ensure(16);
    const y = doc.y;
    doc
      .font("text")
      .fontSize(9)
      .fillColor("black")
      .text(names.get(person.id) ?? "", MARGIN, y, {
        width: 300,
        lineBreak: false,
        ellipsis: true,
      });
    doc.text(hoursText(minutes.get(person.id) ?? 0), cols.hours, y, { lineBreak: false });
    doc.y = y + 14;
  }

  ensure(40);
  doc
    .moveDown(1.5)
    .font("text")
    .fontSize(7)
    .fillColor(GREY)
    .text(
      [
        `Édité le ${today.split("-").reverse().join("/")}. Chaque signature est enregistrée avec son heure et l'adresse de l'appareil, sans modification possible${NNBSP}; une correction est une nouvelle saisie, journalisée.`,
        `${centre.name} — SIRET ${centre.siret} — ${activitySentence(centre)}`,
      ].join(" "),
      MARGIN,
      doc.y,
      { width },
    );
  doc.end();
  await written;
  return { fileName: sheetFileName("emargement", session) };
}

/** The signed sheet whole, in memory: for a small session (tests); the console's goes through a file. */
export async function renderAttendanceSheet(
  db: Db,
  sessionId: string,
  today: string,
): Promise<{ pdf: Buffer; fileName: string } | null> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const made = await writeAttendanceSheet(db, sessionId, today, out);
  return made ? { pdf: Buffer.concat(chunks), fileName: made.fileName } : null;
}
