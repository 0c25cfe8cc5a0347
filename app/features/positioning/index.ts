// The positioning feature's browser-safe face for other features: they import from here, never from its
// files (docs/architecture.md). Routes may import any of its files directly.
export { positioningHref } from "./paths";
