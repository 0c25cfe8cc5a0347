import { CheckCircle2, type LucideIcon } from "lucide-react";
import { cn } from "~/ui/cn";

/** A list whose items each start with the same icon (objectives, careers, features…). */
export function IconList({
  items,
  icon: Icon = CheckCircle2,
  iconClassName = "h-5 w-5 text-success",
  className,
  itemClassName,
}: {
  items: readonly string[];
  icon?: LucideIcon;
  iconClassName?: string;
  className?: string;
  itemClassName?: string;
}) {
  return (
    <ul className={cn("grid gap-2", className)}>
      {items.map((item) => (
        <li key={item} className={cn("flex gap-2", itemClassName)}>
          <Icon aria-hidden="true" className={cn("mt-0.5 shrink-0", iconClassName)} />
          {item}
        </li>
      ))}
    </ul>
  );
}
