// The weight budget of a course card's picture: on a phone 360 px wide with a pixel density of 2,
// the variant the card's srcset and sizes make the browser pick weighs 30 Ko at most, in AVIF (what
// every current browser takes, the card's first source) and in WebP: the home page's card, drawn the
// screen's width, and the catalogue's, a thumbnail on a phone. The picture is a stand-in for a
// centre's photo (tests/support/photo.ts): the demo centre ships none.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formations } from "~/features/catalogue/schema.server";
import { media } from "~/features/media/schema.server";
import * as mediaRoute from "~/routes/admin/media";
import { DRIVER } from "../support/db";
import { setUpHttpApp, setUpSignedIn } from "../support/fixture";
import { photoLike } from "../support/photo";
import { BASE_URL, bodyOf, routeArgs } from "../support/runtime";

const t = setUpHttpApp();
const admin = setUpSignedIn(t, "admin");

const PHONE = { width: 360, density: 2 };
const BUDGET_BYTES = 30 * 1024;

/** The CSS width `sizes` gives at a viewport `viewport` px wide: "(min-width: 640px) 50vw, calc(100vw - 2rem)", "7rem". */
function slotWidth(sizes: string, viewport: number): number {
  for (const entry of sizes.split(",").map((s) => s.trim())) {
    const condition = /^\(min-width:\s*(\d+)px\)\s+(.*)$/.exec(entry);
    if (condition && viewport < Number(condition[1])) continue;
    const length = (condition?.[2] ?? entry).trim();
    const margins = /^calc\(100vw - (\d+)rem\)$/.exec(length);
    if (margins) return viewport - 16 * Number(margins[1]);
    const vw = /^(\d+(?:\.\d+)?)vw$/.exec(length);
    if (vw) return (viewport * Number(vw[1])) / 100;
    const px = /^(\d+)px$/.exec(length);
    if (px) return Number(px[1]);
    const rem = /^(\d+(?:\.\d+)?)rem$/.exec(length);
    if (rem) return 16 * Number(rem[1]);
    throw new Error(`unread length ${length}`);
  }
  throw new Error(`no size for ${viewport} px in ${sizes}`);
}

/** The candidate a browser takes: the narrowest at least as wide as the slot × density (else the widest). */
function pick(srcset: string, needed: number): string {
  const candidates = srcset
    .split(",")
    .map((c) => c.trim().split(/\s+/))
    .map(([url, w]) => ({ url: url ?? "", width: Number.parseInt(w ?? "0", 10) }))
    .sort((a, b) => a.width - b.width);
  return (candidates.find((c) => c.width >= needed) ?? candidates.at(-1))?.url ?? "";
}

describe(`a course card's picture budget on ${DRIVER}`, () => {
  it("weighs 30 Ko at most at 360 px × 2, in AVIF and WebP", async () => {
    const body = new FormData();
    body.set("intent", "upload");
    body.set("alt", "Apprenants autour d'une table de travail");
    body.set("file", new File([new Uint8Array(await photoLike())], "atelier.jpg", { type: "image/jpeg" }));
    const request = new Request(`${BASE_URL}/admin/mediatheque`, {
      method: "POST",
      headers: { origin: BASE_URL, cookie: admin.cookie },
      body,
    });
    const id = (await bodyOf(await mediaRoute.action(routeArgs(t, request)))).created as string;
    const [image] = await t.app.db.select({ hash: media.hash }).from(media).where(eq(media.id, id));
    await t.app.db
      .update(formations)
      .set({ imageId: id })
      .where(eq(formations.slug, "tp-assistant-ressources-humaines"));

    // The home page draws the card the screen's width (the 720 px copy at 2×); the catalogue, a list
    // to scan, draws a 7 rem thumbnail on a phone (the 240 px copy).
    const weights: Record<string, number> = {};
    for (const [page, width] of [
      ["/", 720],
      ["/formations", 240],
    ] as const) {
      const html = await (await fetch(`${t.base}${page}`)).text();
      for (const type of ["image/avif", "image/webp"]) {
        const source = new RegExp(
          `<source type="${type}" srcset="(/media/${image?.hash}/[^"]+)" sizes="([^"]+)">`,
        ).exec(html);
        expect(source, `${type} source of the card on ${page}`).not.toBeNull();
        const needed = slotWidth(source?.[2] ?? "", PHONE.width) * PHONE.density;
        const url = pick(source?.[1] ?? "", needed);
        expect(url, page).toMatch(new RegExp(`/${width}\\.(avif|webp)$`));
        const response = await fetch(`${t.base}${url}`);
        expect(response.status).toBe(200);
        weights[`${page} ${type}`] = (await response.arrayBuffer()).byteLength;
      }
    }
    for (const [card, weight] of Object.entries(weights)) {
      expect(weight, card).toBeLessThanOrEqual(BUDGET_BYTES);
    }
  });
});
