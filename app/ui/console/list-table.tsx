import type { LucideIcon } from "lucide-react";
import { Pencil, RotateCw, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { cn } from "~/ui/cn";
import { Table, TBody, Td, THead, Th, Tr } from "~/ui/table";

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
          La liste n'a pas pu être lue. Réessayez dans un instant ; si le problème persiste, prévenez
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
 * From which width of the list a secondary column shows. Measured on the list's own box (a container
 * query), not the window: the open sidebar leaves a 1024 px laptop a 720 px list. Below that width the
 * column is left out; the record's dialog or page still shows it.
 */
export type ShownFrom = "sm" | "md" | "lg";

// Full class names, so Tailwind finds them: 36rem (576 px), 48rem (768 px), 64rem (1024 px).
const SHOWN_FROM: Record<ShownFrom, string> = {
  sm: "hidden @xl:table-cell",
  md: "hidden @3xl:table-cell",
  lg: "hidden @5xl:table-cell",
};

/** The classes of a cell (header or data) of a column shown `from` a width on. */
export const shownFrom = (from: ShownFrom | undefined) => (from ? SHOWN_FROM[from] : undefined);

/** A column: its header, and for a secondary one the width from which it shows. */
export type Column = string | { label: string; from: ShownFrom };

/**
 * A console list: its column headers (plus an 'Actions' column on the right when `actions`, or a
 * column of that name), one row per item, or a single full-width `empty` row so an empty list still
 * says why it is empty. The actions column stays on screen at the right edge even when the table
 * scrolls sideways. When the read failed (`loadError`), the failure is shown instead: never an empty
 * list.
 */
export function ListTable<Item>({
  columns,
  actions = false,
  items,
  empty,
  loadError = null,
  children,
}: {
  columns: readonly Column[];
  actions?: boolean | string;
  items: readonly Item[];
  empty: string;
  loadError?: string | null;
  children: (item: Item) => ReactNode;
}) {
  if (loadError) return <LoadFailure message={loadError} />;
  return (
    // The table against the card's border, without CardContent's padding (cn() does not merge
    // classes, so a 'p-0' given to CardContent would lose to its own 'p-4 sm:p-6').
    <Card>
      <Table>
        <THead>
          <Tr>
            {columns.map((column) =>
              typeof column === "string" ? (
                <Th key={column}>{column}</Th>
              ) : (
                <Th key={column.label} className={shownFrom(column.from)}>
                  {column.label}
                </Th>
              ),
            )}
            {actions ? (
              <Th className={cn("text-right", STICKY)}>{actions === true ? "Actions" : actions}</Th>
            ) : null}
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
    </Card>
  );
}

/**
 * The actions column is pinned to the right edge of the table's box, over the columns that scroll
 * under it (class `sticky-actions` in app.css draws the shadow that says so); its background hides
 * them and follows the row's hover colour.
 */
const STICKY = "sticky-actions sticky right-0 bg-background [tr:hover>&]:bg-muted";

/** The last cell of a row: its icon buttons, kept on one line. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return <Td className={cn("whitespace-nowrap text-right", STICKY)}>{children}</Td>;
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
