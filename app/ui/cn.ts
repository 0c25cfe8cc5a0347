/** Joins class names, dropping falsy ones. Deliberately tiny: no tailwind-merge in the public bundle. */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}
