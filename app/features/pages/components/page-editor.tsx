import { useState } from "react";
import { Link } from "react-router";
import { DeniedControl, useCan } from "~/features/accounts";
import { renderMarkdown } from "~/platform/markdown";
import { Button, buttonClass } from "~/ui/button";
import { ErrorSummary } from "~/ui/console/error-summary";
import { TextAreaField, TextField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import type { PageContent, PageDefinition, PageField } from "../definitions";
import { fillPlaceholders, PLACEHOLDERS, type PlaceholderValues } from "../placeholders";

const FORM = "page";

type Errors = Record<string, string> | undefined;

/**
 * A Markdown field and, beside it, its live preview: the same renderer as the public page (raw HTML
 * escaped), the placeholders filled with Paramètres' values, styled as the site shows it.
 */
function MarkdownField({
  field,
  initial,
  errors,
  values,
}: {
  field: PageField;
  initial: string;
  errors: Errors;
  values: PlaceholderValues | null;
}) {
  const [source, setSource] = useState(initial);
  const html = renderMarkdown(source, { topLevel: field.topLevel ?? 2 });
  const previewId = `${FORM}-${field.name}-preview`;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TextAreaField
        form={FORM}
        name={field.name}
        label={field.label}
        required={field.required}
        errors={errors}
        className="min-h-[320px] font-mono text-sm"
        value={source}
        onChange={(event) => setSource(event.target.value)}
        {...(field.hint ? { hint: field.hint } : {})}
      />
      <section aria-labelledby={`${previewId}-title`} className="space-y-2">
        <h3 id={`${previewId}-title`} className="text-sm font-medium">
          Aperçu{values ? "" : " (les champs entre accolades sont remplis sur le site)"}
        </h3>
        <div
          data-testid={previewId}
          className="prose-article min-h-[320px] overflow-auto rounded-md border border-border bg-muted/30 p-4"
          // Safe: markdown-it with html: false escapes raw HTML; placeholder values are escaped too.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: see the comment above.
          dangerouslySetInnerHTML={{ __html: values ? fillPlaceholders(html, values) : html }}
        />
      </section>
    </div>
  );
}

/** The placeholders a legal page may use, with what each one shows today. */
function PlaceholderList({ values }: { values: PlaceholderValues }) {
  return (
    <details className="rounded-md border border-border p-4 text-sm">
      <summary className="cursor-pointer font-medium">Champs remplis depuis Paramètres</summary>
      <dl className="mt-3 grid gap-2 sm:grid-cols-[auto_1fr]">
        {Object.entries(PLACEHOLDERS).map(([name, label]) => (
          <div key={name} className="contents">
            <dt className="font-mono">{`{{${name}}}`}</dt>
            <dd className="text-muted-foreground">
              {label}
              {"\u202f"}: {values[name as keyof PlaceholderValues] || "vide"}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/**
 * One page of Pages: its fields, Markdown with a live preview. 'Enregistrer le brouillon' keeps the
 * text off the site; 'Publier' (the administrators') saves it and puts it online at once.
 */
export function PageEditor({
  page,
  content,
  values,
}: {
  page: PageDefinition;
  content: PageContent;
  values: PlaceholderValues | null;
}) {
  const canEdit = useCan("pages:write");
  const canPublish = useCan("content:publish");
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.errors;
  return (
    <fetcher.Form method="post" noValidate className="grid gap-6">
      <input type="hidden" name="page" value={page.id} />
      <ErrorSummary form={FORM} errors={errors} />
      {page.placeholders && values ? <PlaceholderList values={values} /> : null}
      <fieldset disabled={!canEdit} className="m-0 grid min-w-0 gap-6 border-0 p-0">
        <legend className="sr-only">Textes de la page {page.title}</legend>
        {page.fields.map((field) => {
          const initial = content[field.name] ?? "";
          const common = {
            form: FORM,
            name: field.name,
            label: field.label,
            required: field.required,
            errors,
            defaultValue: initial,
            ...(field.hint ? { hint: field.hint } : {}),
          };
          if (field.kind === "markdown") {
            return (
              <MarkdownField
                key={field.name}
                field={field}
                initial={initial}
                errors={errors}
                values={page.placeholders ? values : null}
              />
            );
          }
          return field.kind === "line" ? (
            <TextField key={field.name} {...common} />
          ) : (
            <TextAreaField key={field.name} {...common} rows={field.kind === "items" ? 10 : 4} />
          );
        })}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        {/* First in the form: the button Enter presses, the one that leaves the site as it is. */}
        <Button
          type="submit"
          name="intent"
          value="update"
          variant="outline"
          disabled={!canEdit || fetcher.state !== "idle"}
        >
          Enregistrer le brouillon
        </Button>
        {canPublish ? (
          <Button type="submit" name="intent" value="publish" disabled={fetcher.state !== "idle"}>
            Publier
          </Button>
        ) : (
          <DeniedControl reason="Réservé aux administrateurs" className={buttonClass("default", "default")}>
            Publier
          </DeniedControl>
        )}
        <Link to={page.path} className="text-sm text-primary underline" target="_blank" rel="noopener">
          Voir la page publiée<span className="sr-only"> (nouvel onglet)</span>
        </Link>
      </div>
    </fetcher.Form>
  );
}
