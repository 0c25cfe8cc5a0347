import { Fragment, type ReactNode, useState } from "react";
import { Dialog } from "~/ui/dialog";

/**
 * The create/edit dialog of a console list: `create()` opens it empty, `edit(row)` opens it on
 * a row, and `render` places it. The form is mounted afresh for each opening (keyed by the row),
 * so 'Annuler' or a save leaves nothing behind for the next one.
 */
export function useEditDialog<Row extends { id: string }>(opened?: Row) {
  // undefined: closed; null: creating; a row: editing it (`opened`: a row whose dialog the page opens at once).
  const [editing, setEditing] = useState<Row | null | undefined>(opened);
  const close = () => setEditing(undefined);
  return {
    create: () => setEditing(null),
    edit: (row: Row) => setEditing(row),
    close,
    render: (form: (row: Row | null) => ReactNode) => (
      <Dialog open={editing !== undefined} onOpenChange={(open) => !open && close()}>
        {editing !== undefined ? <Fragment key={editing?.id ?? "new"}>{form(editing)}</Fragment> : null}
      </Dialog>
    ),
  };
}
