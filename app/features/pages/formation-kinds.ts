/**
 * What the centre offers, said from its catalogue: the footer, the header's menu, the home page's
 * title and the catalogue's introduction name only the kinds of formation it actually has (a centre
 * without alternance is never said to offer it), and nothing at all when it has none yet.
 */
export interface FormationKinds {
  alternance: boolean;
  courte: boolean;
}

export function formationKindsOf(formations: readonly { formationType: string }[]): FormationKinds {
  return {
    alternance: formations.some((f) => f.formationType === "alternance"),
    courte: formations.some((f) => f.formationType === "courte"),
  };
}

/** 'Formations en alternance et formations courtes', one of the two, or '' without any formation. */
export function formationKindsLabel(kinds: FormationKinds): string {
  if (kinds.alternance && kinds.courte) return "Formations en alternance et formations courtes";
  if (kinds.alternance) return "Formations en alternance";
  if (kinds.courte) return "Formations courtes";
  return "";
}
