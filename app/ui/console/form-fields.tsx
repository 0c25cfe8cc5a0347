import { type ComponentProps, type ReactNode, useMemo } from "react";
import { type FieldProps, Fields, TextareaField } from "~/ui/field";
import { Switch } from "~/ui/switch";
import { useToast } from "~/ui/toast/use-toast";

// The console's dialogs use the same bound fields as the public forms.
export { SelectField, TextField } from "~/ui/field";

/** A console textarea starts smaller than the public forms' message box. */
export function TextAreaField(
  props: FieldProps & Omit<ComponentProps<"textarea">, "form" | "name" | "required">,
) {
  return <TextareaField className="min-h-[80px]" {...props} />;
}

/** Several console fields: the bound fields of app/ui/field.tsx, textareas started small. */
export function ConsoleFields(props: Omit<ComponentProps<typeof Fields>, "textareaClassName">) {
  return <Fields textareaClassName="min-h-[80px]" {...props} />;
}

/**
 * The row being edited as the fields' starting values: text as is, numbers written out, lists
 * separated by commas, nothing for null; `defaults` fill in for a new row.
 */
export function rowValues(row: object | null, defaults: Record<string, string> = {}): Record<string, string> {
  if (!row) return defaults;
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === null || value === undefined) values[key] = "";
    else if (Array.isArray(value)) values[key] = value.join(", ");
    else if (typeof value !== "object") values[key] = String(value);
  }
  return values;
}

export function SwitchField({
  form,
  name,
  label,
  checked,
  onCheckedChange,
}: {
  form: string;
  name: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = `${form}-${name}`;
  return (
    <div className="flex items-center gap-3">
      <Switch id={id} name={name} checked={checked} onCheckedChange={onCheckedChange} />
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
    </div>
  );
}

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The 'Erreur lors du chargement des …' toast, once per failed load. */
export function useLoadErrorToast(loadError: string | null) {
  const toast = useMemo(() => (loadError ? { type: "error" as const, title: loadError } : null), [loadError]);
  useToast(toast);
}

/**
 * Where a dialog draws a picture chooser that the screen provides (the console's routes pass the
 * médiathèque's picker): the dialog says which field, the screen says how it is chosen.
 */
export type ImagePickerSlot = (field: {
  form: string;
  name: string;
  label: string;
  value: string | null;
  error: string | undefined;
}) => ReactNode;
