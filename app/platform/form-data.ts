/**
 * The text fields of a submitted form. A FormData value may be a File (anyone can post
 * multipart/form-data); the forms that read this send text only, so a file where text is expected
 * counts as a missing field and the schema answers with its usual French message. The first value
 * of a repeated name wins, as `FormData.get` does.
 */
export function textFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !(name in fields)) fields[name] = value;
  }
  return fields;
}
