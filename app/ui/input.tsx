import type { ComponentProps } from "react";
import { cn } from "./cn";

export const fieldClass =
  "flex w-full rounded-md border border-input bg-background px-3 py-2 text-base md:text-sm placeholder:text-muted-foreground disabled:opacity-50 aria-[invalid=true]:border-destructive";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(fieldClass, "h-10", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(fieldClass, "min-h-[120px]", className)} {...props} />;
}

export interface Option {
  value: string;
  label: string;
}

/** A select; its choices as `options` (value, label) or as <option> children. */
export function Select({
  className,
  options,
  children,
  ...props
}: ComponentProps<"select"> & { options?: readonly Option[] }) {
  return (
    <select className={cn(fieldClass, "h-10", className)} {...props}>
      {children}
      {options?.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap the control.
  return <label className={cn("text-sm font-medium leading-none", className)} {...props} />;
}
