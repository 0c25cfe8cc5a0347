import { useEffect } from "react";
import { showToast } from "~/components/toast/toast-area";
import type { ToastMessage } from "./toast";

/** Shows a toast once, whether it comes from a flash cookie or from an action's result. */
export function useToast(toast: ToastMessage | null | undefined) {
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
}
