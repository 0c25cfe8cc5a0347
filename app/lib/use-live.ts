import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import type { LiveTable } from "./live-tables";

/**
 * Re-runs the current page's loaders when one of `tables` changes. The EventSource client is
 * loaded after hydration, in its own chunk.
 */
export function useLiveRevalidation(tables: readonly LiveTable[]) {
  const revalidator = useRevalidator();
  // A ref, so that a new `revalidate` identity after each refresh does not reopen the stream.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const key = tables.join(",");
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("./live").then(({ subscribe }) => {
      if (cancelled) return;
      stop = subscribe(key.split(",") as LiveTable[], () => void revalidate.current());
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [key]);
}
