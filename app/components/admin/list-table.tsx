import type { LucideIcon } from "lucide-react";
import { Pencil, RotateCw, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Table, TBody, Td, THead, Th, Tr } from "~/components/ui/table";

/**
 * A list that could not be read: says so, with a retry link (the same URL, so it works without
 * JavaScript), instead of an empty table that would read as "there is nothing".
 */
export function LoadFailure({ message }: { message: string }) {
  const location = useLocation();
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center" role="alert">
        <p className="font-medium text-destructive">{message}</p>
        <p className="text-sm text-muted-foreground">
          La liste n'a pas pu être lue. Réessayez dans un instant ; si le problème persiste, prévenez
          l'administrateur du site.
        </p>
        <Link to={`${location.pathname}${location.search}`} className={buttonClass("outline")}>
          <RotateCw aria-hidden="true" className="h-4 w-4" /> Réessayer
        </Link>
      </CardContent>
    </Card>
  );
}

/**
 * A console list: its column headers (plus a right-aligned 'Actions' column when `actions`), one
 * row per item, or a single full-width `empty` row so an empty list still says why it is empty.
 * When the read failed (`loadError`), the failure is shown instead: never an empty list.
 */
export function ListTable<Item>({
  columns,
  actions = false,
  items,
  empty,
  loadError = null,
  children,
}: {
  columns: readonly string[];
  actions?: boolean;
  items: readonly Item[];
  empty: string;
  loadError?: string | null;
  children: (item: Item) => ReactNode;
}) {
  if (loadError) return <LoadFailure message={loadError} />;
  return (
    <Card>
      <CardContent className="p-0 sm:p-0">
        <Table>
          <THead>
            <Tr>
              {columns.map((column) => (
                <Th key={column}>{column}</Th>
              ))}
              {actions ? <Th className="text-right">Actions</Th> : null}
            </Tr>
          </THead>
          <TBody>
            {items.length === 0 ? (
              <Tr>
                <Td
                  colSpan={columns.length + (actions ? 1 : 0)}
                  className="py-10 text-center text-muted-foreground"
                >
                  {empty}
                </Td>
              </Tr>
            ) : (
              items.map(children)
            )}
          </TBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** The last cell of a row: its icon buttons, kept on one line. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return <Td className="whitespace-nowrap text-right">{children}</Td>;
}

/** An icon-only row button (lists, the programme editor); `label` is its accessible name, so it names the row it acts on. */
export function IconAction({
  label,
  icon: Icon,
  destructive = false,
  disabled,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  destructive?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} disabled={disabled} onClick={onClick}>
      <Icon aria-hidden="true" className={destructive ? "h-4 w-4 text-destructive" : "h-4 w-4"} />
    </Button>
  );
}

/** 'Modifier …' and 'Supprimer …' for a row; `subject` completes both labels, e.g. a title. */
export function EditDeleteCell({
  subject,
  onEdit,
  onDelete,
  children,
}: {
  subject: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Other row actions, shown first. */
  children?: ReactNode;
}) {
  return (
    <ActionsCell>
      {children}
      <IconAction label={`Modifier ${subject}`} icon={Pencil} onClick={onEdit} />
      <IconAction label={`Supprimer ${subject}`} icon={Trash2} destructive onClick={onDelete} />
    </ActionsCell>
  );
}
