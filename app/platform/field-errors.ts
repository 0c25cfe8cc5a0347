import type { $ZodError } from "zod/v4/core";

/** First message per field, the shape forms display next to their inputs. */
export function fieldErrors(error: $ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
