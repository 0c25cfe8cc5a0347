import type { TestimonialView } from "~/features/testimonials/views";
import { Stars } from "~/ui/stars";

export type { TestimonialView };

/** Initials when there is no avatar, '??' when there is no name either. */
export function initials(name: string | null | undefined): string {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "??";
  return parts
    .slice(0, 2)
    .map((part) => part[0]?.toLocaleUpperCase("fr") ?? "")
    .join("");
}

export function TestimonialCard({ testimonial }: { testimonial: TestimonialView }) {
  const { name, content, company, position, picture, rating } = testimonial;
  const role = [position, company].filter(Boolean).join(" · ");
  return (
    <figure className="flex h-full flex-col gap-4 rounded-xl border border-border bg-background p-6 shadow-sm">
      <Stars rating={rating} />
      <blockquote className="flex-1 text-foreground">« {content} »</blockquote>
      <figcaption className="flex items-center gap-3">
        {picture ? (
          <span
            className="block h-12 w-12 shrink-0"
            // Markup the server wrote from the médiathèque's record (pictureHtml, alternative text escaped).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: see the comment above.
            dangerouslySetInnerHTML={{ __html: picture }}
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-12 w-12 items-center justify-center rounded-full bg-secondary font-semibold text-secondary-foreground"
          >
            {initials(name)}
          </span>
        )}
        <span>
          <span className="block font-semibold">{name || "??"}</span>
          {role && <span className="block text-sm text-muted-foreground">{role}</span>}
        </span>
      </figcaption>
    </figure>
  );
}
