import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import type { ToastMessage } from "~/platform/toast";
import { reserveToastSpace } from "./toast-space";

/** Mounted once the first toast is asked for; stays mounted so later toasts appear at once. */
export default function SonnerToaster({
  queue,
  onShown,
}: {
  queue: ToastMessage[];
  onShown: (count: number) => void;
}) {
  // Runs after <Toaster> (a child) has subscribed, so no toast is missed.
  useEffect(() => {
    if (queue.length === 0) return;
    for (const t of queue) {
      const show = t.type === "error" ? toast.error : toast.success;
      show(t.title, t.description ? { description: t.description } : undefined);
    }
    onShown(queue.length);
  }, [queue, onShown]);
  useEffect(() => {
    const area = document.getElementById("notifications");
    return area ? reserveToastSpace(area) : undefined;
  }, []);
  // Top centre, just under the sticky header: where a screen has its title, never its actions. At the
  // bottom right they covered a list's last row (its 'Modifier', 'Supprimer') and a long form's save
  // button; over the header, its buttons ('Déconnexion'). The close button's name in French
  // (sonner's own is 'Close toast').
  return (
    <Toaster
      position="top-center"
      offset={{ top: "var(--toast-top)" }}
      mobileOffset={{ top: "var(--toast-top)" }}
      richColors
      closeButton
      toastOptions={{ closeButtonAriaLabel: "Fermer la notification" }}
    />
  );
}
