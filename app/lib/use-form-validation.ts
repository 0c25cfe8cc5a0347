import { type FocusEvent, type FormEvent, useCallback, useRef, useState } from "react";
import type { z } from "zod/mini";
import { textFields } from "~/lib/form-data";

export type FieldErrors = Record<string, string>;

/** Checks the schema cannot express (a chosen file's size and type): field name → message. */
export type ExtraCheck = (form: HTMLFormElement) => FieldErrors;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isControl = (target: EventTarget): target is Control =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLSelectElement ||
  target instanceof HTMLTextAreaElement;

/** Every field's first message, as the server will answer it (same schema, same order). */
function check(form: HTMLFormElement, schema: z.ZodMiniType, extra: ExtraCheck | undefined): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = schema.safeParse(textFields(new FormData(form)));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  }
  return { ...errors, ...extra?.(form) };
}

/**
 * The browser's check of a public form with the server's own zod schema: a field is checked when it
 * loses focus (once something was typed or chosen in it), and again at each keystroke once its error
 * shows, so the message goes as soon as the value is right; on submit every field is checked, and with
 * any error nothing is sent and focus goes to the first field in error. The server checks everything
 * again: without JavaScript, posts are unchanged. A new answer from the server replaces what the browser
 * found.
 *
 * Spread `formProps` on the <form> (or <Form>, fetcher.Form); `errors` goes to the fields.
 */
export function useFormValidation(
  schema: z.ZodMiniType,
  { server, extra }: { server?: FieldErrors | undefined; extra?: ExtraCheck } = {},
) {
  const [state, setState] = useState<{ server: FieldErrors | undefined; errors: FieldErrors }>({
    server,
    errors: server ?? {},
  });
  const [refused, setRefused] = useState(false);
  let errors = state.errors;
  if (server !== state.server) {
    errors = server ?? {};
    setState({ server, errors });
    setRefused(false);
  }
  const edited = useRef(new Set<string>());

  /** Re-checks one field and shows (or clears) its message. */
  const checkField = useCallback(
    (control: Control) => {
      if (!control.form || !control.name) return;
      const message = check(control.form, schema, extra)[control.name];
      setState((now) => {
        if (now.errors[control.name] === message) return now;
        const next = { ...now.errors };
        if (message) next[control.name] = message;
        else delete next[control.name];
        return { ...now, errors: next };
      });
    },
    [schema, extra],
  );

  const formRef = useCallback((form: HTMLFormElement | null) => {
    // With JavaScript these checks speak, not the browser's bubbles (without it, `required` stays).
    if (form) form.noValidate = true;
  }, []);

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const target = event.target;
    if (isControl(target) && (edited.current.has(target.name) || errors[target.name])) checkField(target);
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target;
    if (!isControl(target) || !target.name) return;
    edited.current.add(target.name);
    // A chosen file or ticked box is a decision made: check it at once. Text waits for the blur.
    const decided =
      target instanceof HTMLInputElement && (target.type === "file" || target.type === "checkbox");
    if (decided || errors[target.name]) checkField(target);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const found = check(form, schema, extra);
    setState((now) => ({ ...now, errors: found }));
    if (Object.keys(found).length === 0) {
      setRefused(false);
      return;
    }
    event.preventDefault();
    setRefused(true);
    for (const element of Array.from(form.elements)) {
      if (isControl(element) && found[element.name]) {
        element.focus();
        break;
      }
    }
  };

  return {
    errors,
    /** True after a submit the browser held back; false once the server has answered. */
    refused,
    formProps: { ref: formRef, onBlur, onChange, onSubmit },
  };
}
