import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import type { ToastMessage } from "~/platform/toast";

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
  // At the bottom: at the top they covered the header's buttons ('Déconnexion') and took their clicks
  // for seconds after signing in. On a phone sonner spreads them across the bottom edge.
  // The close button's name in French (sonner's own is 'Close toast').
  return (
    <Toaster
      position="bottom-right"
      richColors
      closeButton
      toastOptions={{ closeButtonAriaLabel: "Fermer la notification" }}
    />
  );
}
