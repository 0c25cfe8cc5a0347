// Reading and resizing pictures with sharp (libvips), bounded. libvips would otherwise start one
// thread per core for each image and keep a cache of decoded images: on a server shared with the
// site, one image at a time uses one thread, at most QUEUE_SLOTS images are worked on at once (the
// rest wait their turn), and nothing decoded is kept once its variant is written.
import sharp, { type Sharp } from "sharp";
import type { MediaFormat } from "./media";

sharp.concurrency(1);
sharp.cache(false);

/** How many pictures are decoded or encoded at once in this process (uploads and variants alike). */
export const QUEUE_SLOTS = 2;

/**
 * The largest picture accepted, in pixels: a 48-megapixel phone photo fits; decoded, it takes
 * 48 M × 4 bytes ≈ 190 MB, so two at once stay well under the memory a small server has.
 */
export const MAX_PIXELS = 50_000_000;

/** A small first-in first-out queue: at most `slots` tasks run at once. */
export class TaskQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly slots: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Tasks running and waiting (for the benchmark). */
  get load() {
    return { running: this.running, waiting: this.waiting.length };
  }
}

export const imageQueue = new TaskQueue(QUEUE_SLOTS);

export interface ImageFacts {
  format: Extract<MediaFormat, "jpeg" | "png" | "webp" | "avif">;
  /** As displayed: after the EXIF orientation is applied (a portrait photo stored sideways). */
  width: number;
  height: number;
  hasAlpha: boolean;
}

const INPUT = { limitInputPixels: MAX_PIXELS, failOn: "error" } as const;

/**
 * What sharp reads of `content`, decoding it all (a truncated or corrupt file fails here, not when a
 * visitor first asks for it): its format, displayed size and transparency. null when it cannot.
 */
export async function inspectImage(content: Uint8Array): Promise<ImageFacts | "too-large" | null> {
  return imageQueue.run(async () => {
    try {
      const image = sharp(content, INPUT);
      const meta = await image.metadata();
      const format = meta.format === "heif" && meta.compression === "av1" ? "avif" : meta.format;
      if (format !== "jpeg" && format !== "png" && format !== "webp" && format !== "avif") return null;
      const { width, height } = meta.autoOrient ?? meta;
      if (!width || !height) return null;
      if (width * height > MAX_PIXELS) return "too-large";
      // Decoding into a tiny thumbnail reads every byte; the result is thrown away.
      await image.rotate().resize({ width: 16 }).raw().toBuffer();
      return { format, width, height, hasAlpha: meta.hasAlpha === true };
    } catch {
      return null;
    }
  });
}

const ENCODERS: Record<MediaFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 72, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 75, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9, effort: 5 }),
};

/**
 * `content` at `width` pixels wide (never wider than it is) in `format`, upright, without its
 * metadata (EXIF, GPS position): a variant as visitors receive it.
 */
export function renderVariant(content: Uint8Array, width: number, format: MediaFormat): Promise<Buffer> {
  return imageQueue.run(() =>
    ENCODERS[format](
      sharp(content, { ...INPUT, failOn: "none" })
        .rotate()
        .resize({ width, withoutEnlargement: true }),
    ).toBuffer(),
  );
}
