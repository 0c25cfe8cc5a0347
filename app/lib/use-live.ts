import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { type LiveTable, subscribe } from "./live";

/**
 * Re-runs the current page's loaders when one of `tables` changes. The stream opens after
 * hydration; its client (under 1 KB gzip) ships with the layout every public page loads, which
 * costs less than a chunk of its own fetched right after hydration.
 */
export function useLiveRevalidation(tables: readonly LiveTable[]) {
  const revalidator = useRevalidator();
  // A ref, so that a new `revalidate` identity after each refresh does not reopen the stream.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const key = tables.join(",");
  useEffect(() => {
    return subscribe(key.split(",") as LiveTable[], () => void revalidate.current());
  }, [key]);
}
