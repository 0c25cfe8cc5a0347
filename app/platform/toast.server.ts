import { createCookie, redirect } from "react-router";
import type { ToastMessage } from "./toast";

// Signed with the session secret so nobody can plant a message; lives one minute at most.
function toastCookie(secret: string) {
  return createCookie("toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60, secrets: [secret] });
}

export async function toastHeader(secret: string, toast: ToastMessage): Promise<string> {
  return toastCookie(secret).serialize({ ...toast, id: toast.id ?? crypto.randomUUID() });
}

/** Reads the pending toast and the header that clears it. */
export async function readToast(
  request: Request,
  secret: string,
): Promise<{ toast: ToastMessage | null; clear: string | null }> {
  const cookieHeader = request.headers.get("cookie");
  if (!cookieHeader?.includes("toast=")) return { toast: null, clear: null };
  const cookie = toastCookie(secret);
  const value: unknown = await cookie.parse(cookieHeader);
  const toast = value && typeof value === "object" && "title" in value ? (value as ToastMessage) : null;
  return { toast, clear: await cookie.serialize("", { maxAge: 0 }) };
}

/** A redirect that shows `toast` on the next page; `headers` may carry Set-Cookie from better-auth. */
export async function redirectWithToast(
  url: string,
  toast: ToastMessage,
  secret: string,
  headers: Headers = new Headers(),
): Promise<Response> {
  headers.append("Set-Cookie", await toastHeader(secret, toast));
  return redirect(url, { headers });
}
