import MarkdownIt from "markdown-it";

/**
 * The one Markdown renderer for articles: the public page and the console's live preview use it,
 * so what staff preview is what visitors read. `html: false` escapes any raw HTML in the source
 * (no script or iframe can reach a visitor); markdown-it also refuses javascript: and data: links by default.
 */
const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });

// External links open in a new tab without handing the opener to the other site.
const defaultLinkOpen =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  const href = token?.attrGet("href") ?? "";
  if (token && /^https?:\/\//i.test(href)) {
    token.attrSet("target", "_blank");
    token.attrSet("rel", "noopener noreferrer");
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/**
 * The page's own title is the only <h1> (the article page and the console preview both show it above
 * the body): Markdown headings are shifted down so that the highest one becomes an <h2> and the
 * others keep their distance below it ('# Titre' → h2, '## Partie' → h3; a text that starts at '##'
 * is left as written). Levels beyond h6 stay h6. A text shown under a section's own <h2> (a page of
 * Pages) asks for `topLevel: 3`.
 */
const TOP_LEVEL = 2;
md.core.ruler.push("headings_below_title", (state) => {
  const top = typeof state.env?.topLevel === "number" ? state.env.topLevel : TOP_LEVEL;
  const headings = state.tokens.filter((t) => t.type === "heading_open" || t.type === "heading_close");
  const highest = Math.min(...headings.map((t) => Number(t.tag.slice(1))));
  const shift = top - highest;
  if (!(shift > 0)) return;
  for (const token of headings) token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + shift)}`;
});

export function renderMarkdown(source: string, options: { topLevel?: 2 | 3 } = {}): string {
  return md.render(source, { topLevel: options.topLevel ?? TOP_LEVEL });
}

/**
 * The same Markdown as tokens, headings at the levels written: for documents drawn by other means
 * than HTML (the règlement intérieur's PDF). `topLevel: 1` leaves every heading where it is.
 */
export function markdownTokens(source: string) {
  return md.parse(source, { topLevel: 1 });
}

/** Minutes to read at about 200 words a minute, never less than 1. */
export function readingMinutes(source: string): number {
  const words = source.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}
