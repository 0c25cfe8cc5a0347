// A file a form sent (a candidate's CV, a trainer's diploma), checked once for every upload that
// stores documents: chosen or not, not empty, within the one document limit
// (platform/request-limits.ts), and of an accepted type read from its first bytes, never from its
// name or the type the browser declared, so an executable renamed .pdf is refused.
import { fileTypeFromBuffer } from "file-type";
import { sanitizeFileName } from "./file-name";
import { REQUEST_LIMITS } from "./request-limits";
import { isWordDocument } from "./word-document.server";

/** A type a form accepts: the extension and MIME type it is stored with, and an extra look at the bytes. */
export interface AcceptedType {
  ext: string;
  mime: string;
  /** Whether the content really is this type when file-type only names its container. */
  holds?: (content: Uint8Array) => boolean;
}

/** Documents to read: PDF, Word (.doc, .docx), OpenDocument text, by what file-type reads. */
export const DOCUMENT_TYPES: Readonly<Record<string, AcceptedType>> = {
  "application/pdf": { ext: "pdf", mime: "application/pdf" },
  // A .doc is an OLE compound file (CFB); file-type names the container, and the same container
  // holds spreadsheets and installers: only a Word document passes.
  "application/x-cfb": { ext: "doc", mime: "application/msword", holds: isWordDocument },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": {
    ext: "docx",
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  "application/vnd.oasis.opendocument.text": { ext: "odt", mime: "application/vnd.oasis.opendocument.text" },
};

/** A scan or a photo of a paper document: JPEG or PNG. */
export const SCAN_TYPES: Readonly<Record<string, AcceptedType>> = {
  "image/jpeg": { ext: "jpg", mime: "image/jpeg" },
  "image/png": { ext: "png", mime: "image/png" },
};

export interface UploadedFile {
  fileName: string;
  mimeType: string;
  size: number;
  content: Uint8Array;
}

/** Why a posted file is refused; each form words it in French. */
export type UploadProblem = "empty" | "tooLarge" | "type";

/**
 * The posted file ready to store (its name cleaned, with its real type's extension; `fallback` when
 * nothing is left of it), null when none was chosen, or the problem.
 */
export async function readUploadedFile(
  value: FormDataEntryValue | null,
  accepted: Readonly<Record<string, AcceptedType>>,
  fallback: string,
  maxBytes: number = REQUEST_LIMITS.fileBytes,
): Promise<UploadedFile | null | { problem: UploadProblem }> {
  const file = value instanceof File && !(value.size === 0 && value.name === "") ? value : null;
  if (!file) return null;
  if (file.size === 0) return { problem: "empty" };
  if (file.size > maxBytes) return { problem: "tooLarge" };
  const content = new Uint8Array(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(content).catch(() => undefined);
  const type = detected && Object.hasOwn(accepted, detected.mime) ? accepted[detected.mime] : undefined;
  if (!type || (type.holds && !type.holds(content))) return { problem: "type" };
  return {
    fileName: sanitizeFileName(file.name, type.ext, fallback),
    mimeType: type.mime,
    size: content.byteLength,
    content,
  };
}
