// Text as XML 1.0 carries it: characters it cannot hold removed, lengths clipped as the Lhéo schema
// counts them, elements left out when empty (the schema refuses empty required text).

// Characters XML 1.0 cannot carry at all (controls but tab and newline; lone surrogates; U+FFFE/F).
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what it removes.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The text within `max` characters, as the schema counts them (code points, an emoji is one; line
 * ends as a reader sees them, one \n): cut at the last space before the limit, with an ellipsis.
 */
export function clip(value: string, max: number): string {
  const text = value.replace(/\r\n?/g, "\n").replace(NOT_XML, "").trim();
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const kept = chars.slice(0, max - 1).join("");
  const space = kept.search(/\s\S*$/);
  const cut = space > kept.length * 0.8 ? kept.slice(0, space) : kept;
  return `${cut.trimEnd()}…`;
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (s: string) => escapeText(s).replace(/"/g, "&quot;");

export type Attributes = Record<string, string | null | undefined>;

function attributes(attrs: Attributes | undefined): string {
  if (!attrs) return "";
  return Object.entries(attrs)
    .filter((entry): entry is [string, string] => typeof entry[1] === "string")
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join("");
}

/** `<name>text</name>`, the text clipped to `max`; nothing when the text is empty. */
export function leaf(
  name: string,
  value: string | number | null | undefined,
  max = 3000,
  attrs?: Attributes,
): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? String(value) : clip(value, max);
  if (text === "") return "";
  return `<${name}${attributes(attrs)}>${escapeText(text)}</${name}>`;
}

/** `<name>children</name>`; nothing when every child is empty. */
export function node(name: string, children: readonly string[], attrs?: Attributes): string {
  const inner = children.join("");
  if (inner === "") return "";
  return `<${name}${attributes(attrs)}>${inner}</${name}>`;
}

export const filled = (value: string | null | undefined): value is string => Boolean(value?.trim());
