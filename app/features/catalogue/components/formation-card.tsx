import { CalendarDays, Clock, GraduationCap } from "lucide-react";
import { Link } from "react-router";
import type { CatalogueItem } from "~/features/catalogue/catalogue";
import { formatDay } from "~/features/catalogue/sessions";
import { FORMATION_TYPE_LABELS } from "~/features/catalogue/vocabulary";
import { Badge } from "~/ui/badge";

/** The first 3 skills, then '+N' for the rest. */
export function skillsPreview(skills: readonly string[]): { shown: string[]; more: number } {
  return { shown: skills.slice(0, 3), more: Math.max(0, skills.length - 3) };
}

/**
 * `thumbnailOnPhones`: below 640 px the picture is a 7 rem thumbnail beside the badges instead of the
 * card's full-width header (the catalogue, a list a visitor scans: the loader wrote its `sizes` with
 * cardPicture's `thumbnailOnPhones` to match). The phone's largest content is then the page's text,
 * painted at once.
 */
export function FormationCard({
  formation,
  headingLevel = 3,
  thumbnailOnPhones = false,
}: {
  formation: CatalogueItem;
  headingLevel?: 2 | 3;
  thumbnailOnPhones?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { shown, more } = skillsPreview(formation.skills);
  return (
    <article className="relative flex h-full flex-col gap-3 rounded-xl border border-border bg-background p-5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <div className={thumbnailOnPhones ? "flex items-start gap-3 sm:block" : "contents"}>
        {formation.picture && (
          <div
            className={
              thumbnailOnPhones
                ? "w-28 shrink-0 overflow-hidden rounded-md bg-muted sm:-mx-5 sm:-mt-5 sm:mb-5 sm:w-auto sm:rounded-none sm:rounded-t-xl"
                : "-mx-5 -mt-5 mb-2 overflow-hidden rounded-t-xl bg-muted"
            }
            // Markup the server wrote from the médiathèque's record (media.ts, pictureHtml): the alternative
            // text is escaped there, and nothing else in it comes from a visitor.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: see the comment above.
            dangerouslySetInnerHTML={{ __html: formation.picture }}
          />
        )}
        <div className="flex flex-wrap items-center gap-2">
          {formation.badge && <Badge>{formation.badge}</Badge>}
          <Badge variant="secondary">{FORMATION_TYPE_LABELS[formation.formationType]}</Badge>
          {formation.rncpCode && <Badge variant="outline">{formation.rncpCode}</Badge>}
        </div>
      </div>
      <Heading className="text-lg font-semibold">
        <Link to={`/formation/${formation.slug}`} className="after:absolute after:inset-0 focus:outline-none">
          {formation.title}
        </Link>
      </Heading>
      <p className="text-sm text-muted-foreground">{formation.description}</p>
      <ul className="flex flex-wrap gap-1.5" aria-label="Compétences">
        {shown.map((skill) => (
          <li key={skill} className="rounded-md bg-muted px-2 py-0.5 text-xs">
            {skill}
          </li>
        ))}
        {more > 0 && (
          <li className="rounded-md bg-muted px-2 py-0.5 text-xs font-semibold">
            <span aria-hidden="true">+{more}</span>
            <span className="sr-only">et {more} autres</span>
          </li>
        )}
      </ul>
      <dl className="mt-auto grid gap-1 text-sm text-muted-foreground">
        {/* An empty duration is left out rather than announced as 'à définir'. */}
        {formation.duration.trim() && (
          <div className="flex items-center gap-2">
            <Clock aria-hidden="true" className="h-4 w-4" />
            <dt className="sr-only">Durée</dt>
            <dd>{formation.duration}</dd>
          </div>
        )}
        <div className="flex items-center gap-2">
          <GraduationCap aria-hidden="true" className="h-4 w-4" />
          <dt className="sr-only">Niveau requis</dt>
          <dd>{formation.entryLevelLabel}</dd>
        </div>
        <div className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="h-4 w-4" />
          <dt className="sr-only">Sessions</dt>
          <dd data-testid="next-session">
            {formation.nextSession
              ? `Prochaine session : ${formatDay(formation.nextSession)}`
              : "Sessions à venir : nous consulter"}
          </dd>
        </div>
      </dl>
      {formation.funding.length > 0 && (
        <p className="text-xs text-muted-foreground">Financement : {formation.funding.join(", ")}</p>
      )}
    </article>
  );
}
