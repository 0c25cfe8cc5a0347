// The médiathèque's rules that the browser and the server share: which widths and formats a picture
// is served in, the content-addressed address of each variant, and the data a <picture> needs. No
// server import: the console's forms and the public pages' components read this file.

/**
 * The widths served (CSS pixels × density): a catalogue thumbnail on a phone (7 rem at up to 2×), a card
 * at 360 px, its 2× copy, a page header, a wide article.
 */
export const MEDIA_WIDTHS = [240, 360, 720, 1080, 1600] as const;

/** The widths of small pictures (a testimonial's photo, the centre's logo): 48 px to 192 px drawn, 1× and 2×. */
export const SMALL_WIDTHS = [96, 192, 384] as const;

/** Which widths a picture is served at: a content picture's, or a small one's. */
export type WidthSet = "content" | "small";

/** The formats served: AVIF and WebP for the browsers that read them, JPEG or PNG for the others. */
export const MEDIA_FORMATS = ["avif", "webp", "jpeg", "png"] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

export const MEDIA_EXTENSIONS: Readonly<Record<MediaFormat, string>> = {
  avif: "avif",
  webp: "webp",
  jpeg: "jpg",
  png: "png",
};

export const MEDIA_TYPES: Readonly<Record<MediaFormat, string>> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

/**
 * The widths a picture `width` pixels wide is served at: the standard ones of `set` below it, and
 * its own width (or the largest standard one) last. A picture is never enlarged.
 */
export function variantWidths(width: number, set: WidthSet = "content"): number[] {
  const standard: readonly number[] = set === "small" ? SMALL_WIDTHS : MEDIA_WIDTHS;
  const largest = standard[standard.length - 1] ?? width;
  const top = Math.min(width, largest);
  return [...standard.filter((w) => w < top), top];
}

/** Whether `width` is one a picture `pictureWidth` pixels wide is served at, in either set. */
export const isVariantWidth = (pictureWidth: number, width: number) =>
  variantWidths(pictureWidth).includes(width) || variantWidths(pictureWidth, "small").includes(width);

/** The fallback format: PNG keeps a transparent picture transparent, JPEG for the rest. */
export const fallbackFormat = (hasAlpha: boolean): MediaFormat => (hasAlpha ? "png" : "jpeg");

/**
 * A variant's address: the hash of the original's bytes, the width and the format. The same file
 * always has the same addresses and a replaced one gets new ones, so browsers may keep each for a year.
 */
export function variantPath(hash: string, width: number, format: MediaFormat): string {
  return `/media/${hash}/${width}.${MEDIA_EXTENSIONS[format]}`;
}

/** The stored facts a <picture> is built from (a row of the médiathèque). */
export interface MediaFacts {
  hash: string;
  width: number;
  height: number;
  hasAlpha: boolean;
  alt: string;
  decorative: boolean;
  /** The focal point in percent of the width and height, kept in view when the frame crops. */
  focalX: number | null;
  focalY: number | null;
}

/** Where and how a picture is drawn: its classes, `sizes`, and whether it is the page's largest. */
export interface PictureOptions {
  /** How wide it is drawn, as the `sizes` attribute says it ("(min-width: 768px) 50vw, 100vw"). */
  sizes: string;
  className: string;
  /** The page's largest picture: loaded at once and first (eager, fetchpriority="high"), else lazily. */
  priority?: boolean;
  /** Shown at once but not first (the header's logo: above the fold, never the largest). */
  eager?: boolean;
  /** A small picture (photo of a person, logo): served at the small widths. */
  widths?: WidthSet;
}

/** The `src` of a browser that reads no `srcset` (rare today): a card's 2× copy, a small picture's 2×. */
const FALLBACK_SRC_WIDTH: Readonly<Record<WidthSet, number>> = { content: 720, small: 192 };

const escapeAttribute = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/**
 * A stored picture as HTML, written on the server: AVIF and WebP <source>s, a JPEG/PNG <img> with
 * its `width` and `height` (the space is kept before it loads), `srcset`/`sizes`, lazy unless it is the
 * page's largest. The pages insert it as it is: no code is sent to the browser to draw it.
 */
