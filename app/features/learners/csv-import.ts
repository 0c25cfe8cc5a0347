/**
 * Reading a CSV of learners (Prénom ; Nom ; E-mail ; Entreprise ; Type de stagiaire) before anything is stored: every
 * row is checked with the dialog's own rules, and each problem is said in French with its line, so
 * that staff fix the file and send it again. Pure: the import (import.server.ts) adds what only the
 * database knows (a learner already in the session) and stores all the rows or none.
 */
import { LEARNER_FIELD_LABELS } from "./learner-entity";
import { type LearnerPerson, learnerPersonSchema } from "./learner-schema";

/** Rows one file may hold: far above a session's seats (1 000 at most). */
export const IMPORT_MAX_ROWS = 1000;

export interface ImportedRow extends LearnerPerson {
  /** The line of the file the row starts on (1 is the header). */
  line: number;
}

export interface ImportProblem {
  /** The line it is about, or null for the whole file. */
  line: number | null;
  message: string;
}

export interface ImportReading {
  rows: ImportedRow[];
  problems: ImportProblem[];
}

type Column = keyof LearnerPerson;

const COLUMN_NAMES: Record<string, Column> = {
  prenom: "firstName",
  nom: "lastName",
  "nom de famille": "lastName",
  email: "email",
  "e-mail": "email",
  mail: "email",
  courriel: "email",
  "adresse e-mail": "email",
  "adresse email": "email",
  entreprise: "company",
  societe: "company",
  employeur: "company",
  "type de stagiaire": "traineeCategory",
  type: "traineeCategory",
  categorie: "traineeCategory",
  "categorie de stagiaire": "traineeCategory",
};

const COLUMN_LABELS: Record<Column, string> = {
  firstName: LEARNER_FIELD_LABELS.firstName,
  lastName: LEARNER_FIELD_LABELS.lastName,
  email: LEARNER_FIELD_LABELS.email,
  company: LEARNER_FIELD_LABELS.company,
  traineeCategory: LEARNER_FIELD_LABELS.traineeCategory,
};

const REQUIRED_COLUMNS: readonly Column[] = ["firstName", "lastName", "email"];

const normalised = (cell: string) =>
  cell.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

/**
 * The file's records, each with the line it starts on: RFC 4180 quoting ("a ""b"" c", line breaks
 * inside quotes), the separator French Excel writes (;) or a comma, read from the header line.
 * Null when a quote is never closed.
 */
export function csvRecords(text: string): { line: number; cells: string[] }[] | null {
  const body = text.replace(/^\uFEFF/, "");
  const header = body.slice(0, body.search(/\r?\n|$/));
  const separator = header.includes(";") ? ";" : header.includes("\t") ? "\t" : ",";
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === "\n") line++;
        cell += c;
      }
    } else if (c === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (c === separator) {
      cells.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && body[i + 1] === "\n") i++;
      cells.push(cell);
      records.push({ line: start, cells });
      cells = [];
      cell = "";
      line++;
      start = line;
    } else cell += c;
  }
  if (quoted) return null;
  if (cell !== "" || cells.length) {
    cells.push(cell);
    records.push({ line: start, cells });
  }
  return records.filter((r) => r.cells.some((c) => c.trim() !== ""));
}

const fileProblem = (message: string): ImportReading => ({ rows: [], problems: [{ line: null, message }] });

/** What the file holds, row by row, and everything wrong with it (nothing is stored while there is). */
export function readLearnersCsv(text: string): ImportReading {
  const records = csvRecords(text);
  if (!records) return fileProblem("Le fichier est illisible : un guillemet ouvert n'est jamais fermé.");
  const [header, ...data] = records;
  if (!header) return fileProblem("Le fichier est vide.");
  const columns = header.cells.map((cell) => COLUMN_NAMES[normalised(cell)] ?? null);
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length) {
    return fileProblem(
      `Colonne${missing.length > 1 ? "s" : ""} manquante${missing.length > 1 ? "s" : ""} : ${missing
        .map((c) => COLUMN_LABELS[c])
        .join(
          ", ",
        )}. La première ligne nomme les colonnes : Prénom ; Nom ; E-mail ; Entreprise (facultative) ; Type de stagiaire (facultatif).`,
    );
  }
  if (!data.length)
    return fileProblem("Le fichier ne contient aucun·e stagiaire sous la ligne des colonnes.");
  if (data.length > IMPORT_MAX_ROWS) {
    return fileProblem(
      `Le fichier contient ${data.length} lignes : ${IMPORT_MAX_ROWS} au plus par import. Découpez-le.`,
    );
  }
  const rows: ImportedRow[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Map<string, number>();
  for (const record of data) {
    const fields: Partial<Record<Column, string>> = {};
    columns.forEach((column, i) => {
      if (column) fields[column] = record.cells[i] ?? "";
    });
    const parsed = learnerPersonSchema.safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = issue.path[0] as Column;
        problems.push({ line: record.line, message: `${COLUMN_LABELS[column]} : ${issue.message}` });
      }
      continue;
    }
    const key = parsed.data.email.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({
        line: record.line,
        message: `E-mail : ${parsed.data.email} figure déjà ligne ${first}`,
      });
      continue;
    }
    seen.set(key, record.line);
    rows.push({ line: record.line, ...parsed.data });
  }
  return { rows, problems };
}
