import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import type { ToastMessage } from "~/lib/toast";

// sonner weighs ~9 KB gzip: it is fetched with the first toast, not with every page (DESIGN.md §5).
const SonnerToaster = lazy(() => import("./sonner-toaster"));

let deliver: ((toast: ToastMessage) => void) | null = null;
const early: ToastMessage[] = [];

/** Shows a toast in the notification area; callable from anywhere in the browser. */
export function showToast(toast: ToastMessage): void {
  if (deliver) deliver(toast);
  else early.push(toast);
}

/** The notification area, always present (SPEC.md §2.1); loads the toast library on first use. */
export function ToastArea() {
  const [queue, setQueue] = useState<ToastMessage[]>([]);
  const [loaded, setLoaded] = useState(false);
  const onShown = useCallback((count: number) => setQueue((q) => q.slice(count)), []);
  useEffect(() => {
    const accept = (toast: ToastMessage) => {
      setLoaded(true);
      setQueue((q) => [...q, toast]);
    };
    deliver = accept;
    for (const toast of early.splice(0)) accept(toast);
    return () => {
      deliver = null;
    };
  }, []);
  return loaded ? (
    <Suspense fallback={null}>
      <SonnerToaster queue={queue} onShown={onShown} />
    </Suspense>
  ) : null;
}
