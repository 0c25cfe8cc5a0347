import { z } from "zod";
import { checkSchedule, scheduleFields } from "~/features/publishing";
import { textFieldChecks } from "~/platform/entity-checks";
import { deriveSlug, formBoolean, optionalId, optionalSlug, REQUIRED } from "~/platform/form-schema";
import { ARTICLE_FIELDS } from "./article-entity";

const IMAGE_AGAIN = "Choisissez l'image à nouveau dans la médiathèque";

/** Title and content required; slug optional, derived from the title; publication dates to come. */
export const articleSchema = z
  .object({
    ...textFieldChecks(ARTICLE_FIELDS),
    slug: optionalSlug,
    imageId: optionalId(IMAGE_AGAIN),
    content: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100000, "Article trop long"),
    published: formBoolean,
    // 'Publier' pressed instead of 'Enregistrer le brouillon' (a published article's form).
    publish: formBoolean,
    // 'Programmer la publication' / 'Dépublier le', Paris time.
    ...scheduleFields,
  })
  .superRefine((value, ctx) => checkSchedule(value, ctx))
  .transform((value, ctx) => {
    const slug = deriveSlug(value, ctx);
    return slug === null ? z.NEVER : { ...value, slug };
  });

export type ArticleInput = z.output<typeof articleSchema>;
