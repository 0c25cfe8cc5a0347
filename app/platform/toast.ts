/** A message shown once in the notification area, possibly after a redirect (flash cookie). */
export interface ToastMessage {
  type: "success" | "error";
  title: string;
  description?: string;
}
