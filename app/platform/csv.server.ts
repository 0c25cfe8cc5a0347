/**
 * CSV for French Excel: UTF-8 with a byte-order mark (or accents break), ';' between fields, CRLF
 * line ends. Every CSV the console sends (the leads export, the statistics) is written with these.
 */
import { centsToDecimal } from "./money";

/** The byte-order mark that makes Excel read the file as UTF-8. */
export const CSV_BOM = "\uFEFF";

/**
 * A number the program wrote (an amount summed from integers), never text someone typed: written as
 * it is, so French Excel reads a number, and a credit note's '-1234,50' stays a negative amount
 * instead of being neutralised as a formula like a typed '-…' would be.
 */
export class CsvNumber {
  constructor(readonly text: string) {
    if (!/^-?\d+(,\d+)?$/.test(text)) throw new RangeError(`not a number for CSV: ${text}`);
  }
}

/** Cents as French Excel reads an amount: '1234,50', '-80,00' (comma, no grouping), a number. */
export const csvCents = (cents: number) => new CsvNumber(centsToDecimal(cents).replace(".", ","));

/** Quotes a cell; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula. */
export function csvCell(value: string | null | undefined | CsvNumber): string {
  if (value instanceof CsvNumber) return value.text;
  let text = value ?? "";
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | null | undefined | CsvNumber)[]): string {
  return `${cells.map(csvCell).join(";")}\r\n`;
}
