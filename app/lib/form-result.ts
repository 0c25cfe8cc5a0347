import type { FormResult } from "~/lib/schemas/contact";
import type { ToastMessage } from "~/lib/toast";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const stringsOnly = (value: unknown): Record<string, string> | undefined => {
  if (!isRecord(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(value)) if (typeof text === "string") out[key] = text;
  return out;
};

function toastOf(value: unknown): ToastMessage | undefined {
  if (!isRecord(value) || (value.type !== "success" && value.type !== "error")) return undefined;
  if (typeof value.title !== "string") return undefined;
  return {
    type: value.type,
    title: value.title,
    ...(typeof value.description === "string" ? { description: value.description } : {}),
  };
}

/**
 * A form's JSON answer (POST /api/rappel) read as a FormResult, or null when the body is not one (a
 * proxy's error page, a truncated answer): the caller then shows its generic failure. Plain checks,
 * no zod, so the dialog's chunk stays small.
 */
export function readFormResult(value: unknown): FormResult | null {
  if (!isRecord(value) || typeof value.ok !== "boolean") return null;
  const errors = stringsOnly(value.errors);
  const values = stringsOnly(value.values);
  const toast = toastOf(value.toast);
  return {
    ok: value.ok,
    ...(errors ? { errors } : {}),
    ...(values ? { values } : {}),
    ...(toast ? { toast } : {}),
    ...(typeof value.message === "string" ? { message: value.message } : {}),
  };
}
