/**
 * A course's programme as an A4 PDF ('Télécharger le programme (PDF)'): the same published items as
 * the course page, under the centre's identity, with the date of the record's last change. Server
 * only: pdfkit and the font never reach a browser bundle.
 */
import { createHash } from "node:crypto";
import type { Formation } from "~/features/catalogue/schema.server";
import { activitySentence, type CentreIdentity, type CentrePrivate, fullAddress } from "~/features/settings";
import { withVat } from "~/features/settings/index.server";

import { drawLogo, PDF_MARGIN as MARGIN, openPdf, type PdfLogo } from "~/platform/pdf-document.server";
import {
  certificationInfo,
  moduleHeading,
  practicalRows,
  type RecordRow,
  updatedText,
} from "./course-record";
import { levelLabels } from "./levels";
import { formatDateRange, type PublicSession, sessionModeLabel } from "./sessions";

export interface ProgrammeInput {
  formation: Formation;
  centre: CentreIdentity & Pick<CentrePrivate, "vatStatus">;
  sessions: readonly PublicSession[];
  /**
   * The published results, one line per figure or archive: the course page's own figures
   * (features/indicators, indicatorLines), computed by the caller.
   */
  results: readonly string[];
  /**
   * The centre's logo from Paramètres: its JPEG or PNG variant (pdfkit prints both) and its
   * proportions; none when there is no logo, or it could not be had (the programme prints without).
   */
  logo?: PdfLogo | null;
}

const BLUE = "#1e3a8a";
const GREY = "#4b5563";

