/**
 * The trainers Paramètres knows and what qualifies them, as the agreements print them beside the
 * names of a session's timetable (Code du travail, L. 6353-4: the diplomas, titles or references of
 * the people in charge of the training). Plain types and rules without imports: the database schema
 * types its column with them, the Paramètres form reads and writes them.
 */

/** A trainer named in the timetable, and what qualifies them to teach (diplomas, experience). */
export interface TrainerQualification {
  name: string;
  qualification: string;
}

/** 'Ada Lovelace : Ingénieure, 10 ans de développement web': how the form's text area shows one. */
export const trainerLine = (t: TrainerQualification) => `${t.name} : ${t.qualification}`;

/**
 * The form's lines, one trainer each, 'Nom : qualification' (a dash or an en dash instead of the
 * colon too); blank lines left out. `badLine`: the first line that names nobody or no qualification.
 */
export function trainerQualificationsFrom(text: string): TrainerQualification[] | { badLine: string } {
  const found: TrainerQualification[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.replace(/[\u00a0\u202f]/g, " ").trim();
    if (!line) continue;
    const match = /^(.+?)\s*(?::|\s[–—-]\s)\s*(.+)$/.exec(line);
    const name = match?.[1]?.trim();
    const qualification = match?.[2]?.trim();
    if (!name || !qualification) return { badLine: line };
    found.push({ name, qualification });
  }
  return found;
}
