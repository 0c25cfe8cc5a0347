import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { AdminActionResult } from "~/platform/form-schema";
import { useToast } from "~/ui/toast/use-toast";

/**
 * A fetcher for a console mutation: shows the action's toast, and calls `onResult` once per
 * answer (to close a dialog on success). The list reloads on its own: React Router revalidates
 * the page's loaders after every action. Keep it in a component that outlives the row it acts
 * on, or the toast would vanish with the row.
 */
export function useAdminFetcher(onResult?: (result: AdminActionResult) => void) {
  const fetcher = useFetcher<AdminActionResult>();
  useToast(fetcher.data?.toast);
  const handled = useRef<AdminActionResult | undefined>(undefined);
  const callback = useRef(onResult);
  callback.current = onResult;
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    callback.current?.(result);
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}
