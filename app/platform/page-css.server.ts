/**
 * The part of the site's stylesheet a page's own HTML needs: its rules in their order (the cascade is
 * unchanged), less the rules whose selectors name a class that no element of the page has. A phone on a
 * slow network then gets a document small enough to arrive in TCP's first round trip (about 14 KB),
 * and the browser styles the page with a fraction of the rules; the whole stylesheet is fetched after
 * the scripts, before React renders anything the HTML did not have (app/entry.client.tsx).
 *
 * What is always kept: at-rules other than grouping ones (@property, @keyframes, @font-face, @layer
 * order statements), rules without a class in their selector (theme variables, base and element
 * rules), and any selector whose class is only inside a pseudo-class's parentheses (`:not(.x)`,
 * `:where(.group)`): keeping a rule too many costs bytes, dropping one a page needs would show it
 * unstyled.
 */

type Node =
  | { kind: "text"; text: string; property?: string }
  | { kind: "rule"; text: string; classes: string[][] }
  | { kind: "variables"; selector: string; declarations: Declaration[] }
  | { kind: "group"; open: string; children: Node[] };

/** A declaration of a rule without classes; `name` when it sets a custom property. */
interface Declaration {
  text: string;
  name?: string;
}

/** At-rules whose block holds rules, kept when any of their rules is. */
const GROUPING = /^@(layer|media|supports|container|scope|starting-style)\b/i;

/** The index just past the string that opens at `from` (its quote), escaped quotes inside skipped. */
function afterString(text: string, from: number): number {
  const quote = text[from];
  let i = from + 1;
  while (i < text.length && text[i] !== quote) i += text[i] === "\\" ? 2 : 1;
  return i + 1;
}

/** The index just past the comment that opens at `from` (its slash), or the text's end. */
function afterComment(text: string, from: number): number {
  const end = text.indexOf("*/", from + 2);
  return end === -1 ? text.length : end + 2;
}

/** Parses a stylesheet (as the build writes it) into its top-level pieces, recursively into groups. */
export function parseStylesheet(css: string): Node[] {
  let i = 0;
  // From i to the end of the current block (its closing brace, not consumed) or of the text.
  const parseBlock = (): Node[] => {
    const nodes: Node[] = [];
    let start = i;
    while (i < css.length) {
      const c = css[i];
      if (c === "/" && css[i + 1] === "*") {
        i = afterComment(css, i);
        start = i;
      } else if (c === '"' || c === "'") {
        i = afterString(css, i);
      } else if (c === "\\") {
        i += 2;
      } else if (c === ";") {
        // A statement at-rule (`@layer a, b;`, `@import`, `@charset`).
        i++;
        const text = css.slice(start, i).trim();
        if (text) nodes.push({ kind: "text", text });
        start = i;
      } else if (c === "}") {
        return nodes;
      } else if (c === "{") {
        const prelude = css.slice(start, i).trim();
        i++;
        if (GROUPING.test(prelude)) {
          const children = parseBlock();
          i++;
          nodes.push({ kind: "group", open: prelude, children });
        } else {
          const bodyStart = i;
          skipBlock();
          const body = css.slice(bodyStart, i);
          const text = `${prelude}{${body}}`;
          i++;
          nodes.push(styleNode(prelude, body, text));
        }
        start = i;
      } else {
        i++;
      }
    }
    return nodes;
  };
  // From just inside a block to its closing brace (not consumed), nested blocks included.
  const skipBlock = () => {
    let depth = 0;
    while (i < css.length) {
      const c = css[i];
      if (c === '"' || c === "'") i = afterString(css, i);
      else if (c === "\\") i += 2;
      else if (c === "/" && css[i + 1] === "*") i = afterComment(css, i);
      else if (c === "{") {
        depth++;
        i++;
      } else if (c === "}") {
        if (depth === 0) return;
        depth--;
        i++;
      } else i++;
    }
  };
  return parseBlock();
}

const PROPERTY = /^@property\s+(--[\w-]+)/;

function styleNode(prelude: string, body: string, text: string): Node {
  if (prelude.startsWith("@")) {
    const property = PROPERTY.exec(prelude)?.[1];
    return property ? { kind: "text", text, property } : { kind: "text", text };
  }
  const classes = selectorClasses(prelude);
  // A rule every page gets (:root's theme, the properties' fallbacks): its custom properties are
  // kept only when a kept rule reads or sets them.
  if (classes.every((names) => names.length === 0) && !body.includes("{")) {
    return { kind: "variables", selector: prelude, declarations: declarations(body) };
  }
  return { kind: "rule", text, classes };
}

/** The declarations of a block's body, split at its top-level semicolons. */
function declarations(body: string): Declaration[] {
  const out: Declaration[] = [];
  let depth = 0;
  let start = 0;
  const push = (end: number) => {
    const text = body.slice(start, end).trim();
    if (!text) return;
    const name = /^(--[\w-]+)\s*:/.exec(text)?.[1];
    out.push(name ? { text, name } : { text });
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "\\") i++;
    // The loop's i++ steps over the closing quote.
    else if (c === '"' || c === "'") i = afterString(body, i) - 1;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === ";" && depth === 0) {
      push(i);
      start = i + 1;
    }
  }
  push(body.length);
  return out;
}

/**
 * For each selector of a selector list, the classes an element must have for it to match: those
 * outside any parentheses or brackets. A rule applies to a page if one of its selectors' classes are
 * all on the page (a selector without classes always may).
 */