/** Writes the document and answers its bytes. */
export function renderProgramme({
  formation: f,
  centre,
  sessions,
  results,
  logo,
}: ProgrammeInput): Promise<Buffer> {
  const {
    doc,
    bytes: done,
    width,
  } = openPdf({
    info: {
      Title: `Programme — ${f.title}`,
      Author: centre.name,
      Subject: "Programme de formation",
      ModDate: f.updatedAt,
    },
    bufferPages: true,
    // Room at the foot of each page for its number.
    footRoom: 14,
  });

  /** One line of body text (10 pt), the unit of what must follow a heading on its page. */
  const bodyLine = () => doc.font("text").fontSize(10).currentLineHeight(true);
  /**
   * Keep-with-next: a heading never ends a page. When the heading (`height`, its spacing included)
   * and the first `lines` lines of what follows do not fit above the bottom margin, the heading
   * starts the next page instead. Leaves the font as it found it: the caller sets its own.
   */
  const keepWithNext = (height: number, lines = 2) => {
    const room = doc.page.height - doc.page.margins.bottom - doc.y;
    if (height + lines * bodyLine() > room) doc.addPage();
  };
  /** The height `text` takes in the bold font at `size`, across the text width. */
  const boldHeight = (text: string, size: number) =>
    doc.font("bold").fontSize(size).heightOfString(text, { width });

  // A section may open with a module's title or a row's label, itself kept with two lines: the
  // section's heading asks for room for all of it, or it would be left behind alone.
  const heading = (text: string) => {
    keepWithNext(0.8 * bodyLine() + boldHeight(text, 13) + 0.3 * doc.currentLineHeight(true), 4);
    doc.moveDown(0.8).font("bold").fontSize(13).fillColor(BLUE).text(text, { width });
    doc.moveDown(0.3).font("text").fontSize(10).fillColor("black");
  };
  /** A bold line introducing what follows (a module, a list): kept with its first lines too. */
  const subheading = (text: string, size: number, before = 0) => {
    keepWithNext(before * bodyLine() + boldHeight(text, size));
    doc.moveDown(before).font("bold").fontSize(size).fillColor("black").text(text, { width });
  };
  const paragraph = (text: string) => doc.font("text").fontSize(10).fillColor("black").text(text, { width });
  const bullets = (items: readonly string[]) => {
    for (const item of items) paragraph(`•  ${item}`);
  };
  const rows = (list: readonly RecordRow[]) => {
    for (const row of list) {
      // The label and its value's first line stay together (a one-line value: the whole of it).
      const valueLines = Math.min(
        2,
        Math.ceil(doc.font("text").fontSize(10).heightOfString(row.value, { width }) / bodyLine()),
      );
      keepWithNext(boldHeight(row.label, 10), valueLines);
      doc.font("bold").fontSize(10).fillColor("black").text(row.label, { width });
      doc.font("text").fillColor(GREY).text(row.value, { width }).moveDown(0.4);
    }
    doc.fillColor("black");
  };

  // The centre's identity, under its logo.
  if (logo) drawLogo(doc, logo, MARGIN);
  doc.font("bold").fontSize(14).fillColor(BLUE).text(centre.name, { width });
  doc
    .font("text")
    .fontSize(9)
    .fillColor(GREY)
    .text(`${fullAddress(centre)} · ${centre.phone} · ${centre.email}`, { width })
    .text(`SIRET ${centre.siret} · ${activitySentence(centre)}`, { width });
  doc
    .moveTo(MARGIN, doc.y + 8)
    .lineTo(MARGIN + width, doc.y + 8)
    .strokeColor(BLUE)
    .stroke();

  // The course.
  doc.moveDown(1.5).font("bold").fontSize(20).fillColor("black").text(f.title, { width });
  doc.font("text").fontSize(9).fillColor(GREY).text(updatedText(f.updatedAt), { width });
  doc
    .moveDown(0.6)
    .font("text")
    .fontSize(11)
    .fillColor("black")
    .text(f.longDescription ?? f.description, {
      width,
    });

  const essentials: RecordRow[] = [
    { label: "Durée", value: f.duration },
    { label: "Format", value: f.format ?? "" },
    { label: "Lieu", value: f.location ?? "" },
  ].filter((row) => row.value.trim());
  if (essentials.length) {
    heading("En bref");
    rows(essentials);
  }
  if (f.objectives.length) {
    heading("Objectifs de la formation");
    bullets(f.objectives);
  }
  if (f.prerequisites) {
    heading("Prérequis");
    paragraph(f.prerequisites);
  }
  if (f.program.length) {
    heading("Programme détaillé");
    f.program.forEach((module, i) => {
      const duration = module.duration ? ` (${module.duration})` : "";
      subheading(`${moduleHeading(i, module.title)}${duration}`, 10.5, 0.3);
      bullets(
        module.content
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean),
      );
    });
  }
  heading("Informations pratiques");
  const record = { ...f, levels: levelLabels(f) };
  rows(practicalRows(record, centre.vatStatus === "exempt" ? null : withVat(record.price).including));

  const certification = certificationInfo(record);
  if (certification) {
    heading("Certification");
    if (certification.codeText && certification.url) {
      rows([{ label: "Code", value: `${certification.codeText} — fiche publique : ${certification.url}` }]);
    }
    rows(certification.rows);
    if (certification.skillBlocks.length) {
      subheading("Blocs de compétences", 10);
      bullets(certification.skillBlocks);
      doc.moveDown(0.4);
    }
    rows(certification.pathRows);
  } else if (f.certification) {
    heading("Certification");
    paragraph(f.certification);
  }
  if (f.careerOpportunities.length) {
    heading("Débouchés professionnels");
    bullets(f.careerOpportunities);
  }
  if (results.length) {
    heading("Indicateurs de résultats");
    bullets([...results]);
  }
  if (sessions.length) {
    heading("Prochaines sessions");
    bullets(
      sessions.map(
        (s) => `${formatDateRange(s.startDate, s.endDate)} — ${sessionModeLabel(s.mode)}, ${s.place}`,
      ),
    );
  }

  // Every page ends with the centre, the course and the page number.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin: without lifting it, pdfkit would start a new page for the line.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 10;
    doc
      .font("text")
      .fontSize(8)
      .fillColor(GREY)
      .text(`${centre.name} — ${f.title} — page ${i + 1} sur ${range.count}`, MARGIN, y, {
        width,
        align: "center",
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}

/** Generated programmes kept in memory: one per formation, at most this many formations. */
const CACHE_MAX = 100;
const cache = new Map<string, { key: string; bytes: Buffer }>();

/**
 * What the programme prints, as one hash: the record (its updatedAt), the centre's identity, the
 * upcoming sessions and the results (a new survey answer changes them, not the record). The same version for every instance, so it also serves as the document's ETag.
 */
export function programmeVersion(input: ProgrammeInput): string {
  return createHash("sha256")
    .update(
      // The logo by whether it is printed: the centre's settings already name its picture (hash).
      JSON.stringify([
        input.formation.updatedAt.getTime(),
        input.centre,
        input.sessions,
        input.results,
        Boolean(input.logo),
      ]),
    )
    .digest("base64url");
}

/**
 * The programme's bytes, generated again only when its version changed (`version`: what
 * programmeVersion gives for `input`, passed in by a caller that already has it for the ETag).
 * Least recently asked dropped first.
 */
export async function programmePdf(
  input: ProgrammeInput,
  version = programmeVersion(input),
): Promise<Buffer> {
  const id = input.formation.id;
  const cached = cache.get(id);
  cache.delete(id);
  if (cached?.key === version) {
    cache.set(id, cached);
    return cached.bytes;
  }
  const bytes = await renderProgramme(input);
  cache.set(id, { key: version, bytes });
  for (const [oldest] of cache) {
    if (cache.size <= CACHE_MAX) break;
    cache.delete(oldest);
  }
  return bytes;
}

/** 'programme-tp-assistant-commercial.pdf': the slug kept to [a-z0-9-], whatever it holds. */
export function programmeFileName(slug: string): string {
  const safe = slug
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);
  return `programme-${safe || "formation"}.pdf`;
}
