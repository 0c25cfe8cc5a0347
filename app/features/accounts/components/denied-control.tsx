import type { ReactNode } from "react";
import { cn } from "~/ui/cn";
import { Tooltip } from "~/ui/tooltip";

/**
 * A control the signed-in role may not use (`useCan` said no): still shown, so staff know it exists,
 * but inert, with `reason` on hover and keyboard focus. It stays focusable (aria-disabled, not
 * disabled) because a disabled button gets neither, and its tooltip would never show.
 */
export function DeniedControl({
  reason,
  label,
  className,
  children,
}: {
  reason: string;
  /** The accessible name when `children` is an icon alone. */
  label?: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Tooltip content={reason} side="bottom">
      <button
        type="button"
        aria-disabled="true"
        aria-label={label}
        className={cn(className, "cursor-not-allowed opacity-50")}
        onClick={(event) => event.preventDefault()}
      >
        {children}
      </button>
    </Tooltip>
  );
}
