/**
 * The course page and the PDF number the modules themselves ('Module 2 : Paie'): a title typed or
 * pasted with its own 'Module 2 :' (or 'Module 2 -', 'Module 2.') loses it, or it would read twice.
 * The console strips it when saving; pages strip it too for titles saved before.
 */
export function withoutModuleNumber(title: string): string {
  return title.replace(/^module\s*\d+\s*[:.)\u2013\u2014-]\s*/i, "").trim();
}

/** 'Module 2 : Paie et déclarations sociales', for the module at `index` (from 0). */
export function moduleHeading(index: number, title: string): string {
  return `Module ${index + 1} : ${withoutModuleNumber(title)}`;
}
