// The médiathèque's server face: pictures for the public pages' loaders, the variants' route (mounted
// by boot), the console's action and list.
export { mediaAction } from "./console-media.server";
export {
  assertImageExists,
  mediaFacts,
  mediaFilters,
  mediaPage,
  pictureColumns,
} from "./library.server";
export {
  cardPicture,
  type MediaFacts,
  openGraphImage,
  type PictureOptions,
  pictureHtml,
} from "./media";
export { mediaUses, type PictureUse, registerPictureUse } from "./picture-uses.server";
export { mediaBytes, mediaBytesFor, sweepOrphanedBytes } from "./store.server";
export { mediaHandler, printableVariant, VariantStore } from "./variants.server";
