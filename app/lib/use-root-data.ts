import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";
import { CENTRE_DEFAULTS, type PublicCentre } from "./centre";

/** What the root loader gives every page: the signed-in user, the flash toast, the course list. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

const FALLBACK: PublicCentre = { ...CENTRE_DEFAULTS, qualiopiShown: false };

/**
 * The centre's identity (console: Paramètres), read once per request by the root loader. Console
 * pages skip that read; a public page whose read failed shows the starting values.
 */
export function useCentre(): PublicCentre {
  return useRootData()?.centre ?? FALLBACK;
}
