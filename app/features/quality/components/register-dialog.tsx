import { FormDialog } from "~/ui/console/form-dialog";
import { ConsoleFields, rowValues } from "~/ui/console/form-fields";
import type { FieldSpec } from "~/ui/field";
import type { Option } from "~/ui/input";
import type { RegisterDeclaration, RegisterField } from "../registers";

const choices = (options: Readonly<Record<string, string>>): Option[] =>
  Object.entries(options).map(([value, label]) => ({ value, label }));

/** One declared field as the form's control: the same label, requirement, length and choices the server checks. */
function controlOf(field: RegisterField, staff: readonly Option[]): FieldSpec {
  const common = { name: field.name, label: field.label, required: field.required, hint: field.hint };
  switch (field.kind) {
    case "text":
      return { ...common, maxLength: field.max, autoComplete: "off" };
    case "textarea":
      return { ...common, as: "textarea", maxLength: field.max };
    case "date":
      return { ...common, type: "date" };
    case "select":
      return { ...common, as: "select", options: choices(field.options) };
    case "staff":
      return {
        ...common,
        as: "select",
        options: [{ value: "", label: "Personne pour l'instant" }, ...staff],
      };
  }
}

/**
 * A Qualiopi register's 'Ajouter' / 'Modifier' dialog, its fields read from the register's declaration
 * (registers.ts), as the server's check is.
 */
export function RegisterDialog<Row extends { id: string }>({
  register,
  row,
  title,
  description,
  defaults,
  staff = [],
  onDone,
}: {
  register: RegisterDeclaration;
  row: Row | null;
  title: string;
  description: string;
  defaults?: Record<string, string>;
  staff?: readonly Option[];
  onDone: () => void;
}) {
  return (
    <FormDialog
      form={register.form}
      values={rowValues(row, defaults)}
      id={row?.id ?? null}
      title={title}
      description={description}
      className="max-w-2xl"
      onDone={onDone}
    >
      {(common) => <ConsoleFields {...common} fields={register.fields.map((f) => controlOf(f, staff))} />}
    </FormDialog>
  );
}
