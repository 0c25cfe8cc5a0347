import { useRouteLoaderData } from "react-router";
import type { PublicCentre } from "~/features/settings/centre";
import type { loader } from "./root";

/** What the root loader gives every page: the signed-in user, the flash toast, the course list. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/**
 * The centre's identity (console: Paramètres), read once per request by the root loader for every
 * public page (the starting values when that read failed). Console pages skip that read and do not
 * call this.
 */
export function useCentre(): PublicCentre {
  const centre = useRootData()?.centre;
  if (!centre) throw new Error("useCentre() is for public pages: the root loader gives them the centre");
  return centre;
}
