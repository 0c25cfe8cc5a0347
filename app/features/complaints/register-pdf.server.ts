/**
 * The complaints register of a period as an archival PDF (PDF/A-3b), as a Qualiopi auditor reads it
 * (indicator 31): per complaint received in the period, oldest first, the day it came, its channel, its
 * subject, the analysis and corrective action, the answer to the author, when it was handled and
 * closed, and the improvement actions it led to (indicator 32). Like the CSV, without the author's
 * name, contact details, text or the answers' text: the register proves the handling, the console
 * keeps the person. Downloaded from Réclamations and put in the evidence pack's folder 31.
 */

import { formatDate } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { openPdf } from "~/platform/pdf-document.server";
import { plural } from "~/platform/plural";
import { COMPLAINT_FIELD_LABELS as LABEL } from "./complaint-entity";
import { authorTypeLabel, categoryLabel } from "./content";
import { handlingDelay } from "./delay";
import { type RegisterRow, registerRows } from "./register.server";
import { COMPLAINT_CHANNEL_LABELS, COMPLAINT_STATUS_LABELS } from "./statuses";

const NBSP = "\u00a0";

/**
 * The improvement actions answering each complaint, as lines ('Réserver des salles adaptées
 * (Réalisée)'): the improvement register is the quality feature's, which leans on this one, so the
 * caller hands its reading in.
 */
export type ComplaintImprovements = (
  complaintIds: string[],
) => Promise<ReadonlyMap<string, readonly string[]>>;

/** 'du 1er janvier 2032 au 31 décembre 2032'. */
const periodText = (period: { from: string; to: string }) =>
  `du ${formatDate(period.from)} au ${formatDate(period.to)}`;

/**
 * The register's lines for one complaint: each a label (the complaint's declared one, as in the CSV and
 * the console) and its value, in the auditor's order.
 */
function complaintLines(c: RegisterRow, improvements: readonly string[], now: Date): [string, string][] {
  const subject = [categoryLabel(c.category), c.session_label].filter(Boolean).join(" – ");
  return [
    [LABEL.createdAt, formatDate(c.created_at)],
    [LABEL.channel, COMPLAINT_CHANNEL_LABELS[c.channel] ?? c.channel],
    [LABEL.authorType, authorTypeLabel(c.author_type)],
    ["Objet", subject],
    [LABEL.correctiveAction, c.corrective_action?.trim() || "aucune décidée à ce jour"],
    [
      LABEL.reply,
      c.replied_at ? `envoyée le ${formatDate(c.replied_at)}` : "aucune envoyée depuis la console",
    ],
    [
      LABEL.handledAt,
      c.handled_at
        ? `${formatDate(c.handled_at)} (délai${NBSP}: ${handlingDelay(c.created_at, c.handled_at, now)})`
        : `pas encore (${handlingDelay(c.created_at, null, now)})`,
    ],
    [LABEL.closedAt, c.closed_at ? formatDate(c.closed_at) : "pas encore close"],
    ["Action d'amélioration liée", improvements.length ? improvements.join(`${NBSP}; `) : "aucune"],
  ];
}

/** The register of the complaints received in `period` (Paris days, both included), as PDF bytes. */
export async function complaintsRegisterPdf(
  db: Db,
  options: {
    period: { from: string; to: string };
    centreName: string;
    improvements: ComplaintImprovements;
    now?: Date;
  },
): Promise<{ count: number; pdf: Buffer }> {
  const now = options.now ?? new Date();
  const found = await registerRows(db, options.period);
  const improvements = await options.improvements(found.map((c) => c.id));
  const title = "Registre des réclamations";
  const scope = `Réclamations reçues ${periodText(options.period)}`;
  const { doc, bytes, width } = openPdf({
    info: { Title: title, Author: options.centreName, Subject: scope },
    archival: "PDF/A-3b",
  });
  doc.font("bold").fontSize(15).text(title, { width });
  doc.moveDown(0.2);
  doc.font("text").fontSize(9.5).text(`${options.centreName} – ${scope}`, { width });
  doc.text(
    `${plural(found.length, "réclamation")} – édité le ${formatDate(now)}. Les coordonnées des auteurs et les textes échangés restent dans la console.`,
    { width },
  );
  if (found.length === 0) {
    doc.moveDown(1).fontSize(10.5).text("Aucune réclamation reçue dans la période.", { width });
  }
  for (const c of found) {
    doc.moveDown(0.9);
    const status = COMPLAINT_STATUS_LABELS[c.status] ?? c.status;
    const erased = c.erased_at ? " – données personnelles effacées" : "";
    doc.font("bold").fontSize(11).text(`${c.reference} – ${status}${erased}`, { width });
    doc.fontSize(9.5);
    for (const [label, value] of complaintLines(c, improvements.get(c.id) ?? [], now)) {
      doc.font("bold").text(`${label}${NBSP}: `, { width, continued: true });
      doc.font("text").text(value, { width });
    }
  }
  doc.end();
  return { count: found.length, pdf: await bytes };
}
