/**
 * XML written from typed nodes instead of string concatenation: every text and attribute value goes
 * through one escaping, so a name holding `&`, `<`, quotes or an emoji always gives a well-formed
 * document. Characters XML 1.0 cannot carry at all (C0 controls other than tab, line feed and carriage
 * return, lone surrogates, U+FFFE and U+FFFF) are dropped: no escaping makes them legal.
 */

export type XmlAttributes = Readonly<Record<string, string | undefined>>;

export interface XmlElement {
  name: string;
  attributes: XmlAttributes;
  children: readonly XmlElement[] | string;
}

/** A child of `xml()`: an element, or nothing (a field left out when it has no value). */
export type XmlChild = XmlElement | null | undefined | false | readonly XmlChild[];

// C0 controls but tab, LF and CR; U+FFFE, U+FFFF; a high surrogate without its low one, or the reverse.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 forbids.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `value` as XML text or attribute content: & < > " ' escaped, forbidden characters dropped. */
export function escapeXml(value: string): string {
  return value
    .replace(NOT_XML, "")
    .replace(
      /[&<>"']/g,
      (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
    );
}

const flatten = (children: readonly XmlChild[]): XmlElement[] =>
  children.flatMap((child) => (Array.isArray(child) ? flatten(child) : child ? [child as XmlElement] : []));

/**
 * `<name attributes>children</name>`: arrays are spread and empty values (a field left out when it has
 * no value) skipped. Attributes whose value is undefined are left out.
 */
export function xml(
  name: string,
  attributes: XmlAttributes = {},
  ...children: readonly XmlChild[]
): XmlElement {
  return { name, attributes, children: flatten(children) };
}

/** `<name attributes>text</name>`, the text escaped. */
export function xmlText(name: string, text: string, attributes: XmlAttributes = {}): XmlElement {
  return { name, attributes, children: text };
}

function render(node: XmlElement, depth: number, out: string[]): void {
  const pad = "  ".repeat(depth);
  const attributes = Object.entries(node.attributes)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
  if (typeof node.children === "string") {
    out.push(`${pad}<${node.name}${attributes}>${escapeXml(node.children)}</${node.name}>`);
  } else if (node.children.length === 0) {
    out.push(`${pad}<${node.name}${attributes}/>`);
  } else {
    out.push(`${pad}<${node.name}${attributes}>`);
    for (const child of node.children) render(child, depth + 1, out);
    out.push(`${pad}</${node.name}>`);
  }
}

/** The document: an XML declaration (UTF-8) and `root`, indented by two spaces, ending with a newline. */
export function xmlDocument(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  render(root, 0, out);
  return `${out.join("\n")}\n`;
}
