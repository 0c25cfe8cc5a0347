/**
 * The fonts every generated PDF embeds: Inter (SIL Open Font License) from its npm package, which
 * has every French character, the typographic apostrophe, guillemets, € and the narrow no-break
 * space before '%' and ':'. Read once per process.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;

export function pdfFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf")),
    bold: readFileSync(require.resolve("@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf")),
  };
  return fonts;
}
