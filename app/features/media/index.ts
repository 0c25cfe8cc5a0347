// The médiathèque's browser-safe face for the routes and other features: the variants' addresses and
// sizes, pictureHtml (pure: no server import), and the console's picker and forms. Pictures reach the
// public pages as markup written by their loaders, so no code for them is sent to the browser (a page
// loads only the modules it takes names from).

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
