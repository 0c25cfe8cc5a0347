/**
 * The blank attendance sheet, for a room without network: one page per day, a box per learner and
 * slot, the trainer's row last. Server only.
 */
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { asc, sql } from "drizzle-orm";
import { sessionHeading } from "~/features/catalogue/index.server";
import { learners } from "~/features/learners/schema.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { timeText } from "~/features/timetable";
import type { Db } from "~/platform/db/client.server";
import { newPdf } from "~/platform/pdf-document.server";
import { halfDayTitle, weekdayDay } from "./sheet";
import { BLUE, emptyBox, GREY, MARGIN, sheetFileName, writeHeader } from "./sheet-layout.server";
import { sessionSlotsOf } from "./signing.server";

/** At most this many slots side by side on a page of the blank sheet (a day has two, sometimes three). */
const BLANK_COLUMNS = 3;
const BLANK_ROW = 34;

/**
 * The blank sheet of `sessionId` into `out`, for a room without network: a page per day (a day with
 * more than BLANK_COLUMNS slots takes several), each learner still following the session on a row
 * with an empty box per slot, the trainer's row last; continued on the next page when the learners
 * do not fit. Its file name, or null when there is no such session.
 */
export async function writeBlankSheet(
  db: Db,
  sessionId: string,
  out: Writable,
): Promise<{ fileName: string } | null> {
  const session = await sessionHeading(db, sessionId);
  if (!session) return null;
  const [centre, slots, people] = await Promise.all([
    getCentreSettings(db),
    sessionSlotsOf(db, sessionId),
    db
      .select({ firstName: learners.firstName, lastName: learners.lastName })
      .from(learners)
      .where(
        sql`${learners.sessionId} = ${sessionId} and ${learners.anonymisedAt} is null and ${learners.status} <> 'dropped_out'`,
      )
      .orderBy(asc(learners.lastName), asc(learners.firstName), asc(learners.id)),
  ]);
  const { doc, width } = newPdf({
    info: {
      Title: `Feuille d'émargement à imprimer — ${session.title}`,
      Author: centre.name,
      Subject: "Feuille d'émargement",
    },
    margin: MARGIN,
  });
  doc.pipe(out);
  const written = finished(out);
  const pages: { day: string; slots: typeof slots }[] = [];
  for (const slot of slots) {
    const last = pages.at(-1);
    if (last && last.day === slot.day && last.slots.length < BLANK_COLUMNS) last.slots.push(slot);
    else pages.push({ day: slot.day, slots: [slot] });
  }
  const nameWidth = 170;
  const rowsOf = [...people.map((p) => `${p.lastName ?? ""} ${p.firstName ?? ""}`.trim()), "Formateur·rice"];
  const bottom = doc.page.height - MARGIN;
  for (const [n, page] of pages.entries()) {
    if (n > 0) doc.addPage();
    const column = (width - nameWidth) / page.slots.length;
    const heading = (continued: boolean) => {
      writeHeader(doc, centre, session, width);
      doc
        .moveDown(0.6)
        .font("bold")
        .fontSize(12)
        .fillColor(BLUE)
        .text(`${weekdayDay(page.day)}${continued ? " (suite)" : ""}`, MARGIN, doc.y, { width });
      const y = doc.y + 6;
      doc
        .font("bold")
        .fontSize(8)
        .fillColor(GREY)
        .text("Stagiaire", MARGIN, y + 4, { lineBreak: false });
      for (const [i, slot] of page.slots.entries()) {
        const x = MARGIN + nameWidth + i * column;
        doc.text(
          `${halfDayTitle(slot)}, ${timeText(slot.startMinute)} – ${timeText(slot.endMinute)}`,
          x + 4,
          y,
          { width: column - 8, lineBreak: false, ellipsis: true },
        );
        if (slot.trainer) {
          doc
            .font("text")
            .text(slot.trainer, x + 4, y + 10, { width: column - 8, lineBreak: false, ellipsis: true })
            .font("bold");
        }
      }
      doc.y = y + 24;
    };
    heading(false);
    for (const name of rowsOf) {
      if (doc.y + BLANK_ROW > bottom) {
        doc.addPage();
        heading(true);
      }
      const y = doc.y;
      doc
        .font(name === "Formateur·rice" && name === rowsOf.at(-1) ? "bold" : "text")
        .fontSize(9)
        .fillColor("black")
        .text(name, MARGIN, y + 12, { width: nameWidth - 8, lineBreak: false, ellipsis: true });
      for (let i = 0; i < page.slots.length; i++) {
        emptyBox(doc, MARGIN + nameWidth + i * column + 4, y + 3, column - 8, BLANK_ROW - 6);
      }
      doc.y = y + BLANK_ROW;
    }
  }
  if (pages.length === 0) {
    writeHeader(doc, centre, session, width);
    doc.moveDown(1).font("text").fontSize(10).fillColor(GREY).text("Aucun créneau au planning.", { width });
  }
  doc.end();
  await written;
  return { fileName: sheetFileName("emargement-vierge", session) };
}
