import type { Page } from "@playwright/test";

/** The page's text as a reader sees it (hidden parts left out). */
// biome-ignore lint/performance/useDomNodeTextContent: the text as laid out is what the learner reads.
export const shownText = (page: Page) => page.locator("body").innerText();

/** Draws a stroke across the page's signature pad, as a finger would. */
export async function drawSignature(page: Page) {
  const pad = page.getByTestId("signature-pad");
  // A pointer draws only on what is on screen: a phone's pad may sit below the fold.
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error("no signature pad");
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(
      box.x + 20 + i * ((box.width - 40) / 12),
      box.y + 30 + ((i * 37) % (box.height - 60)),
    );
  }
  await page.mouse.up();
}
