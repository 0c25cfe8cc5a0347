import { Switch as S } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "./cn";

/**
 * An on/off switch. With `name`, a hidden input posts "true" or "false", so the server always
 * receives the field (an unchecked checkbox would post nothing).
 */
export function Switch({
  className,
  name,
  checked,
  ...props
}: Omit<ComponentProps<typeof S.Root>, "name"> & { name?: string; checked: boolean }) {
  return (
    <>
      <S.Root
        checked={checked}
        className={cn(
          "peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors data-[state=checked]:bg-primary data-[state=unchecked]:bg-input disabled:cursor-not-allowed disabled:opacity-50",
          className,
        )}
        {...props}
      >
        <S.Thumb className="pointer-events-none block h-5 w-5 rounded-full bg-background shadow-lg ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </S.Root>
      {name ? <input type="hidden" name={name} value={checked ? "true" : "false"} /> : null}
    </>
  );
}
