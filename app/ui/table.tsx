import type { ComponentProps } from "react";
import { cn } from "./cn";

/**
 * A data table that scrolls sideways inside its card on narrow screens instead of the page. The
 * wrapper is `relative` so that it contains the visually hidden (absolutely positioned) labels of
 * its cells: otherwise they are placed against the page and widen it. It is also the container the
 * cells' `@…:` classes measure (a list's secondary columns) and the scroll the `table-scroll` rules
 * of app.css follow.
 */
export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div className="table-scroll @container relative w-full overflow-x-auto">
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

export function THead(props: ComponentProps<"thead">) {
  return <thead className="[&_tr]:border-b" {...props} />;
}

export function TBody(props: ComponentProps<"tbody">) {
  return <tbody className="[&_tr:last-child]:border-0" {...props} />;
}

export function Tr({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b border-border hover:bg-muted", className)} {...props} />;
}

// Cells are 8 px apart in a narrow table (under 36 rem, or outside a Table's container) and 12 px in
// a wider one: on a phone every pixel goes to the text.
export function Th({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cn("h-10 px-2 text-left align-middle font-medium text-muted-foreground @xl:px-3", className)}
      {...props}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-2 py-3 align-middle @xl:px-3", className)} {...props} />;
}
