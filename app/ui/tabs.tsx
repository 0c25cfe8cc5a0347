import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { cn } from "./cn";

export interface TabsProps<T extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  /** Each tab's value and visible name, in order. */
  tabs: readonly (readonly [T, string])[];
  value: T;
  onChange: (value: T) => void;
  /** The shown panel's content (it starts with a field, so the panel itself takes no focus); the other panels are not rendered. */
  children: ReactNode;
  className?: string;
}

/**
 * Tabs as the WAI-ARIA tabs pattern describes them: one tab in the page's Tab order (the selected
 * one), arrow keys, Home and End move between tabs and select them, the panel is named by its tab.
 * Written here rather than taken from a component library because /auth is a public page under a
 * JavaScript budget and this is all it needs (a library's tabs cost that page about 5 KB gzip).
 */
export function Tabs<T extends string>({ label, tabs, value, onChange, children, className }: TabsProps<T>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (v: T) => `${id}-tab-${v}`;
  const panelId = (v: T) => `${id}-panel-${v}`;

  function onKeyDown(event: KeyboardEvent) {
    const at = tabs.findIndex(([v]) => v === value);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const [target] = tabs[(next + tabs.length) % tabs.length] ?? [];
    if (target === undefined) return;
    onChange(target);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(target))}`)?.focus();
  }

  return (
    <div className={className}>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        className="mb-6 flex rounded-md bg-muted p-1"
        onKeyDown={onKeyDown}
      >
        {tabs.map(([v, name]) => (
          <button
            key={v}
            type="button"
            role="tab"
            id={tabId(v)}
            aria-selected={v === value}
            aria-controls={panelId(v)}
            tabIndex={v === value ? 0 : -1}
            onClick={() => onChange(v)}
            className={cn(
              "flex-1 rounded-sm px-3 py-1.5 text-sm font-medium text-muted-foreground",
              v === value && "bg-background text-foreground shadow",
            )}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(value)} aria-labelledby={tabId(value)}>
        {children}
      </div>
    </div>
  );
}
