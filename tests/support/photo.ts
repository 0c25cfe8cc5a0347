import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/**
 * A photo-like JPEG, 2 400 × 1 600 px (about 0.5 Mo): broad soft shapes (a scene out of focus)
 * under a light grain, different at each call. What the card-weight budget and the Lighthouse bench
 * of pictured pages use for a centre's photo, the demo centre shipping none.
 */
export async function photoLike(): Promise<Buffer> {
  const shapes = await sharp({
    create: {
      width: 60,
      height: 40,
      channels: 3,
      background: "#6b8fb0",
      noise: { type: "gaussian", mean: 120, sigma: 50 },
    },
  })
    .png()
    .toBuffer();
  const grain = await sharp({
    create: {
      width: 2400,
      height: 1600,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 4 },
    },
  })
    .png()
    .toBuffer();
  return sharp(shapes)
    .resize(2400, 1600, { kernel: "cubic" })
    .composite([{ input: grain, blend: "overlay" }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/**
 * A real, white, 1-bit grey PNG of `width` × `height` pixels, written by hand: a 400-megapixel picture
 * in a few hundred kilobytes, made in a fraction of the seconds sharp would take to encode it.
 */
export function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit per pixel, grey, deflate, adaptive filters, no interlace
  // Each row: filter 0, then width / 8 bytes of white.
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0;
  const rows = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(rows, y * row.length);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
