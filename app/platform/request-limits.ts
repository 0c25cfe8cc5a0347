// Every bound on what a visitor or a staff member may send, written once. The forms (their hints and
// browser-side checks), the server's readers (which stop reading past them and answer in French) and
// the reverse proxy's sample configuration (scripts/nginx-sample.ts, printed in docs/operations.md)
// all derive from these numbers, so none of them can refuse what another accepts.

const KIB = 1024;
const MIB = 1024 * KIB;
const FILE_BYTES = 5 * MIB;
const IMAGE_BYTES = 15 * MIB;

export const REQUEST_LIMITS = {
  /** One uploaded document: a candidate's CV or cover letter, the Qualiopi certificate in Paramètres. */
  fileBytes: FILE_BYTES,
  /**
   * A form without files: far above any honest one (5 000 characters of message plus the other
   * fields, URL-encoded accents included); past it a post is refused before it costs memory.
   */
  formBytes: 64 * KIB,
  /** A console form without files: it may carry a whole article in Markdown. */
  consoleFormBytes: MIB,
  /** The JSON bodies of the authentication endpoints (sign-in, sign-up, password reset). */
  authBytes: 16 * KIB,
  /** An application: two documents, the text fields and the multipart framing. */
  applicationBytes: 2 * FILE_BYTES + 256 * KIB,
  /** A CSV of learners to import (a thousand rows take about 100 Ko). */
  learnerImportBytes: 512 * KIB,
  /** Paramètres with a new certificate: the document, the settings' fields and the framing. */
  settingsBytes: FILE_BYTES + 64 * KIB,
  /** One picture sent to the médiathèque (a full-size photo from a phone or a camera). */
  imageBytes: IMAGE_BYTES,
  /**
   * A signature posted from the learner's page or the signing pad: a PNG of at most 200 Ko as a data
   * URL, URL-encoded (base64 grows it by a third, and each '+' or '/' takes three characters).
   */
  signatureFormBytes: MIB,
  /** A médiathèque upload: the picture, its alternative text, credit and focal point, the framing. */
  mediaUploadBytes: IMAGE_BYTES + 64 * KIB,
} as const;

/**
 * What a reverse proxy in front must let through: well above the largest request the app reads, so
 * that someone who picked too large a file (a 12 MB scan for a CV) gets the app's French message next
 * to the field instead of the proxy's own English 413 page. Past it the proxy refuses on its own.
 */
export const PROXY_BODY_BYTES = 32 * MIB;

/** "5 Mo", "10,25 Mo": a size in the forms' words (French writes Mo; 1 Mo = 1 048 576 bytes here). */
export const megabytesLabel = (bytes: number) => `${Number((bytes / MIB).toFixed(2))} Mo`.replace(".", ",");

/** The per-document limit as the forms and messages say it. */
export const FILE_SIZE_LABEL = megabytesLabel(REQUEST_LIMITS.fileBytes);

/** The médiathèque's per-picture limit as the forms and messages say it. */
export const IMAGE_SIZE_LABEL = megabytesLabel(REQUEST_LIMITS.imageBytes);
