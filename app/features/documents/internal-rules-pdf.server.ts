/**
 * The centre's règlement intérieur as an A4 PDF, 'reglement-interieur.pdf', e-mailed beside each
 * convocation. A file of its own rather than pages after the convocation: the learner keeps one
 * règlement for the whole formation (the same for every session, read again when a question
 * arises), while a convocation is personal, dated and replaced when the timetable changes; and a
 * two-page convocation stays a two-page convocation to print. Written in Markdown in Paramètres and
 * drawn here from markdown-it's tokens: titles, paragraphs with bold, lists (numbered or not),
 * quotations and rules. Server only (pdfkit).
 */
import type { CentreIdentity } from "~/features/settings";
import { formatDate } from "~/platform/dates";
import { markdownTokens } from "~/platform/markdown";
import { PDF_MARGIN as MARGIN, openPdf, type PdfLogo } from "~/platform/pdf-document.server";
import { BLUE, centreHeading, GREY, legalMentions } from "./pdf.server";

export const INTERNAL_RULES_FILE = "reglement-interieur.pdf";

export interface InternalRulesInput {
  /** The centre, with its logo from Paramètres when it has one (every document prints it). */
  centre: CentreIdentity & { printedLogo?: PdfLogo | null };
  /** Markdown, never empty (an empty règlement is not sent). */
  text: string;
  /** When staff last saved it: the version printed under the title. */
  updatedAt: Date | null;
}

type Token = ReturnType<typeof markdownTokens>[number];
interface Run {
  text: string;
  bold: boolean;
}

/** The words of an inline token, bold where the Markdown says so; a link keeps its address. */
function runsOf(inline: Token | undefined): Run[] {
  const runs: Run[] = [];
  let bold = 0;
  let href: string | null = null;
  let linkText = "";
  for (const child of inline?.children ?? []) {
    if (child.type === "strong_open") bold++;
    else if (child.type === "strong_close") bold = Math.max(0, bold - 1);
    else if (child.type === "softbreak") runs.push({ text: " ", bold: bold > 0 });
    else if (child.type === "hardbreak") runs.push({ text: "\n", bold: bold > 0 });
    else if (child.type === "link_open") {
      href = child.attrGet("href");
      linkText = "";
    } else if (child.type === "link_close") {
      // On paper a link is its address: written after its words unless they already are it.
      if (href && href !== linkText && `mailto:${linkText}` !== href) {
        runs.push({ text: ` (${href.replace(/^mailto:/, "")})`, bold: false });
      }
      href = null;
    } else if (child.type === "text" || child.type === "code_inline") {
      if (href !== null) linkText += child.content;
      runs.push({ text: child.content, bold: bold > 0 });
    } else if (child.type === "image") {
      runs.push({ text: child.content, bold: bold > 0 });
    }
  }
  // Neighbours of the same weight as one run: fewer, longer pieces for pdfkit to wrap.
  return runs.reduce<Run[]>((out, run) => {
    const last = out.at(-1);
    if (last && last.bold === run.bold) last.text += run.text;
    else out.push({ ...run });
    return out;
  }, []);
}

const HEADING_SIZES: Record<string, number> = { h1: 15, h2: 13, h3: 11.5 };

