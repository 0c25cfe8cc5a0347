import { fileTypeFromBuffer } from "file-type";
import { sanitizeFileName } from "~/platform/file-name";
import { APPLICATION_ERRORS, APPLICATION_LIMITS, type ApplicationFileField } from "./content";
import { isWordDocument } from "./word-document.server";

/** The document types a candidate may send, by what file-type reads in their first bytes. */
const ACCEPTED: Record<string, { ext: string; mime: string }> = {
  "application/pdf": { ext: "pdf", mime: "application/pdf" },
  // A .doc is an OLE compound file (CFB); file-type names the container, not the application.
  "application/x-cfb": { ext: "doc", mime: "application/msword" },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": {
    ext: "docx",
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  "application/vnd.oasis.opendocument.text": { ext: "odt", mime: "application/vnd.oasis.opendocument.text" },
};

export interface CheckedFile {
  kind: ApplicationFileField;
  fileName: string;
  mimeType: string;
  size: number;
  content: Uint8Array;
}

/**
 * Checks one posted file: presence, size, then its type from its content (never its name or the
 * type the browser declared, so an executable renamed .pdf is refused). Returns the file ready to
 * store, null when an optional file was left empty, or the French message for the field.
 */
export async function checkFile(
  kind: ApplicationFileField,
  value: FormDataEntryValue | null,
): Promise<CheckedFile | null | { error: string }> {
  const file = value instanceof File && !(value.size === 0 && value.name === "") ? value : null;
  if (!file) return kind === "cv" ? { error: APPLICATION_ERRORS.cvMissing } : null;
  if (file.size === 0) return { error: APPLICATION_ERRORS.fileEmpty };
  if (file.size > APPLICATION_LIMITS.fileBytes) return { error: APPLICATION_ERRORS.fileTooLarge };
  const content = new Uint8Array(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(content).catch(() => undefined);
  // The same container holds spreadsheets and installers: only a Word document passes as a .doc.
  const word = detected?.mime !== "application/x-cfb" || isWordDocument(content);
  const type = detected && word ? ACCEPTED[detected.mime] : undefined;
  if (!type) return { error: kind === "cv" ? APPLICATION_ERRORS.cvType : APPLICATION_ERRORS.letterType };
  return {
    kind,
    fileName: sanitizeFileName(file.name, type.ext, kind === "cv" ? "cv" : "lettre-de-motivation"),
    mimeType: type.mime,
    size: content.byteLength,
    content,
  };
}
