/**
 * CSV for French Excel: UTF-8 with a byte-order mark (or accents break), ';' between fields, CRLF
 * line ends. Every CSV the console sends (the leads export, the statistics) is written with these.
 */

/** The byte-order mark that makes Excel read the file as UTF-8. */
export const CSV_BOM = "\uFEFF";

/** Quotes a cell; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? "";
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(";")}\r\n`;
}
