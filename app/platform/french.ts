/**
 * French grammar around names the app does not write itself (a person's first name, a formation's
 * title typed in the console). Tiny on purpose: public pages may load it.
 */

/** A vowel, a mute h, or a Y read as a vowel ('Yves', not 'Yannick'): 'de' becomes 'd''. */
const ELIDES = /^(?:[aeiouàâäéèêëîïôöûüœ]|h|y[^aeiouyàâäéèêëîïôöûü])/i;

/** 'de Paul', 'd'Alice', 'd'Hélène', 'd'Yves', 'de Yannick'. */
export function ofName(name: string): string {
  return ELIDES.test(name.trim()) ? `d'${name.trim()}` : `de ${name.trim()}`;
}

/**
 * 'la formation Développeur Web' for 'Formation Développeur Web' (the title already says
 * 'Formation': never 'la formation Formation …'), 'la formation Bac Pro Logistique' otherwise.
 */
export function theFormation(title: string): string {
  return `la formation ${title.trim().replace(/^formation\s+/i, "")}`;
}

/** The narrow no-break space French puts before : ; ! ? and inside « » (never a line break there). */
export const NNBSP = "\u202f";

/** '« Titre »' with its no-break spaces. */
export function quoted(text: string): string {
  return `«${NNBSP}${text}${NNBSP}»`;
}

/**
 * A sentence staff typed, ending with its full stop when it has no closing mark ('Quiz final' →
 * 'Quiz final.'), so a document printing it after a label ends each sentence the same way.
 */
export function withFullStop(text: string): string {
  const trimmed = text.trim();
  return /[.!?…:;)»]$/.test(trimmed) || trimmed === "" ? trimmed : `${trimmed}.`;
}
