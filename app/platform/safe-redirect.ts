// A placeholder origin to resolve against: whatever resolves elsewhere is not one of our paths.
const BASE = "http://redirect.invalid";

/**
 * Where to send a visitor after signing in: a path of this site, or `fallback`. The value is read as
 * a browser would read it in a Location header (the WHATWG URL parser): tabs and newlines anywhere are
 * dropped, leading and trailing controls and spaces too, a backslash counts as a slash, `/./` and
 * `/../` collapse. So `/<TAB>/evil.example`, `/\evil.example`, `\x01//evil.example` or `/.//evil`,
 * which a naive `startsWith("/")` check lets through, all land on `fallback`. What comes back is the
 * parsed path, query and fragment, percent-encoded ASCII only: safe to put in a Location header
 * (a raw `é`, CR or LF there used to lose the session cookie or throw).
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || target.length > 2048) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the browser strips exactly these.
  const cleaned = target.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (!cleaned.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(cleaned, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  // After dot segments collapse, `//host` would be read as another site by the next parser.
  if (path.startsWith("//") || path.includes("\\")) return fallback;
  return path;
}