/** Writes the règlement intérieur and answers its bytes. */
export function renderInternalRules({ centre, text, updatedAt }: InternalRulesInput): Promise<Buffer> {
  const { doc, bytes, width } = openPdf({
    info: {
      Title: `Règlement intérieur — ${centre.name}`,
      Author: centre.name,
      Subject: "Règlement intérieur",
    },
    bufferPages: true,
    // Room at the foot of each page for its number.
    footRoom: 14,
  });
  const bodySize = 10;
  const lineHeight = () => doc.font("text").fontSize(bodySize).currentLineHeight(true);
  /** A title never ends a page: it moves to the next one with room for two lines under it. */
  const keepWithNext = (height: number) => {
    if (height + 2 * lineHeight() > doc.page.height - doc.page.margins.bottom - doc.y) doc.addPage();
  };
  /** Runs of text from `x`, wrapped within the page; grey inside a quotation. */
  const write = (runs: Run[], x: number, color: string) => {
    const shown = runs.filter((r) => r.text !== "");
    const options = { width: MARGIN + width - x, paragraphGap: 0 };
    doc.x = x;
    shown.forEach((run, i) => {
      doc
        .font(run.bold ? "bold" : "text")
        .fontSize(bodySize)
        .fillColor(color)
        .text(run.text, { ...options, continued: i < shown.length - 1 });
    });
    doc.x = MARGIN;
  };

  centreHeading(doc, centre, width);
  doc.moveDown(1.5).font("bold").fontSize(20).fillColor("black").text("Règlement intérieur", { width });
  if (updatedAt) {
    doc
      .font("text")
      .fontSize(10)
      .fillColor(GREY)
      .text(`Version du ${formatDate(updatedAt)}`, { width });
  }
  doc.moveDown(0.5);

  const tokens = markdownTokens(text);
  /** Open lists, innermost last: numbered ones count their items. */
  const lists: { ordered: boolean; next: number }[] = [];
  let marker: string | null = null;
  let quoted = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token) continue;
    const indent = MARGIN + 16 * lists.length + 12 * quoted;
    const color = quoted ? GREY : "black";
    switch (token.type) {
      case "heading_open": {
        const title = runsOf(tokens[i + 1])
          .map((r) => r.text)
          .join("");
        const size = HEADING_SIZES[token.tag] ?? 10.5;
        keepWithNext(bodySize + doc.font("bold").fontSize(size).heightOfString(title, { width }));
        doc
          .moveDown(token.tag === "h1" ? 0.8 : 0.6)
          .font("bold")
          .fontSize(size)
          .fillColor(token.tag === "h1" || token.tag === "h2" ? BLUE : "black")
          .text(title, MARGIN, doc.y, { width });
        doc.moveDown(0.3);
        i += 2;
        break;
      }
      case "bullet_list_open":
      case "ordered_list_open":
        lists.push({
          ordered: token.type === "ordered_list_open",
          next: Number(token.attrGet("start") ?? 1),
        });
        break;
      case "bullet_list_close":
      case "ordered_list_close":
        lists.pop();
        if (!lists.length) doc.moveDown(0.4);
        break;
      case "list_item_open": {
        const list = lists.at(-1);
        marker = list?.ordered ? `${list.next++}.` : "•";
        break;
      }
      case "blockquote_open":
        quoted++;
        break;
      case "blockquote_close":
        quoted = Math.max(0, quoted - 1);
        break;
      case "inline": {
        if (marker !== null) {
          // The item's marker hangs left of its text, which wraps under itself.
          const y = doc.y;
          doc
            .font("text")
            .fontSize(bodySize)
            .fillColor(color)
            .text(marker, indent - 14, y, { width: 14, lineBreak: false });
          doc.y = y;
          marker = null;
        }
        write(runsOf(token), indent, color);
        if (!lists.length) doc.moveDown(0.4);
        break;
      }
      case "fence":
      case "code_block":
        write([{ text: token.content.replace(/\n$/, ""), bold: false }], indent, color);
        doc.moveDown(0.4);
        break;
      case "hr": {
        doc.moveDown(0.3);
        const y = doc.y;
        doc
          .moveTo(MARGIN, y)
          .lineTo(MARGIN + width, y)
          .lineWidth(0.5)
          .strokeColor(GREY)
          .stroke();
        doc.moveDown(0.6);
        break;
      }
      default:
        break;
    }
  }

  doc.moveDown(1.5).font("text").fontSize(8).fillColor(GREY).text(legalMentions(centre), MARGIN, doc.y, {
    width,
  });

  // Every page ends with the centre and its number: the learner may print it and lose a page.
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    doc.page.margins.bottom = 0;
    doc
      .font("text")
      .fontSize(8)
      .fillColor(GREY)
      .text(
        `${centre.name} — Règlement intérieur — page ${p + 1} sur ${range.count}`,
        MARGIN,
        doc.page.height - MARGIN + 10,
        { width, align: "center", lineBreak: false },
      );
  }
  doc.end();
  return bytes;
}
