/**
 * The LISEZ-MOI of an indicator's folder when the product puts no document in it: what the
 * application holds that bears on it, and that the centre keeps the rest outside the application.
 * Factual only: what the console records, never a claim about what the centre does.
 */

const OUTSIDE =
  "Les autres preuves de cet indicateur ne sont pas tenues dans l'application\u00a0: le centre les conserve à part et les présente à l'auditeur.";

/** What the application holds for an indicator without documents of its own in the pack. */
const HELD: Readonly<Record<number, string>> = {
  3: "Les formations certifiantes publient leur certification (code RNCP ou RS) et leurs taux sur leur page\u202f; les taux de l'année sont dans '02 - Indicateurs de résultats'.",
  4: "L'application enregistre les besoins exprimés au questionnaire de positionnement (écran Stagiaires › Positionnement) et les candidatures (statut, notes d'entretien, écran Candidatures).",
  5: "Les objectifs de chaque formation sont dans son programme\u00a0: dossier '01 - Information du public/programmes'.",
  6: "Les contenus, durées et modalités de chaque formation sont dans son programme\u00a0: dossier '01 - Information du public/programmes'.",
  7: "Le programme d'une formation certifiante nomme sa certification\u00a0: dossier '01 - Information du public/programmes'.",
  8: "L'application enregistre le positionnement de chaque stagiaire (réponses au questionnaire, adaptation décidée) sur sa fiche, écran Stagiaires › Positionnement.",
  10: "Le planning de chaque session (créneaux, lieux, formateur·rice) est tenu dans la console, écran Sessions.",
  16: "L'application enregistre le résultat de certification de chaque stagiaire (écran Stagiaires).",
  17: "Le planning de chaque session (créneaux, lieux, formateur·rice) est tenu dans la console, écran Sessions.",
  18: "Le planning de chaque session nomme la formatrice ou le formateur de chaque créneau\u202f; leur registre est dans '21 - Compétences des intervenants'.",
  26: "Les coordonnées du référent handicap figurent dans Paramètres et sur les programmes.",
  32: "Les réclamations et leurs actions correctives sont dans '31 - Réclamations et aléas'\u202f; les réponses aux enquêtes dans '30 - Appréciations des parties prenantes'.",
};

/** The LISEZ-MOI text of an indicator's folder: `empty` lists the sources that had nothing for the period. */
export function packReadme(
  indicator: { number: number; wording: string },
  period: string,
  empty: readonly string[],
): string {
  const lines = [
    `Indicateur ${indicator.number}\u00a0: ${indicator.wording}`,
    "",
    `Période\u00a0: ${period}`,
    "",
  ];
  if (empty.length) {
    lines.push("L'application n'a produit aucun de ces documents pour la période\u00a0:");
    for (const title of empty) lines.push(`- ${title}`);
    lines.push("");
  } else {
    lines.push("L'application ne produit pas de document pour cet indicateur.");
    const held = HELD[indicator.number];
    if (held) lines.push(held);
    lines.push("");
  }
  lines.push(OUTSIDE);
  // CRLF: the notepad of any system opens it as written.
  return `${lines.join("\r\n")}\r\n`;
}
