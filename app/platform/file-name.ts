// A file name received from a browser, made safe: applications' attachments and the Qualiopi
// certificate of Paramètres both keep the name their sender gave, cleaned.

/**
 * A file name safe to show and to send back in Content-Disposition: the last path segment, letters,
 * digits, spaces and . _ - ( ) only, 100 characters at most, with the extension of its real type.
 */
export function sanitizeFileName(name: string, ext: string, fallback: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  const stem = base
    .replace(/\.[^.]*$/, "")
    .normalize("NFC")
    .replace(/[^\p{L}\p{N} ._()-]+/gu, "_")
    .replace(/\s+/g, " ")
    .replace(/^[ ._-]+|[ ._-]+$/g, "")
    .slice(0, 100);
  return `${stem || fallback}.${ext}`;
}
