import type { Logger } from "./logger.server";

/**
 * A failed public read is logged and the page still renders (with a fallback) rather
 * than answering 500 to a visitor.
 */
export async function readOrNull<T>(logger: Logger, what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    logger.error({ err: error, what }, "public read failed, showing fallback");
    return null;
  }
}
