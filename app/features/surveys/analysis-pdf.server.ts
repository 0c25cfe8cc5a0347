import { openPdf } from "~/platform/pdf-document.server";
import type { SurveyAnalysis } from "./analysis.server";
import { averageText } from "./rates";
import { QUESTION_TYPE_LABELS } from "./vocabulary";

const NBSP = "\u00a0";

/** A count's share of the answers: '60 %'. */
const share = (count: number, of: number) => (of > 0 ? `${Math.round((100 * count) / of)}\u202f%` : "—");

/**
 * The analysis of a questionnaire's answers on A4: what was kept (session, period), then per question
 * its answers' count, a note's mean, the count per value with its share, and the free comments.
 */
export function analysisPdf(
  analysis: SurveyAnalysis,
  { centreName, scope }: { centreName: string; scope: string },
): Promise<Buffer> {
  const title = `Analyse des réponses – ${analysis.questionnaire.title}`;
  const { doc, bytes, width } = openPdf({
    info: { Title: title, Author: centreName, Subject: scope },
  });
  doc.font("bold").fontSize(14).text(title, { width });
  doc.moveDown(0.3);
  doc
    .font("text")
    .fontSize(9)
    .text(`${scope} – ${analysis.respondents} réponse${analysis.respondents > 1 ? "s" : ""}`, { width });
  for (const q of analysis.questions) {
    doc.moveDown(0.8);
    doc.font("bold").fontSize(10.5).text(q.label, { width });
    const facts = [
      QUESTION_TYPE_LABELS[q.type],
      `${q.answered} réponse${q.answered > 1 ? "s" : ""}`,
      ...(q.average === null ? [] : [`moyenne${NBSP}: ${averageText(q.average)}${NBSP}/${NBSP}5`]),
    ];
    doc.font("text").fontSize(9).text(facts.join(" · "), { width });
    for (const d of q.distribution) {
      const value = d.value === "oui" ? "Oui" : d.value === "non" ? "Non" : d.value;
      doc.text(`${value}${NBSP}: ${d.count} (${share(d.count, q.answered)})`, { width, indent: 12 });
    }
    for (const comment of q.comments) doc.text(`– ${comment}`, { width, indent: 12 });
    if (q.type === "text" && q.comments.length === 0) doc.text("Aucun commentaire", { width, indent: 12 });
  }
  doc.end();
  return bytes;
}
