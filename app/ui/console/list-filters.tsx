import { Search } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { Input, Select } from "~/ui/input";

/**
 * The search box and filters of a console list. They live in the URL (?q=…), so the server
 * filters, the CSV export sees the same list, and a reload keeps them. Typing submits after a
 * short pause; without JavaScript, Enter submits.
 */
export function ListFilters({
  q,
  searchLabel,
  placeholder,
  children,
}: {
  q: string;
  searchLabel: string;
  placeholder: string;
  children?: ReactNode;
}) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const send = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
    }, delay);
  };
  return (
    <Form
      ref={form}
      method="get"
      role="search"
      // The filters wrap under the search box rather than squeezing it: it keeps 15 rem to type in.
      className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap"
      onChange={(event) => send((event.target as HTMLElement).tagName === "SELECT" ? 0 : 300)}
    >
      <div className="relative flex-1 sm:min-w-60">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        />
        <label htmlFor="admin-search" className="sr-only">
          {searchLabel}
        </label>
        <Input
          id="admin-search"
          type="search"
          name="q"
          defaultValue={q}
          placeholder={placeholder}
          className="pl-9"
          autoComplete="off"
        />
      </div>
      {children}
    </Form>
  );
}

export function FilterSelect({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className="sm:w-56">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Select id={id} name={name} defaultValue={value} options={options} />
    </div>
  );
}

/** The 'Statut' filter of a list whose records move through `statuses` (the `statut` parameter). */
export function StatusFilter<S extends string>({
  statuses,
  labels,
  value,
}: {
  statuses: readonly S[];
  labels: Record<S, string>;
  value: string | null | undefined;
}) {
  return (
    <FilterSelect
      id="filter-status"
      name="statut"
      label="Statut"
      value={value ?? ""}
      options={[
        { value: "", label: "Tous les statuts" },
        ...statuses.map((s) => ({ value: s, label: labels[s] })),
      ]}
    />
  );
}
