/**
 * C0 control characters and DEL: never part of a name, a search or a field typed in a form, and a
 * NUL is refused by PostgreSQL in text columns (a 500 if it reached the database).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what it finds.
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);

export const withoutControlCharacters = (value: string): string =>
  value.replace(new RegExp(CONTROL_CHARACTERS.source, "g"), "");
