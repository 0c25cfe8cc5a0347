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
