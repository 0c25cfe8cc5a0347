import { type ReactNode, useState } from "react";
import { slugify } from "~/platform/slugify";
import { Button } from "~/ui/button";
import { DialogContent } from "~/ui/dialog";
import { ErrorSummary } from "./error-summary";
import { TextField } from "./form-fields";
import { useAdminFetcher } from "./use-admin-fetcher";

/** What every field of a dialog's form needs: the id prefix, the server's errors, starting values. */
export interface FieldsContext {
  form: string;
  errors: Record<string, string> | undefined;
  values: Record<string, string> | undefined;
}

/**
 * A create/edit dialog of a console list: posts intent=create, or intent=update with the row's
 * id, shows the answer's toast, the fields in error in a summary at the top (each linked) and next
 * to each field, and closes itself (`onDone`) once saved. What was typed stays in the fields.
 */
export function FormDialog({
  form,
  id,
  title,
  description,
  className,
  formClassName = "space-y-4",
  ready = true,
  values,
  onDone,
  children,
  submitLabel,
  alsoSubmit,
  action,
}: {
  /** Prefix of the fields' ids, so two forms on one page never share ids. */
  form: string;
  /** The row being edited, or null when creating one. */
  id: string | null;
  title: string;
  description: string;
  className: string;
  formClassName?: string;
  /** False while a required field is still blank: the submit button waits for it. */
  ready?: boolean;
  /** The fields' starting values (the row being edited, or a new row's defaults). */
  values?: Record<string, string>;
  onDone: () => void;
  children: (fields: FieldsContext) => ReactNode;
  /** The submit button's words when not 'Modifier' / 'Créer'. */
  submitLabel?: string;
  /** A second submit button, posting `name=value` with the form (e.g. 'Publier' beside 'Enregistrer le brouillon'). */
  alsoSubmit?: { name: string; value: string; label: string } | null;
  /** The route that answers the post, when not the page's own (a record's page editing through its list's action). */
  action?: string;
}) {
  const fetcher = useAdminFetcher((result) => {
    if (result.ok) onDone();
  });
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <DialogContent title={title} description={description} className={className}>
      <fetcher.Form method="post" action={action} className={formClassName}>
        <input type="hidden" name="intent" value={id ? "update" : "create"} />
        {id ? <input type="hidden" name="id" value={id} /> : null}
        <ErrorSummary form={form} errors={errors} />
        {children({ form, errors, values })}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDone}>
            Annuler
          </Button>
          {alsoSubmit ? (
            <Button
              type="submit"
              variant="outline"
              name={alsoSubmit.name}
              value={alsoSubmit.value}
              disabled={busy || !ready}
            >
              {alsoSubmit.label}
            </Button>
          ) : null}
          <Button type="submit" disabled={busy || !ready}>
            {busy ? "Enregistrement..." : (submitLabel ?? (id ? "Modifier" : "Créer"))}
          </Button>
        </div>
      </fetcher.Form>
    </DialogContent>
  );
}

/** The slug follows the title until someone types one; an existing row keeps its own. */
export function useTitleSlug(row: { title: string; slug: string } | null) {
  const [title, setTitle] = useState(row?.title ?? "");
  const [slug, setSlug] = useState(row?.slug ?? "");
  const [slugEdited, setSlugEdited] = useState(Boolean(row));
  return {
    title,
    slug: slugEdited ? slug : slugify(title),
    setTitle,
    setSlug: (value: string) => {
      setSlugEdited(true);
      setSlug(value);
    },
  };
}

/**
 * The 'Titre' and 'Slug (URL)' fields, bound to `useTitleSlug`. The slug may be left empty: the
 * server derives it from the title (the placeholder shows what it will be).
 */
export function TitleSlugFields({
  fields,
  state,
  slugLabel = "Slug (URL)",
  slugHint = "Déduit du titre si vous le laissez vide.",
}: {
  fields: FieldsContext;
  state: ReturnType<typeof useTitleSlug>;
  /** The slug's name for the screen's readers (the formation page says 'Adresse de la page'). */
  slugLabel?: string;
  slugHint?: string;
}) {
  return (
    <>
      <TextField
        form={fields.form}
        errors={fields.errors}
        name="title"
        label="Titre"
        required
        value={state.title}
        onChange={(e) => state.setTitle(e.target.value)}
      />
      <TextField
        form={fields.form}
        errors={fields.errors}
        name="slug"
        label={slugLabel}
        value={state.slug}
        placeholder={slugify(state.title)}
        hint={slugHint}
        onChange={(e) => state.setSlug(e.target.value)}
      />
    </>
  );
}
