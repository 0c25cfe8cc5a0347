// Reading a CSV of learners before anything is stored: quoting, separators, lines, and each problem
// said in French with its line.
import { describe, expect, it } from "vitest";
import { csvRecords, IMPORT_MAX_ROWS, readLearnersCsv } from "~/features/learners/csv-import";

describe("csvRecords", () => {
  it("reads quoted cells (separator, doubled quote, line break inside) and keeps each record's first line", () => {
    const text =
      '\uFEFFPrénom;Nom;Entreprise\r\n"Anne; Marie";"Le ""Petit""";"Atelier\nNord"\r\n\r\nLéo;Roy;\n';
    expect(csvRecords(text)).toEqual([
      { line: 1, cells: ["Prénom", "Nom", "Entreprise"] },
      { line: 2, cells: ["Anne; Marie", 'Le "Petit"', "Atelier\nNord"] },
      { line: 5, cells: ["Léo", "Roy", ""] },
    ]);
  });

  it("takes the header line's separator: comma or tab when it has no semicolon", () => {
    expect(csvRecords("Prénom,Nom\nA,B")?.[1]?.cells).toEqual(["A", "B"]);
    expect(csvRecords("Prénom\tNom\nA\tB")?.[1]?.cells).toEqual(["A", "B"]);
  });

  it("answers null for a quote never closed", () => {
    expect(csvRecords('Prénom;Nom\n"A;B\n')).toBeNull();
  });
});

describe("readLearnersCsv", () => {
  it("maps the columns by their French names, whatever their case, accents and order", () => {
    const reading = readLearnersCsv("ADRESSE E-MAIL;nom;PRENOM;Société\nana@example.test;Diaz;Ana;\n");
    expect(reading).toEqual({
      rows: [
        {
          line: 2,
          firstName: "Ana",
          lastName: "Diaz",
          email: "ana@example.test",
          company: null,
          traineeCategory: null,
        },
      ],
      problems: [],
    });
  });

  it("reads the BPF's type of learner in words, inclusive endings aside, and names an unknown one", () => {
    const reading = readLearnersCsv(
      "Prénom;Nom;E-mail;Type de stagiaire\nAna;Diaz;ana@example.test;Salarié·e\nBen;Roy;ben@example.test;demandeuse d'emploi\nCé;Lin;c@example.test;Apprentie\nDan;Ko;d@example.test;stagiaire\n",
    );
    expect(reading.rows.map((r) => r.traineeCategory)).toEqual([
      "private_employee",
      "jobseeker",
      "apprentice",
    ]);
    expect(reading.problems).toEqual([
      {
        line: 5,
        message:
          "Type de stagiaire : Type de stagiaire inconnu : salarié·e, apprenti·e, demandeur·euse d'emploi, particulier ou autre",
      },
    ]);
  });

  it("says every problem with its line: a bad field, an address twice, a control character", () => {
    const reading = readLearnersCsv(
      "Prénom;Nom;E-mail\nAna;Diaz;ana@example.test\n;Roy;roy@example.test\nBen;Roy;ANA@example.test\nCé\u0007;Lin;c@example.test\n",
    );
    expect(reading.rows.map((r) => r.line)).toEqual([2]);
    expect(reading.problems).toEqual([
      { line: 3, message: "Prénom : Ce champ est obligatoire" },
      { line: 4, message: "E-mail : ANA@example.test figure déjà ligne 2" },
      { line: 5, message: "Prénom : Ce champ contient un caractère non autorisé" },
    ]);
  });

  it("refuses the whole file for a missing column, no rows, or too many rows", () => {
    expect(readLearnersCsv("Prénom;Nom\nA;B").problems).toEqual([
      {
        line: null,
        message:
          "Colonne manquante : E-mail. La première ligne nomme les colonnes : Prénom ; Nom ; E-mail ; Entreprise (facultative) ; Type de stagiaire (facultatif).",
      },
    ]);
    expect(readLearnersCsv("Prénom;Nom;E-mail\n").problems[0]?.message).toBe(
      "Le fichier ne contient aucun·e stagiaire sous la ligne des colonnes.",
    );
    const many = `Prénom;Nom;E-mail\n${"A;B;a@example.test\n".repeat(IMPORT_MAX_ROWS + 1)}`;
    expect(readLearnersCsv(many).problems[0]?.message).toMatch(
      /^Le fichier contient 1001 lignes : 1000 au plus/,
    );
  });
});
