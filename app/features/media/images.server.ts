// Reading and resizing pictures with sharp (libvips), bounded. libvips would otherwise start one
// thread per core for each image and keep a cache of decoded images: on a server shared with the
// site, one image at a time uses one thread, at most QUEUE_SLOTS images are worked on at once, a
// few more wait their turn, and nothing decoded is kept once its variant is written. Past that the
// server says it is busy (ImagesBusy: the routes answer 503 with Retry-After) instead of queueing
// without end: a request left waiting half a minute is cut by the server's request timeout (408 or
// a reset connection), and every waiting task holds memory.
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

/** Thrown by a full queue: the work was not done; ask again in `retryAfterSeconds`. */
export class ImagesBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("images busy");
    this.name = "ImagesBusy";
  }
}

export interface QueueBounds {
  /** Tasks run at once. */
  slots: number;
  /** Tasks waiting for a slot; one more is refused at once (ImagesBusy). */
  maxWaiting: number;
  /**
   * How long a task may wait for its slot; past it, it is refused when its turn comes (its client
   * would soon be cut by the request timeout, and may have gone already).
   */
  maxWaitMs: number;
  /** What the refusal tells the client to wait before asking again. */
  retryAfterSeconds: number;
}

/** A small first-in first-out queue: at most `slots` tasks run at once, a bounded number wait. */
export class TaskQueue {
  private running = 0;
  private readonly waiting: { since: number; start: (run: boolean) => void }[] = [];

  constructor(private readonly bounds: QueueBounds) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.bounds.slots) this.running++;
    else {
      if (this.waiting.length >= this.bounds.maxWaiting) throw new ImagesBusy(this.bounds.retryAfterSeconds);
      const turn = await new Promise<boolean>((start) => this.waiting.push({ since: Date.now(), start }));
      if (!turn) throw new ImagesBusy(this.bounds.retryAfterSeconds);
    }
    try {
      return await task();
    } finally {
      this.next();
    }
  }

  /** Hands the freed slot to the first waiting task still within its deadline (the rest are refused). */
  private next() {
    const now = Date.now();
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) {
      if (now - next.since <= this.bounds.maxWaitMs) {
        next.start(true);
        return;
      }
      next.start(false);
    }
    this.running--;
  }

  /** Tasks running and waiting. */
  get load() {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/**
 * Every sharp job of the process. Two run; eight wait at most (a variant of a 10 MB photo takes
 * about a second, several on a busy machine), and none waits more than 10 s: the server cuts an
 * answer not finished 30 s after its request began (REQUEST_TIMEOUT), the work included.
 */
export const imageQueue = new TaskQueue({
  slots: QUEUE_SLOTS,
  maxWaiting: 4 * QUEUE_SLOTS,
  maxWaitMs: 10_000,
  retryAfterSeconds: 5,
});

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
      // The header is read without the pixel limit (sharp would refuse it there, and the refusal would
      // read as a damaged file): its size is compared below, and only then is the picture decoded.
      const meta = await sharp(content, { ...INPUT, limitInputPixels: false }).metadata();
      const image = sharp(content, INPUT);
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

// AVIF at effort 3, not 2: measured with sharp on a 2 400 × 1 600 photo, a third fewer bytes at every
// width (720 px: 16.7 KB instead of 24.7 KB; 1 600 px: 45.9 KB instead of 74.3 KB) for the same encoding
// time; effort 4 saves 8 % more for three times the time.
const ENCODERS: Record<MediaFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 3 }),
  webp: (image) => image.webp({ quality: 72, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 75, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9, effort: 5 }),
};

/**
 * `content` at `width` pixels wide (never wider than it is) in `format`, upright, without its
 * metadata (EXIF, GPS position): a variant as visitors receive it. Call it inside `imageQueue.run`,
 * together with the reading of the original, so that waiting requests hold no picture in memory.
 */
export function renderVariant(content: Uint8Array, width: number, format: MediaFormat): Promise<Buffer> {
  return ENCODERS[format](
    sharp(content, { ...INPUT, failOn: "none" })
      .rotate()
      .resize({ width, withoutEnlargement: true }),
  ).toBuffer();
}
