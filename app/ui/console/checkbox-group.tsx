import { useState } from "react";

/**
 * A list of checkboxes posted as one comma-separated field (`name`), with its legend, an optional
 * hint and the field's error: the formation dialog's goals, target publics and funders.
 */
export function CheckboxGroup({
  form,
  name,
  legend,
  hint,
  options,
  initial,
  error,
}: {
  form: string;
  name: string;
  legend: string;
  hint?: string;
  options: readonly { value: string; label: string }[];
  initial: readonly string[];
  error?: string;
}) {
  const [checked, setChecked] = useState<string[]>([...initial]);
  const hintId = `${form}-${name}-hint`;
  const errorId = `${form}-${name}-error`;
  const described = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ");
  return (
    <fieldset className="space-y-2" aria-describedby={described || undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <input type="hidden" name={name} value={checked.join(",")} />
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={checked.includes(option.value)}
              onChange={(e) =>
                setChecked((now) =>
                  e.target.checked ? [...now, option.value] : now.filter((v) => v !== option.value),
                )
              }
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
