import { DOCUMENT_TYPES, readUploadedFile } from "~/platform/uploaded-file.server";
import { APPLICATION_ERRORS, type ApplicationFileField } from "./content";

export interface CheckedFile {
  kind: ApplicationFileField;
  fileName: string;
  mimeType: string;
  size: number;
  content: Uint8Array;
}

/**
 * Checks one posted file (platform/uploaded-file.server.ts: presence, size, then its type from its
 * content): a PDF, Word or OpenDocument text. Returns the file ready to store, null when an optional
 * file was left empty, or the French message for the field.
 */
export async function checkFile(
  kind: ApplicationFileField,
  value: FormDataEntryValue | null,
): Promise<CheckedFile | null | { error: string }> {
  const read = await readUploadedFile(value, DOCUMENT_TYPES, kind === "cv" ? "cv" : "lettre-de-motivation");
  if (read === null) return kind === "cv" ? { error: APPLICATION_ERRORS.cvMissing } : null;
  if ("problem" in read) {
    if (read.problem === "empty") return { error: APPLICATION_ERRORS.fileEmpty };
    if (read.problem === "tooLarge") return { error: APPLICATION_ERRORS.fileTooLarge };
    return { error: kind === "cv" ? APPLICATION_ERRORS.cvType : APPLICATION_ERRORS.letterType };
  }
  return { kind, ...read };
}
