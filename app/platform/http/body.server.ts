import { REQUEST_LIMITS } from "~/platform/request-limits";

/** A form without files (app/platform/request-limits.ts says why so much); past it, 413 before it costs memory. */
export const MAX_FORM_BYTES = REQUEST_LIMITS.formBytes;

export type FormFields = Record<string, string>;

/**
 * Reads and drops the rest of a refused body. Cancelling the stream instead would destroy the socket
 * while the client is still sending, and it would see a reset connection instead of our 413. Node
 * does the same for a body nobody reads; the server's timeouts bound a client that never stops.
 */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    for (;;) {
      const { done } = await reader.read();
      if (done) return;
    }
  } catch {
    // The client went away: nothing left to drain.
  }
}

/**
 * The request body, at most `max` bytes, whether or not the client sent a Content-Length (a chunked
 * body is counted as it arrives). "too-large" past the bound.
 */
export async function readBodyBounded(request: Request, max = MAX_FORM_BYTES): Promise<Buffer | "too-large"> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  if (declared > max) {
    void drain(reader);
    return "too-large";
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      void drain(reader);
      return "too-large";
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The text entries of a browser form post (URL-encoded or multipart), in order, bounded like
 * `readBodyBounded`; files are ignored. "unreadable" for anything else (a JSON body, a broken
 * multipart), so that the caller answers 400 instead of throwing.
 */
export async function readFormEntries(
  request: Request,
  max = MAX_FORM_BYTES,
): Promise<[string, string][] | "too-large" | "unreadable"> {
  const type = request.headers.get("content-type") ?? "";
  const multipart = type.startsWith("multipart/form-data");
  if (!multipart && !type.startsWith("application/x-www-form-urlencoded")) {
    // Nothing to read from a body we cannot use; a refused JSON post still must not hang.
    if (request.body) void drain(request.body.getReader());
    return "unreadable";
  }
  try {
    const body = await readBodyBounded(request, max);
    if (body === "too-large") return body;
    const form = multipart
      ? await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData()
      : new URLSearchParams(body.toString("utf8"));
    const entries: [string, string][] = [];
    for (const [key, value] of form) if (typeof value === "string") entries.push([key, value]);
    return entries;
  } catch {
    return "unreadable";
  }
}

/** `readFormEntries` as one value per field (a repeated key keeps its last value). */
export async function readFormFields(
  request: Request,
  max = MAX_FORM_BYTES,
): Promise<FormFields | "too-large" | "unreadable"> {
  const entries = await readFormEntries(request, max);
  return typeof entries === "string" ? entries : Object.fromEntries(entries);
}

/** `readFormEntries` as FormData, for handlers that read repeated keys. */
export async function readFormData(
  request: Request,
  max = MAX_FORM_BYTES,
): Promise<FormData | "too-large" | "unreadable"> {
  const entries = await readFormEntries(request, max);
  if (typeof entries === "string") return entries;
  const form = new FormData();
  for (const [key, value] of entries) form.append(key, value);
  return form;
}

/**
 * A form post with its files (multipart), bounded like `readBodyBounded`: for the console's
 * uploads. A URL-encoded post is read as `readFormData` reads it.
 */
export async function readFormDataWithFiles(
  request: Request,
  max: number,
): Promise<FormData | "too-large" | "unreadable"> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) return readFormData(request, max);
  try {
    const body = await readBodyBounded(request, max);
    if (body === "too-large") return body;
    return await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
  } catch {
    return "unreadable";
  }
}
