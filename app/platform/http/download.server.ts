// What the console answers for a stored file (a candidate's CV, a signed copy, a trainer's diploma,
// the Qualiopi certificate): always a download, with the type it was stored with, never sniffed nor
// cached; and the plain French 404 when there is no such file.

/**
 * The Content-Disposition of a download: always an attachment (a stored file is never rendered
 * by the browser), a plain-ASCII `filename` for old clients and the exact name in RFC 5987
 * `filename*`. Quotes, backslashes, path separators and control characters are dropped.
 */
export function attachmentDisposition(fileName: string): string {
  const clean = fileName.replace(/[\p{Cc}"\\/]/gu, "").trim() || "fichier";
  const ascii =
    clean
      .normalize("NFD")
      .replace(/[^\x20-\x7e]/g, "")
      .trim() || "fichier";
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The stored file as a download. */
export function storedFileDownload(file: {
  fileName: string;
  mimeType: string;
  content: Uint8Array;
}): Response {
  return new Response(new Uint8Array(file.content), {
    headers: {
      "Content-Type": file.mimeType,
      "Content-Length": String(file.content.byteLength),
      "Content-Disposition": attachmentDisposition(file.fileName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}

/** 'Fichier introuvable', as plain text, not cached. */
export function missingFile(message: string): Response {
  return new Response(message, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
