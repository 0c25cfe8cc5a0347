import type { ReactNode } from "react";
import { Link } from "react-router";
import { useCan } from "~/features/accounts";
import type { LiveTable } from "~/platform/live-tables";
import { useLiveRevalidation } from "~/platform/use-live";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { ActionsCell, type Column, EditDeleteCell, ListTable } from "~/ui/console/list-table";
import { AddButton, PageHeader } from "~/ui/console/page-header";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
import { useEditDialog } from "~/ui/console/use-edit-dialog";
import { Tr } from "~/ui/table";

/**
 * A Qualiopi register's screen: its list, 'Ajouter' and each row's 'Modifier' / 'Supprimer' for whoever
 * keeps the registers (quality:write), the way back to the board. `cells` lays out a row's columns,
 * `dialog` the add/edit dialog; `opened` opens a row's dialog at once (an action just proposed).
 */
export function RegisterScreen<Row extends { id: string }>({
  title,
  description,
  addLabel,
  deleteQuestion,
  columns,
  rows,
  empty,
  live,
  loadError,
  subject,
  cells,
  dialog,
  actions,
  children,
  opened,
}: {
  title: string;
  description: string;
  addLabel: string;
  deleteQuestion: string;
  columns: readonly Column[];
  rows: readonly Row[];
  empty: string;
  live: readonly LiveTable[];
  loadError: string | null;
  subject: (row: Row) => string;
  cells: (row: Row) => ReactNode;
  dialog: (row: Row | null, close: () => void) => ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  opened?: Row | null;
}) {
  useLoadErrorToast(loadError);
  useLiveRevalidation(live);
  const canWrite = useCan("quality:write");
  const editor = useEditDialog<Row>(opened ?? undefined);
  const remove = useConfirmDelete({ question: deleteQuestion });
  return (
    <>
      <Link
        to="/admin/qualiopi"
        className="mb-2 inline-block text-sm text-primary underline-offset-4 hover:underline"
      >
        Retour au tableau Qualiopi
      </Link>
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            {actions}
            {canWrite ? <AddButton label={addLabel} onClick={editor.create} /> : null}
          </>
        }
      />
      {children}
      <ListTable columns={columns} actions items={rows} loadError={loadError} empty={empty}>
        {(row) => (
          <Tr key={row.id}>
            {cells(row)}
            {canWrite ? (
              <EditDeleteCell
                subject={subject(row)}
                onEdit={() => editor.edit(row)}
                onDelete={() => remove.ask(row.id)}
              />
            ) : (
              <ActionsCell>{null}</ActionsCell>
            )}
          </Tr>
        )}
      </ListTable>
      {editor.render((row) => dialog(row, editor.close))}
      {remove.dialog}
    </>
  );
}
