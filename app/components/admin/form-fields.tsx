import { type ComponentProps, type ReactNode, useMemo } from "react";
import { Field, Input, Select, Textarea } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { useToast } from "~/lib/use-toast";

type Common = {
  /** Prefix of the element id, so two forms on one page never share ids. */
  form: string;
  name: string;
  label: string;
  errors?: Record<string, string> | undefined;
  required?: boolean;
  hint?: string;
};

function described(form: string, name: string, error: string | undefined, hint: string | undefined) {
  const ids = [error ? `${form}-${name}-error` : null, hint ? `${form}-${name}-hint` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function Hint({ id, hint }: { id: string; hint: string | undefined }) {
  return hint ? (
    <p id={id} className="text-xs text-muted-foreground">
      {hint}
    </p>
  ) : null;
}

/** What the control inside a field gets: its id, name, and the ARIA links to its error and hint. */
interface ControlProps {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * Splits a field's own props from those of its control. `required` stays with the field: it is
 * shown (asterisk, aria-required) but never set on the control, so the server's French message
 * answers, not the browser's.
 */
function splitField<P extends Common>({ form, name, label, errors, required, hint, ...control }: P) {
  return [{ form, name, label, errors, required, hint }, control] as const;
}

/** The label, server error and hint around one control, wired together by ids. */
function BoundField({
  form,
  name,
  label,
  errors,
  required,
  hint,
  children,
}: Common & { children: (control: ControlProps) => ReactNode }) {
  const id = `${form}-${name}`;
  const error = errors?.[name];
  return (
    <Field id={id} label={label} required={required} error={error}>
      {children({
        id,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": described(form, name, error, hint),
      })}
      <Hint id={`${id}-hint`} hint={hint} />
    </Field>
  );
}

/** A labelled input bound to a form field, with its server error and an optional hint. */
export function TextField(props: Common & Omit<ComponentProps<"input">, "form" | "name">) {
  const [field, rest] = splitField(props);
  return (
    <BoundField {...field}>
      {(control) => <Input {...control} aria-required={field.required || undefined} {...rest} />}
    </BoundField>
  );
}

export function TextAreaField(props: Common & Omit<ComponentProps<"textarea">, "form" | "name">) {
  const [field, rest] = splitField(props);
  return (
    <BoundField {...field}>
      {(control) => (
        <Textarea
          {...control}
          aria-required={field.required || undefined}
          className="min-h-[80px]"
          {...rest}
        />
      )}
    </BoundField>
  );
}

export function SelectField({
  options,
  ...props
}: Common &
  Omit<ComponentProps<"select">, "form" | "name"> & {
    options: readonly { value: string; label: string }[];
  }) {
  const [field, rest] = splitField(props);
  return (
    <BoundField {...field}>
      {(control) => (
        <Select {...control} {...rest}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      )}
    </BoundField>
  );
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
