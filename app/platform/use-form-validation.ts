import { type FocusEvent, type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod/mini";
import { textFields } from "./form-data";

export type FieldErrors = Record<string, string>;

/** Checks the schema cannot express (a chosen file's size and type): field name → message. */
export type ExtraCheck = (form: HTMLFormElement) => FieldErrors;

/**
 * The form's schema, or a function importing it. A page passes the import so that zod and the rules
 * (about 15 KB gzip) load when a visitor first enters a field, not with the page: a visitor who only
 * reads it does not download them, which keeps the form pages within their JavaScript budget. Until
 * they arrive (a few milliseconds after that first focus) the server alone checks.
 */
export type SchemaSource = z.ZodMiniType | (() => Promise<z.ZodMiniType>);

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
  source: SchemaSource,
  { server, extra }: { server?: FieldErrors | undefined; extra?: ExtraCheck } = {},
) {
  const [schema, setSchema] = useState<z.ZodMiniType | null>(() =>
    typeof source === "function" ? null : source,
  );
  const loading = useRef(false);
  /** What was asked before a lazy schema arrived: fields to check, a submit to decide. */
  const waiting = useRef<{ fields: Set<Control>; submit: SubmitEvent["submitter"] | false }>({
    fields: new Set(),
    submit: false,
  });
  /** Starts importing a lazy schema the first time a field gets focus or a file is chosen. */
  const onFocus = useCallback(() => {
    if (schema || loading.current || typeof source !== "function") return;
    loading.current = true;
    source().then(
      (loaded) => setSchema(() => loaded),
      () => {
        // Offline or a stale deployment: the server's checks still answer the post.
        loading.current = false;
      },
    );
  }, [schema, source]);
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
      if (!schema) {
        // The rules are still on their way: this field is checked as soon as they arrive.
        waiting.current.fields.add(control);
        onFocus();
        return;
      }
      const message = check(control.form, schema, extra)[control.name];
      setState((now) => {
        if (now.errors[control.name] === message) return now;
        const next = { ...now.errors };
        if (message) next[control.name] = message;
        else delete next[control.name];
        return { ...now, errors: next };
      });
    },
    [schema, extra, onFocus],
  );

  const formElement = useRef<HTMLFormElement | null>(null);
  const formRef = useCallback((form: HTMLFormElement | null) => {
    formElement.current = form;
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

  /** Shows `found` after a submit; with any error, nothing is sent and focus goes to the first. */
  const decide = useCallback((form: HTMLFormElement, found: FieldErrors): boolean => {
    setState((now) => ({ ...now, errors: found }));
    if (Object.keys(found).length === 0) {
      setRefused(false);
      return true;
    }
    setRefused(true);
    for (const element of Array.from(form.elements)) {
      if (isControl(element) && found[element.name]) {
        element.focus();
        break;
      }
    }
    return false;
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    if (!schema) {
      // Sent before the rules arrived (a very quick visitor or a slow network): hold it, check it
      // once they are here, and send it then if it is right.
      event.preventDefault();
      waiting.current.submit = (event.nativeEvent as SubmitEvent).submitter ?? null;
      formElement.current = form;
      onFocus();
      return;
    }
    if (!decide(form, check(form, schema, extra))) event.preventDefault();
  };

  // A lazy schema has arrived: do what was asked meanwhile (on later renders there is nothing left).
  useEffect(() => {
    if (!schema) return;
    const { fields, submit } = waiting.current;
    waiting.current = { fields: new Set(), submit: false };
    for (const control of fields) checkField(control);
    const form = formElement.current;
    if (submit !== false && form && decide(form, check(form, schema, extra))) {
      form.requestSubmit(submit ?? undefined);
    }
  }, [schema, extra, checkField, decide]);

  return {
    errors,
    /** True after a submit the browser held back; false once the server has answered. */
    refused,
    formProps: { ref: formRef, onBlur, onChange, onFocus, onSubmit },
  };
}