export function selectorClasses(selectorList: string): string[][] {
  const selectors: string[][] = [];
  let current: string[] = [];
  let depth = 0;
  let i = 0;
  while (i < selectorList.length) {
    const c = selectorList[i];
    if (c === "\\") i += 2;
    else if (c === '"' || c === "'") i = afterString(selectorList, i);
    else if (c === "(" || c === "[") {
      depth++;
      i++;
    } else if (c === ")" || c === "]") {
      depth--;
      i++;
    } else if (c === "," && depth === 0) {
      selectors.push(current);
      current = [];
      i++;
    } else if (c === "." && depth === 0) {
      const [name, end] = readIdentifier(selectorList, i + 1);
      if (name) current.push(name);
      i = end;
    } else i++;
  }
  selectors.push(current);
  return selectors;
}

/** A CSS identifier starting at `from`, its escapes resolved (`md\:flex` is the class `md:flex`). */
function readIdentifier(text: string, from: number): [string, number] {
  let name = "";
  let i = from;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === "\\") {
      const hex = /^[0-9a-fA-F]{1,6} ?/.exec(text.slice(i + 1, i + 8));
      if (hex) {
        name += String.fromCodePoint(Number.parseInt(hex[0].trim(), 16));
        i += 1 + hex[0].length;
      } else {
        name += text[i + 1] ?? "";
        i += 2;
      }
    } else if (/[\w-]/.test(c) || c.charCodeAt(0) > 0x7f) {
      name += c;
      i++;
    } else break;
  }
  return [name, i];
}

/** The rules of `nodes` kept for a page whose classes are `has`, groups emptied of them left out. */
function keep(nodes: Node[], has: (name: string) => boolean): Node[] {
  const kept: Node[] = [];
  for (const node of nodes) {
    if (node.kind === "rule") {
      if (node.classes.some((names) => names.every(has))) kept.push(node);
    } else if (node.kind === "group") {
      const children = keep(node.children, has);
      if (children.length > 0) kept.push({ ...node, children });
    } else kept.push(node);
  }
  return kept;
}

const CUSTOM_PROPERTY = /--[A-Za-z_][\w-]*/g;

function addNames(text: string, names: Set<string>): void {
  for (const [name] of text.matchAll(CUSTOM_PROPERTY)) names.add(name);
}

/**
 * The custom properties the kept rules (and `elsewhere`: the page's own markup) read or set, with
 * those the theme's kept properties read in turn.
 */
function usedProperties(nodes: Node[], elsewhere: string): Set<string> {
  const used = new Set<string>();
  addNames(elsewhere, used);
  const themed: Declaration[] = [];
  const visit = (list: Node[]) => {
    for (const node of list) {
      if (node.kind === "group") visit(node.children);
      else if (node.kind === "rule") addNames(node.text, used);
      else if (node.kind === "text") {
        if (!node.property) addNames(node.text, used);
      } else {
        for (const declaration of node.declarations) {
          if (declaration.name) themed.push(declaration);
          else addNames(declaration.text, used);
        }
      }
    }
  };
  visit(nodes);
  let grew = true;
  while (grew) {
    grew = false;
    for (const declaration of themed) {
      if (!declaration.name || !used.has(declaration.name)) continue;
      const before = used.size;
      addNames(declaration.text.slice(declaration.text.indexOf(":")), used);
      if (used.size > before) grew = true;
    }
  }
  return used;
}

function write(nodes: Node[], used: Set<string>): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "rule") out += node.text;
    else if (node.kind === "text") {
      if (!node.property || used.has(node.property)) out += node.text;
    } else if (node.kind === "variables") {
      const kept = node.declarations.filter((d) => !d.name || used.has(d.name));
      if (kept.length > 0) out += `${node.selector}{${kept.map((d) => d.text).join(";")}}`;
    } else {
      const inner = write(node.children, used);
      if (inner) out += `${node.open}{${inner}}`;
    }
  }
  return out;
}

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };

/** Every class named by a class attribute of `html` (React escapes `&`, `<`, `>` and quotes in them). */
export function htmlClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value = ""] of html.matchAll(CLASS_ATTRIBUTE)) {
    const decoded = value.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ENTITIES[name] ?? "");
    for (const name of decoded.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** At most this many subsets are remembered; pages share a handful of class sets (a page type each). */
const MEMO_LIMIT = 200;

/**
 * `subset(html)`: the stylesheet's rules `html` (a page without its stylesheet) needs, remembered by
 * the page's classes and the custom properties its markup names (a style attribute may read one).
 */
export function stylesheetSubsetter(css: string): (html: string) => string {
  const nodes = parseStylesheet(css);
  const memo = new Map<string, string>();
  return (html) => {
    const classes = htmlClasses(html);
    const named = new Set<string>();
    addNames(html, named);
    const key = `${[...classes].sort().join(" ")}|${[...named].sort().join(" ")}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const kept = keep(nodes, (name) => classes.has(name));
    const subset = write(kept, usedProperties(kept, [...named].join(" ")));
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, subset);
    return subset;
  };
}

const SITE_CSS_ELEMENT = /<style id="site-css">([\s\S]*?)<\/style>/;

/**
 * `html` with its inline stylesheet cut down to what its elements need, marked `data-subset` so that
 * the browser fetches the whole one before rendering anything else (app/entry.client.tsx).
 */
export function withPageStylesheet(html: string, subset: (html: string) => string): string {
  const match = SITE_CSS_ELEMENT.exec(html);
  if (!match) return html;
  const before = html.slice(0, match.index);
  const after = html.slice(match.index + match[0].length);
  return `${before}<style id="site-css" data-subset="">${subset(before + after)}</style>${after}`;
}
