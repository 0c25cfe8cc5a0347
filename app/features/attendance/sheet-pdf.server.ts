/**
 * A session's attendance sheet (feuille d'émargement) as an A4 PDF: the centre, the formation and
 * the session; then slot by slot (each half-day), every learner with their signature as drawn, the
 * time it was recorded and the hours attended, or their absence or lateness with its reason; the
 * trainer's countersignature under each slot; last, each learner's total of hours attended (what the
 * attestation reads). Written slot by slot, so that a session of 200 learners and 80 slots never
 * holds all its signatures in memory. Server only.
 */
import { asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { attendanceCountersignatures } from "~/features/attendance/schema.server";
import { formatDateRange } from "~/features/catalogue";
import { sessionHeading } from "~/features/catalogue/index.server";
import { learners } from "~/features/learners/schema.server";
import { activitySentence, type CentreIdentity, fullAddress } from "~/features/settings";
import { getCentreSettings } from "~/features/settings/index.server";
import { hoursText } from "~/features/timetable";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { formatTime } from "~/platform/paris-time";
import { fileNamePart, openPdf } from "~/platform/pdf-document.server";
import { attendedMinutes } from "./minutes.server";
import { halfDay, slotHeading } from "./sheet";
import { sessionSlotsOf } from "./signing.server";
import { ATTENDANCE_METHOD_LABELS, type AttendanceMethod, type AttendanceStatus } from "./vocabulary";

const MARGIN = 40;
const BLUE = "#1e3a8a";
const GREY = "#4b5563";
const ROW = 30;
const SIGNATURE_BOX = { width: 110, height: 26 };

interface SlotEntry {
  learner_id: string;
  status: AttendanceStatus;
  late_minutes: number;
  reason: string | null;
  method: AttendanceMethod;
  signature: Uint8Array | Buffer | string | null;
  typed_name: string | null;
  recorded_at: Date | string;
  corrected: boolean;
}

/** PGlite answers bytea as bytes; node-postgres too, but a raw query may answer '\x…' text. */
function bytesOf(value: Uint8Array | Buffer | string | null): Buffer | null {
  if (value === null) return null;
  if (typeof value === "string") return value.startsWith("\\x") ? Buffer.from(value.slice(2), "hex") : null;
  return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

/**
 * A signature as the sheet draws it: flattened on white, in grey levels, at twice its box's size at
 * most. The PDF library copies such a PNG as it is, where it decodes a transparent one and splits its
 * alpha pixel by pixel in JavaScript, on the server's only thread (about 8 ms each: two minutes for a
 * session of 200 learners and 80 slots, while nobody else is answered). libvips does this work on its
 * own threads. Null when the bytes are no readable image: the sheet then says so in words.
 */
async function sheetImage(
  png: Buffer | null,
  box: { width: number; height: number },
): Promise<Buffer | null> {
  if (!png) return null;
  try {
    return await sharp(png, { failOn: "error", limitInputPixels: 4000 * 4000 })
      .flatten({ background: "#ffffff" })
      .resize({ width: box.width * 2, height: box.height * 2, fit: "inside", withoutEnlargement: true })
      .toColourspace("b-w")
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** The sheet of `sessionId`, or null when there is no such session. */
export async function renderAttendanceSheet(
  db: Db,
  sessionId: string,
  today: string,
): Promise<{ pdf: Buffer; fileName: string } | null> {
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

  const {
    doc,
    bytes: done,
    width,
  } = openPdf({
    info: {
      Title: `Feuille d'émargement — ${session.title}`,
      Author: centre.name,
      Subject: "Feuille d'émargement",
    },
    margin: MARGIN,
  });
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

  for (const slot of slots) {
    const entries = await rows<SlotEntry>(
      db,
      sql`select distinct on (learner_id) learner_id, status, late_minutes, reason, method, signature, typed_name,
                 recorded_at, count(*) over (partition by learner_id) > 1 as corrected
            from attendance_entries where slot_id = ${slot.id}
           order by learner_id, seq desc`,
    );
    const byLearner = new Map(entries.map((e) => [e.learner_id, e]));
    const [counter] = await db
      .select()
      .from(attendanceCountersignatures)
      .where(eq(attendanceCountersignatures.slotId, slot.id));
    // The slot's signatures made ready for the PDF all at once, off the main thread.
    const images = new Map(
      await Promise.all(
        entries
          .filter((e) => e.status !== "absent" && e.signature !== null)
          .map(async (e) => [e.learner_id, await sheetImage(bytesOf(e.signature), SIGNATURE_BOX)] as const),
      ),
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
      .text(`${slotHeading(slot)} (${halfDay(slot.startMinute)})`, MARGIN, doc.y, { width });
    const details = [slot.place, slot.trainer ? `Formateur·rice : ${slot.trainer}` : null].filter(Boolean);
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
        doc.fillColor(GREY).text("Non renseigné", cols.mark, y + 8, { lineBreak: false });
      } else {
        const signed = entry.signature !== null;
        const png = images.get(person.id) ?? null;
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
              ? `Absent·e${entry.reason ? ` : ${entry.reason}` : ""}`
              : entry.status === "late"
                ? `Retard ${entry.late_minutes} min${entry.reason ? ` : ${entry.reason}` : ""}`
                : entry.method === "typed"
                  ? `Nom saisi : ${entry.typed_name ?? ""}`
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
      }
      doc
        .fontSize(9)
        .fillColor("black")
        .text(hoursText(attended), cols.hours, y + 8, { lineBreak: false });
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
      doc.text(`Contresigné par ${counter.trainerName} à ${formatTime(counter.signedAt)}`, MARGIN, y + 10, {
        lineBreak: false,
      });
      // A countersignature that cannot be read still has its line of text above.
      if (counterImage) doc.image(counterImage, cols.mark + 60, y, { fit: [SIGNATURE_BOX.width, 34] });
    } else {
      doc.text("Non contresigné", MARGIN, y + 10, { lineBreak: false });
    }
    doc.y = y + 38;
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
        `Édité le ${today.split("-").reverse().join("/")}. Chaque signature est enregistrée avec son heure et l'adresse de l'appareil, sans modification possible ; une correction est une nouvelle saisie, journalisée.`,
        `${centre.name} — SIRET ${centre.siret} — ${activitySentence(centre)}`,
      ].join(" "),
      MARGIN,
      doc.y,
      { width },
    );
  doc.end();
  const safe = fileNamePart(session.title, 60);
  return { pdf: await done, fileName: `emargement-${safe || "session"}-${session.startDate}.pdf` };
}

function writeHeader(
  doc: PDFKit.PDFDocument,
  centre: CentreIdentity,
  session: { title: string; startDate: string; endDate: string; place: string },
  width: number,
) {
  doc.font("bold").fontSize(13).fillColor(BLUE).text(centre.name, MARGIN, MARGIN, { width });
  doc
    .font("text")
    .fontSize(8)
    .fillColor(GREY)
    .text(`${fullAddress(centre)} · ${centre.phone} · ${centre.email}`, { width });
  doc.moveDown(1).font("bold").fontSize(18).fillColor("black").text("Feuille d'émargement", { width });
  doc.font("text").fontSize(10).fillColor("black").text(session.title, { width });
  doc
    .fontSize(9)
    .fillColor(GREY)
    .text(
      `Session ${formatDateRange(session.startDate, session.endDate)}${session.place ? ` · ${session.place}` : ""}`,
      {
        width,
      },
    );
}
