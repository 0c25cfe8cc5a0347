import { type ComponentProps, useMemo } from "react";
import { Field, Input, Select, Textarea } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { useToast } from "~/root";

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

/** A labelled input bound to a form field, with its server error and an optional hint. */
export function TextField({
  form,
  name,
  label,
  errors,
  required,
  hint,
  ...props
}: Common & Omit<ComponentProps<"input">, "form" | "name">) {
  const id = `${form}-${name}`;
  const error = errors?.[name];
  return (
    <Field id={id} label={label} required={required} error={error}>
      <Input
        id={id}
        name={name}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(form, name, error, hint)}
        {...props}
      />
      <Hint id={`${id}-hint`} hint={hint} />
    </Field>
  );
}

export function TextAreaField({
  form,
  name,
  label,
  errors,
  required,
  hint,
  ...props
}: Common & Omit<ComponentProps<"textarea">, "form" | "name">) {
  const id = `${form}-${name}`;
  const error = errors?.[name];
  return (
    <Field id={id} label={label} required={required} error={error}>
      <Textarea
        id={id}
        name={name}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(form, name, error, hint)}
        className="min-h-[80px]"
        {...props}
      />
      <Hint id={`${id}-hint`} hint={hint} />
    </Field>
  );
}

export function SelectField({
  form,
  name,
  label,
  errors,
  required,
  hint,
  options,
  ...props
}: Common &
  Omit<ComponentProps<"select">, "form" | "name"> & {
    options: readonly { value: string; label: string }[];
  }) {
  const id = `${form}-${name}`;
  const error = errors?.[name];
  return (
    <Field id={id} label={label} required={required} error={error}>
      <Select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(form, name, error, hint)}
        {...props}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      <Hint id={`${id}-hint`} hint={hint} />
    </Field>
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

export function FormSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** SPEC.md §8's 'Erreur lors du chargement des …' toast, once per failed load. */
export function useLoadErrorToast(loadError: string | null) {
  const toast = useMemo(() => (loadError ? { type: "error" as const, title: loadError } : null), [loadError]);
  useToast(toast);
}
