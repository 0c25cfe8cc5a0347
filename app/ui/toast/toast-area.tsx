import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import type { ToastMessage } from "~/platform/toast";

// sonner weighs ~9 KB gzip: it is fetched with the first toast, not with every page.
const SonnerToaster = lazy(() => import("./sonner-toaster"));

let deliver: ((toast: ToastMessage) => void) | null = null;
const early: ToastMessage[] = [];
/** The flash toasts this page has shown, by id: one read again by a second load is not shown twice. */
const shown = new Set<string>();

/** Shows a toast in the notification area; callable from anywhere in the browser. */
export function showToast(toast: ToastMessage): void {
  if (toast.id) {
    if (shown.has(toast.id)) return;
    shown.add(toast.id);
  }
  if (deliver) deliver(toast);
  else early.push(toast);
}

/**
 * The notification area, always present; loads the toast library on first use. Its live region is
 * in the first HTML, empty: a screen reader only announces what is added to a region it already knew,
 * so the first toast, rendered inside it once the library has loaded, is read out too.
 */
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
  return (
    <div id="notifications" aria-live="polite" aria-relevant="additions text">
      {loaded ? (
        <Suspense fallback={null}>
          <SonnerToaster queue={queue} onShown={onShown} />
        </Suspense>
      ) : null}
    </div>
  );
}
