import { Briefcase, GraduationCap, RefreshCw, TrendingUp, Wrench } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { Goal } from "~/features/catalogue/goals";
import { plural } from "~/platform/plural";
import { ButtonLink } from "~/ui/button";
import { cn } from "~/ui/cn";

const ICONS = {
  refresh: RefreshCw,
  graduation: GraduationCap,
  trending: TrendingUp,
  wrench: Wrench,
  briefcase: Briefcase,
} as const;

/**
 * The goals the page offers (those some formation serves, chosen by the loader; the section is left
 * out without any). No goal selected, then one; choosing another replaces it. Toggle buttons
 * (aria-pressed) so keyboard and screen-reader users know which goal is chosen.
 */
export function GoalPicker({
  goals,
  formations,
  title,
  intro,
}: {
  /** The section's heading and text (Pages: Accueil). */
  title: string;
  intro: string;
  goals: readonly Goal[];
  /** The active formations in the staff-set order, each with the goals chosen in its dialog. */
  formations: readonly { slug: string; title: string; goals: readonly string[] }[];
}) {
  const [selected, setSelected] = useState<Goal["id"] | null>(null);
  const recommended = (goal: Goal) => formations.filter((f) => f.goals.includes(goal.id));
  const goal = goals.find((g) => g.id === selected);
  const resultRef = useRef<HTMLDivElement>(null);
  // On a phone the result sits below the five cards: bring it into view after a choice.
  useEffect(() => {
    if (selected) resultRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [selected]);

  return (
    <section aria-labelledby="objectif-titre" className="bg-muted py-16">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="objectif-titre" className="text-center text-3xl font-bold">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl whitespace-pre-line text-center text-muted-foreground">
          {intro}
        </p>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {goals.map((g) => {
            const Icon = ICONS[g.icon];
            const count = recommended(g).length;
            const pressed = g.id === selected;
            return (
              <li key={g.id}>
                <button
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => setSelected(g.id)}
                  className={cn(
                    "flex h-full w-full cursor-pointer flex-col items-start gap-2 rounded-xl border-2 bg-background p-5 text-left transition-colors hover:border-primary",
                    pressed ? "border-primary ring-2 ring-primary/30" : "border-transparent",
                  )}
                >
                  <Icon aria-hidden="true" className="h-8 w-8 text-primary" />
                  <span className="text-lg font-semibold">{g.title}</span>
                  <span className="text-sm text-muted-foreground">{g.description}</span>
                  <span className="mt-auto text-sm font-medium text-primary">
                    {plural(count, "formation recommandée", "formations recommandées")}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <div aria-live="polite">
          {goal && (
            <div
              ref={resultRef}
              className="mt-8 scroll-mt-20 rounded-xl border border-border bg-background p-6"
              data-testid="goal-result"
            >
              <h3 className="text-xl font-semibold">Formations recommandées : {goal.title}</h3>
              <ul className="mt-4 flex flex-wrap gap-2">
                {recommended(goal).map((f) => (
                  <li key={f.slug}>
                    <Link
                      to={`/formation/${f.slug}`}
                      className="inline-block rounded-full bg-secondary px-3 py-1 text-sm text-secondary-foreground hover:underline"
                    >
                      {f.title}
                    </Link>
                  </li>
                ))}
              </ul>
              <ButtonLink to={`/formations?objectif=${goal.id}`} className="mt-6">
                Découvrir ces formations
              </ButtonLink>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
