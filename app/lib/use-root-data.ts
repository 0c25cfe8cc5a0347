import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** What the root loader gives every page: the signed-in user, the flash toast, the course list. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
