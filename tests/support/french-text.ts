/**
 * The French typography a reader of the site and its e-mails expects, as rules over rendered text
 * (what a page shows, an e-mail's text or its HTML once read). Each rule names what is wrong and
 * the fault quotes the text around it, so a failing test says where to look.
 *
 * - a no-break space (U+00A0 or the narrow U+202F), never an ordinary one or none, before : ; ! ? »
 *   and after «: 'Prochaine session : 4 janvier' must not break before the colon;
 * - '100 %' and '500 €' with a no-break space;
 * - times as '10 h 30', ranges as '9 h – 18 h' (no '10:30', '9h', '9h - 18h');
 * - 'd'' before a vowel or a mute h ('Candidature d'Alice', not 'de Alice'); the centre's name
 *   is not written 'de Centre de Formation…';
 * - no 'la formation Formation …' when a title already says it;
 * - one spelling, 'e-mail' (never 'email' or 'Email' in a sentence).
 */
const NO_BREAK = "\u00a0\u202f";

const RULES: { name: string; pattern: RegExp }[] = [
  // Letter, digit, closing bracket or quote, then an ordinary space or nothing, then the mark
  // followed by a space or the end: a URL's 'https:' or '?q=' is not matched.
  { name: "espace ordinaire ou absente avant : ; ! ?", pattern: /[\p{L}\p{N})»”'’ ][:;!?](?=\s|$)/gu },
  { name: "espace ordinaire ou absente avant »", pattern: /[^\u00a0\u202f]»/gu },
  { name: "espace ordinaire ou absente après «", pattern: /«[^\u00a0\u202f]/gu },
  { name: "pourcentage sans espace insécable", pattern: /\d[ ]?%/gu },
  { name: "montant sans espace insécable", pattern: /\d[ ]?€/gu },
  { name: "heure écrite 10:30 au lieu de 10 h 30", pattern: /\b\d{1,2}:\d{2}\b/gu },
  { name: "heure écrite 9h au lieu de 9 h", pattern: /\b\d{1,2} ?h(?:\d{2})?\b/gu },
  {
    name: "intervalle d'heures avec un trait d'union",
    pattern: /\d[\s\u00a0\u202f]?h(?:[\s\u00a0\u202f]?\d{2})?\s*-\s*\d/gu,
  },
  // A Y read as a consonant keeps 'de' ('de Yanis'), as ofName in app/platform/french.ts has it.
  {
    name: "« de » non élidé devant une voyelle ou un h muet",
    pattern: /\b[dD]e (?:[AEIOUÉÈÊÀÂÎÔH]\p{Ll}|Y[^aeiouyàâäéèêëîïôöûü\s])/gu,
  },
  { name: "« de Centre… » au lieu de « du Centre… »", pattern: /\b(?:de|à|pour|contacté) Centre\b/gu },
  { name: "« la formation Formation … »", pattern: /\bformation Formation\b/gu },
  { name: "« email » au lieu de « e-mail »", pattern: /(?<![\w@.-])[Ee]mails?\b(?![@.\w-])/gu },
];

const quote = (text: string, index: number) =>
  text
    .slice(Math.max(0, index - 30), index + 30)
    .replaceAll("\u00a0", "⍽")
    .replaceAll("\u202f", "⍽")
    .replace(/\s+/g, " ");

/** Every fault in `text`: '<rule>: …context…' (empty when the text is right). */
export function frenchTypographyFaults(text: string): string[] {
  const faults: string[] = [];
  for (const { name, pattern } of RULES) {
    for (const match of text.matchAll(pattern)) faults.push(`${name} : « ${quote(text, match.index)} »`);
  }
  return faults;
}

/** The text a reader sees in an e-mail's HTML: tags dropped, entities decoded. */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, NO_BREAK[0] ?? "")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
}
