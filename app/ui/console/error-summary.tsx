import { type MouseEvent, useEffect, useLayoutEffect, useRef, useState } from "react";

export const ERROR_SUMMARY_TITLE = "Vérifiez les champs signalés";

interface Item {
  /** The id of the control (or group) to go to; null when the field has none on screen. */
  target: string | null;
  label: string;
  message: string;
}

/** The field's control: `${form}-${name}` (every bound field's id), else the first control by name. */
function controlOf(form: HTMLFormElement, prefix: string, name: string): HTMLElement | null {
  const byId = form.ownerDocument.getElementById(`${prefix}-${name}`);
  if (byId && form.contains(byId)) return byId;
  const byName = form.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
  // A value carried by a hidden input (the modules, the results) is edited in the group around it.
  if (byName instanceof HTMLInputElement && byName.type === "hidden") return byName.closest("fieldset");
  return byName;
}

/** What a person reads next to the control: its label, or its group's legend. */
function labelOf(control: HTMLElement | null, name: string): string {
  if (!control) return name;
  const text = (el: Element | null | undefined) =>
    // The required marker (' *') is not part of the name.
    el?.textContent?.replace(/\s*\*\s*$/, "").trim() || null;
  if (control instanceof HTMLFieldSetElement) return text(control.querySelector("legend")) ?? name;
  const label = control.id
    ? control.ownerDocument.querySelector(`label[for="${CSS.escape(control.id)}"]`)
    : null;
  return text(label) ?? text(control.closest("fieldset")?.querySelector("legend")) ?? name;
}

/** Where to put focus for a target: the control itself, or a group's first control. */
function focusable(target: HTMLElement): HTMLElement {
  if (target instanceof HTMLFieldSetElement) {
    return target.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea, button") ?? target;
  }
  return target;
}

/**
 * 'Vérifiez les champs signalés' at the top of a console form, with one link per field in error, in
 * the order the fields come on screen: on a long form (Paramètres, the formation dialog) the field at
 * fault may be far below what the person changed. Focus moves to the summary when an answer brings
 * errors, so it is read out and seen; each link puts focus on its field. Put it inside the <form>;
 * `form` is the fields' id prefix. The fields keep what was typed: nothing here touches them.
 */
export function ErrorSummary({ form, errors }: { form: string; errors: Record<string, string> | undefined }) {
  const ref = useRef<HTMLElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const hasErrors = errors !== undefined && Object.keys(errors).length > 0;

  // Labels and order come from the form on screen, so every form gets its summary without a list.
  useLayoutEffect(() => {
    const element = ref.current?.closest("form");
    if (!element || !errors) {
      setItems([]);
      return;
    }
    const found = Object.entries(errors).map(([name, message]) => {
      const control = controlOf(element, form, name);
      return { control, item: { target: control?.id || null, label: labelOf(control, name), message } };
    });
    found.sort((a, b) => {
      if (!a.control || !b.control) return a.control ? -1 : b.control ? 1 : 0;
      return a.control.compareDocumentPosition(b.control) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
    });
    setItems(found.map((f) => f.item));
  }, [errors, form]);

  // Each new answer with errors: focus on the summary (scrolled into view with it).
  useEffect(() => {
    if (errors && Object.keys(errors).length > 0) ref.current?.focus();
  }, [errors]);

  if (!hasErrors) return null;

  const go = (event: MouseEvent<HTMLAnchorElement>, target: string) => {
    const control = document.getElementById(target);
    if (!control) return;
    event.preventDefault();
    control.scrollIntoView({ block: "center" });
    focusable(control).focus();
  };

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={`${form}-error-summary`}
      className="rounded-md border-2 border-destructive bg-destructive/10 p-4 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
      data-testid="error-summary"
    >
      <h2 id={`${form}-error-summary`} className="font-semibold text-destructive">
        {ERROR_SUMMARY_TITLE}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {items.map((item) => (
          <li key={`${item.label}-${item.message}`}>
            {item.target ? (
              <a
                href={`#${item.target}`}
                className="text-destructive underline"
                onClick={(e) => go(e, item.target as string)}
              >
                {item.label}&nbsp;: {item.message}
              </a>
            ) : (
              <>
                {item.label}&nbsp;: {item.message}
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