export function pictureHtml(media: MediaFacts, options: PictureOptions): string {
  const widths = variantWidths(media.width, options.widths);
  const srcSet = (format: MediaFormat) =>
    widths.map((w) => `${variantPath(media.hash, w, format)} ${w}w`).join(", ");
  const fallback = fallbackFormat(media.hasAlpha);
  const largest = widths[widths.length - 1] ?? media.width;
  const srcWidth = widths.find((w) => w >= FALLBACK_SRC_WIDTH[options.widths ?? "content"]) ?? largest;
  const sizes = escapeAttribute(options.sizes);
  const sources = (["avif", "webp"] as const)
    .map((format) => `<source type="${MEDIA_TYPES[format]}" srcset="${srcSet(format)}" sizes="${sizes}">`)
    .join("");
  const attributes = [
    `src="${variantPath(media.hash, srcWidth, fallback)}"`,
    `srcset="${srcSet(fallback)}"`,
    `sizes="${sizes}"`,
    `width="${largest}"`,
    `height="${Math.round((media.height * largest) / media.width)}"`,
    `alt="${escapeAttribute(media.decorative ? "" : media.alt)}"`,
    options.priority
      ? 'loading="eager" fetchpriority="high"'
      : options.eager
        ? 'loading="eager"'
        : 'loading="lazy" decoding="async"',
    `class="${escapeAttribute(options.className)}"`,
    media.focalX === null || media.focalY === null
      ? ""
      : `style="object-position:${media.focalX}% ${media.focalY}%"`,
  ];
  return `<picture>${sources}<img ${attributes.filter(Boolean).join(" ")}></picture>`;
}

/**
 * A card's picture: as wide as a column of the grids that show cards (3, 2 or 1 across), 3:2. On a
 * phone the column is the screen less the page's margins (1 rem each side): said exactly, a 412 px
 * screen at density 1.75 takes the 720 px copy, where "100vw" (721 px) would take the 1 080 px one.
 * `thumbnailOnPhones`: a list a visitor scans (the catalogue) draws it on a phone as a 7 rem thumbnail
 * beside the card's badges (FormationCard's prop of the same name), so that a phone shows twice as many
 * formations and loads a 240 px copy per card instead of a 720 px one.
 */
export const cardPicture = (
  media: MediaFacts,
  { priority = false, thumbnailOnPhones = false }: { priority?: boolean; thumbnailOnPhones?: boolean } = {},
) =>
  pictureHtml(media, {
    sizes: `(min-width: 1024px) 400px, (min-width: 640px) 50vw, ${thumbnailOnPhones ? "7rem" : "calc(100vw - 2rem)"}`,
    className: "aspect-[3/2] w-full object-cover",
    priority,
  });

/**
 * The link preview (Open Graph) tags of a picture, for a page's meta: its JPEG/PNG variant about
 * 1 080 px wide at `publicUrl`, its size and description. Made by the loader, so the page's code
 * only passes them on.
 */
export function openGraphImage(
  media: MediaFacts,
  publicUrl: string,
): { property: string; content: string }[] {
  const widths = variantWidths(media.width);
  const width = widths.find((w) => w >= 1080) ?? widths[widths.length - 1] ?? media.width;
  const alt = media.decorative ? "" : media.alt;
  return [
    {
      property: "og:image",
      content: `${publicUrl}${variantPath(media.hash, width, fallbackFormat(media.hasAlpha))}`,
    },
    { property: "og:image:width", content: String(width) },
    { property: "og:image:height", content: String(Math.round((media.height * width) / media.width)) },
    ...(alt ? [{ property: "og:image:alt", content: alt }] : []),
  ];
}

/** The console's thumbnail of a picture: its smallest width, in WebP. */
export const thumbnailPath = (media: Pick<MediaFacts, "hash" | "width">) =>
  variantPath(media.hash, variantWidths(media.width)[0] ?? media.width, "webp");
