/** A message shown once in the notification area, possibly after a redirect (flash cookie). */
export interface ToastMessage {
  type: "success" | "error";
  title: string;
  description?: string;
  /**
   * A flash toast's identity, drawn when its cookie is written. Two page loads can read the same
   * cookie before the answer that clears it is back (a console change's live refresh running beside
   * the redirect's own load): they carry the same toast, which the page shows once.
   */
  id?: string;
}
