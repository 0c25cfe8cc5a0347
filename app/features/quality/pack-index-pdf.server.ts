/**
 * The evidence pack's index (PDF at the archive's root): the centre, the period, then each criterion
 * and under it each indicator's folder with the files it holds, so that an auditor finds a proof from
 * the référentiel's numbers. The indicators that do not apply to the centre are named at the end.
 */
import { openPdf } from "~/platform/pdf-document.server";
import { criterionTitle } from "./pack-folders";

export interface IndexFolder {
  name: string;
  criterion: number;
  wording: string;
  files: readonly string[];
}

export interface PackIndexInput {
  centreName: string;
  period: string;
  made: string;
  folders: readonly IndexFolder[];
  /** The indicators left out, with why: 'Indicateur 13 (alternance)'. */
  excluded: readonly string[];
}

const BLUE = "#1e3a8a";
const GREY = "#4b5563";

export function renderPackIndex(input: PackIndexInput): Promise<Buffer> {
  const { doc, bytes, width } = openPdf({
    info: {
      Title: `Dossier de preuves Qualiopi — ${input.period}`,
      Author: input.centreName,
      Subject: "Sommaire",
    },
  });
  doc.font("bold").fontSize(16).fillColor(BLUE).text("Dossier de preuves Qualiopi", { width });
  doc.moveDown(0.3);
  doc.font("text").fontSize(10).fillColor("black").text(input.centreName, { width });
  doc.text(`Période\u00a0: ${input.period}`, { width });
  doc.fillColor(GREY).text(`Préparé le ${input.made}`, { width });
  doc.moveDown(0.6);
  doc
    .fillColor("black")
    .text(
      "Un dossier par indicateur applicable du référentiel national qualité, avec les documents que l'outil produit pour la période. Un fichier LISEZ-MOI.txt dit ce qui est tenu hors de l'outil.",
      { width },
    );
  let criterion = 0;
  for (const folder of input.folders) {
    if (folder.criterion !== criterion) {
      criterion = folder.criterion;
      doc.moveDown(0.8);
      doc
        .font("bold")
        .fontSize(12)
        .fillColor(BLUE)
        .text(`Critère ${criterion}\u00a0: ${criterionTitle(criterion)}`, { width });
    }
    doc.moveDown(0.4);
    doc.font("bold").fontSize(10).fillColor("black").text(`${folder.name}/`, { width });
    doc.font("text").fontSize(8.5).fillColor(GREY).text(folder.wording, { width });
    doc.fillColor("black").fontSize(9);
    for (const file of folder.files) doc.text(`• ${file}`, { width, indent: 10 });
  }
  if (input.excluded.length) {
    doc.moveDown(0.8);
    doc.font("bold").fontSize(11).fillColor(BLUE).text("Indicateurs non applicables au centre", { width });
    doc.font("text").fontSize(9).fillColor("black");
    for (const line of input.excluded) doc.text(`• ${line}`, { width, indent: 10 });
  }
  doc.end();
  return bytes;
}
