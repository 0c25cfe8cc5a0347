import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/ui/cn";

/** The '← Toutes les …' link at the top of a console record or sub-screen, back to its list. */
export function BackLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className={cn("inline-flex items-center gap-1 text-sm text-primary hover:underline", className)}
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {children}
    </Link>
  );
}
