import { useEffect } from "react";
import type { ToastMessage } from "~/platform/toast";
import { showToast } from "./toast-area";

/** Shows a toast once, whether it comes from a flash cookie or from an action's result. */
export function useToast(toast: ToastMessage | null | undefined) {
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
}
