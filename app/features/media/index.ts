// The médiathèque's browser-safe face for other features: the variants' addresses and sizes, and
// pictureHtml (pure: no server import). Pictures reach the public pages as markup written by their
// loaders, so no code for them is sent to the browser. The console's picker and forms are imported by the
// routes (app/routes/admin), never from here.

export { MediaEditDialog, type MediaItemView, MediaUploadForm } from "./components/media-forms";
export { MediaPicker } from "./components/media-picker";
export {
  fallbackFormat,
  MEDIA_FORMATS,
  MEDIA_WIDTHS,
  type MediaFacts,
  type MediaFormat,
  pictureHtml,
  variantPath,
  variantWidths,
} from "./media";
