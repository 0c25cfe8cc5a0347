import type { ComponentProps, ReactNode } from "react";
import { Input, Label, type Option, Select, Textarea } from "./input";

/** A labelled field with its error underneath (id `${id}-error`, which the control points to). */
export function Field({
  id,
  label,
  required,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </Label>
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="text-sm text-destructive">
      {error}
    </p>
  ) : null;
}

/** What every bound field takes: where it is, what it is called, and what the form found wrong. */
export type FieldProps = {
  /** Prefix of the element ids, so two forms on one page never share ids. */
  form: string;
  name: string;
  label: string;
  /** First message per field (the server's answer or the browser's check of the same schema). */
  errors?: Record<string, string> | undefined;
  /**
   * Shown (asterisk, aria-required) but not set on the control, so the form's French message
   * answers, not the browser's bubble.
   */
  required?: boolean;
  /** The browser's own `required` as well (forms that rely on it without JavaScript). */
  nativeRequired?: boolean;
  /** A line of help under the control, announced with it. */
  hint?: string;
};

/** What the control inside a field gets: its id, name, and the ARIA links to its error and hint. */
export interface ControlProps {
  id: string;
  name: string;
  required: boolean | undefined;
  "aria-required": true | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

const FIELD_KEYS = ["form", "name", "label", "errors", "required", "nativeRequired", "hint"] as const;

/** A field's own props, and the rest, which go to its control. */
function splitField<P extends FieldProps>(props: P) {
  const control: Record<string, unknown> = { ...props };
  for (const key of FIELD_KEYS) delete control[key];
  return [props as FieldProps, control as Omit<P, keyof FieldProps>] as const;
}

/** The label, error and hint around one control, wired together by ids. */
function BoundField({
  field,
  children,
}: {
  field: FieldProps;
  children: (control: ControlProps) => ReactNode;
}) {
  const { form, name, label, errors, required, nativeRequired, hint } = field;
  const id = `${form}-${name}`;
  const error = errors?.[name];
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <Field id={id} label={label} required={required} error={error}>
      {children({
        id,
        name,
        required: nativeRequired || undefined,
        "aria-required": required || undefined,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": described || undefined,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </Field>
  );
}

type Without<T> = Omit<T, "form" | "name" | "required">;

/** A labelled input bound to a form field, with its error and an optional hint. */
export function TextField(props: FieldProps & Without<ComponentProps<"input">>) {
  const [field, rest] = splitField(props);
  return <BoundField field={field}>{(control) => <Input {...control} {...rest} />}</BoundField>;
}

export function TextareaField(props: FieldProps & Without<ComponentProps<"textarea">>) {
  const [field, rest] = splitField(props);
  return <BoundField field={field}>{(control) => <Textarea {...control} {...rest} />}</BoundField>;
}

export function SelectField({
  options,
  ...props
}: FieldProps & Without<ComponentProps<"select">> & { options: readonly Option[] }) {
  const [field, rest] = splitField(props);
  return (
    <BoundField field={field}>{(control) => <Select {...control} {...rest} options={options} />}</BoundField>
  );
}

/** A checkbox before its label (which may hold a link), with its error underneath. */
export function CheckboxField({
  form,
  name,
  errors,
  required,
  labelClassName = "text-sm",
  children,
  ...rest
}: Omit<FieldProps, "label" | "hint" | "nativeRequired"> &
  Without<ComponentProps<"input">> & { labelClassName?: string; children: ReactNode }) {
  const id = `${form}-${name}`;
  const error = errors?.[name];
  return (
    <div className="space-y-2">
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
          {...rest}
        />
        <label htmlFor={id} className={labelClassName}>
          {children}
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

type Spec<Tag extends "input" | "textarea" | "select"> = Omit<FieldProps, "form" | "errors"> &
  Without<ComponentProps<Tag>>;

/** One field of a form, described as data: an input unless `as` says otherwise. */
export type FieldSpec =
  | (Spec<"input"> & { as?: "input" })
  | (Spec<"textarea"> & { as: "textarea" })
  | (Spec<"select"> & { as: "select"; options: readonly Option[] });

/**
 * Several fields of one form in a row: each gets the form's id prefix and errors, and, unless its
 * spec sets a value, its starting value from `values` (what was typed before, the row being edited).
 */
export function Fields({
  form,
  errors,
  values,
  textareaClassName,
  fields,
}: {
  form: string;
  errors?: Record<string, string> | undefined;
  values?: Record<string, string> | undefined;
  /** The console's textareas start smaller than the public forms' message box. */
  textareaClassName?: string;
  fields: readonly FieldSpec[];
}) {
  return fields.map((spec) => {
    const starting = values && !("value" in spec) && !("defaultValue" in spec);
    const shared = { form, errors, ...(starting ? { defaultValue: values[spec.name] ?? "" } : {}) };
    if (spec.as === "textarea") {
      const { as: _, ...rest } = spec;
      return <TextareaField key={spec.name} className={textareaClassName} {...shared} {...rest} />;
    }
    if (spec.as === "select") {
      const { as: _, ...rest } = spec;
      return <SelectField key={spec.name} {...shared} {...rest} />;
    }
    const { as: _, ...rest } = spec;
    return <TextField key={spec.name} {...shared} {...rest} />;
  });
}

/** A failure of the whole form (not of one field) shown above it: the toast's title and text. */
export function FormAlert({ message }: { message: { title: string; description?: string | undefined } }) {
  return (
    <div role="alert" className="rounded-md border border-destructive bg-destructive/10 p-3 text-sm">
      <p className="font-semibold">{message.title}</p>
      <p>{message.description}</p>
    </div>
  );
}
