import { ArrowRight, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

export interface RoleCard {
  key: string;
  title: string;
  /** A line under the title: dates and status, or what the space holds. */
  detail: ReactNode;
  href: string;
  linkText: string;
  /** The link's name when its text alone would not say which card it belongs to. */
  linkLabel?: string;
}

/**
 * One of the person's roles on the home page of their space (learner, trainer, company contact): a
 * heading and a card per file, each linking to its space. Nothing when the person has no such role.
 */
export function RoleSection({
  id,
  icon: Icon,
  title,
  testId,
  cards,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  testId: string;
  cards: RoleCard[];
}) {
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        <Icon aria-hidden="true" className="h-5 w-5" /> {title}
      </h2>
      <ul className="space-y-3">
        {cards.map((card) => (
          <li key={card.key} className="rounded-xl border border-border p-4" data-testid={testId}>
            <h3 className="font-medium [overflow-wrap:anywhere]">{card.title}</h3>
            <p className="text-sm text-muted-foreground">{card.detail}</p>
            <Link
              to={card.href}
              className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
              aria-label={card.linkLabel}
            >
              {card.linkText} <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
