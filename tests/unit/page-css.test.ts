import { expect, test } from "vitest";
import { htmlClasses, stylesheetSubsetter, withPageStylesheet } from "~/platform/page-css.server";

// A public page's inline stylesheet holds only the rules its own HTML can use, in the stylesheet's
// order; what its elements do not name is left to the whole stylesheet fetched after the page.

const CSS = [
  "/*! banner */",
  "@layer theme,base,utilities;",
  "@layer theme{:root,:host{--color-primary:#1d4ed8;--color-unused:red;--font-sans:var(--font-base);--font-base:Arial;--spacing:.25rem}}",
  "@layer base{*,:after{box-sizing:border-box;margin:0}body{font-family:var(--font-sans)}}",
  "@layer utilities{",
  ".flex{display:flex}",
  ".hidden{display:none}",
  ".text-primary{color:var(--color-primary)}",
  ".md\\:flex{}",
  "@media (width>=48rem){.md\\:flex{display:flex}.md\\:grid{display:grid}}",
  ".\\[\\&_tr\\]\\:border-b tr{border-bottom-width:1px}",
  ".lift-hover\\:marked:is(:where(.lift):hover *){text-decoration-line:underline}",
  ".card:not(.selected){border-width:1px}",
  ".a,.b .c{color:red}",
  ".shadow{--tw-shadow:0 1px #0000;box-shadow:var(--tw-shadow)}",
  "}",
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-blur{syntax:"*";inherits:false}',
  "@keyframes spin{to{transform:rotate(360deg)}}",
].join("");

function subsetOf(html: string): string {
  return stylesheetSubsetter(CSS)(html);
}

test("a rule stays when the page has every class one of its selectors names, in the stylesheet's order", () => {
  const css = subsetOf('<div class="md:flex flex"><p class="b"><span class="c">x</span></p></div>');
  expect(css).toContain(".flex{display:flex}");
  expect(css).toContain("@media (width>=48rem){.md\\:flex{display:flex}}");
  expect(css).toContain(".a,.b .c{color:red}");
  expect(css).not.toContain(".hidden");
  expect(css).not.toContain("md\\:grid");
  expect(css.indexOf(".flex{")).toBeLessThan(css.indexOf("@media"));
  expect(css.indexOf("@media")).toBeLessThan(css.indexOf(".a,.b .c"));
  // The layers' order, the base rules and the keyframes are every page's.
  expect(css.startsWith("@layer theme,base,utilities;")).toBe(true);
  expect(css).toContain("*,:after{box-sizing:border-box;margin:0}");
  expect(css).toContain("@keyframes spin");
  expect(css).not.toContain("banner");
});

test("a class in a pseudo-class's parentheses is not asked of the page; escaped names match the markup", () => {
  const css = subsetOf('<table class="[&amp;_tr]:border-b"></table><a class="lift-hover:marked card">x</a>');
  expect(css).toContain(".\\[\\&_tr\\]\\:border-b tr{border-bottom-width:1px}");
  expect(css).toContain(".lift-hover\\:marked:is(:where(.lift):hover *)");
  expect(css).toContain(".card:not(.selected){border-width:1px}");
  expect(css).not.toContain(".text-primary");
});

test("theme variables and registered properties stay only when a kept rule or the markup uses them", () => {
  const plain = subsetOf('<p class="flex">x</p>');
  expect(plain).toContain("--font-sans:var(--font-base);--font-base:Arial");
  expect(plain).not.toContain("--color-primary");
  expect(plain).not.toContain("--color-unused");
  expect(plain).not.toContain("@property");

  const coloured = subsetOf('<p class="text-primary shadow">x</p>');
  expect(coloured).toContain("--color-primary:#1d4ed8");
  expect(coloured).toContain("@property --tw-shadow{");
  expect(coloured).not.toContain("--tw-blur");

  // A style attribute reading a theme variable keeps it.
  expect(subsetOf('<p style="color:var(--color-primary)">x</p>')).toContain("--color-primary:#1d4ed8");
});

test("the page's inline stylesheet is replaced by its subset and marked for the browser", () => {
  const html = `<html><head><style id="site-css">${CSS}</style></head><body class="hidden"></body></html>`;
  const page = withPageStylesheet(html, stylesheetSubsetter(CSS));
  expect(page).toMatch(/^<html><head><style id="site-css" data-subset="">@layer theme,base,utilities;/);
  expect(page).toContain(".hidden{display:none}");
  expect(page).not.toContain(".flex{display:flex}");
  expect(page).toContain('</style></head><body class="hidden"></body></html>');
  expect([...htmlClasses(page)]).toEqual(["hidden"]);
});
