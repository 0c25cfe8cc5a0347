import type { LucideIcon } from "lucide-react";
import { Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Table, TBody, Td, THead, Th, Tr } from "~/components/ui/table";

/**
 * A console list: its column headers (plus a right-aligned 'Actions' column when `actions`), one
 * row per item, or a single full-width `empty` row so an empty list still says why it is empty.
 */
export function ListTable<Item>({
  columns,
  actions = false,
  items,
  empty,
  children,
}: {
  columns: readonly string[];
  actions?: boolean;
  items: readonly Item[];
  empty: string;
  children: (item: Item) => ReactNode;
}) {
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
}: {
  subject: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <ActionsCell>
      <IconAction label={`Modifier ${subject}`} icon={Pencil} onClick={onEdit} />
      <IconAction label={`Supprimer ${subject}`} icon={Trash2} destructive onClick={onDelete} />
    </ActionsCell>
  );
}
