import { z } from "zod";
import { SLUG_PATTERN, slugify } from "~/lib/slugify";
import { formBoolean, optionalText, optionalUrl, REQUIRED, requiredText } from "./admin-common";

/** SPEC.md §5: title and content required; slug optional, derived from the title. */
export const blogPostSchema = z
  .object({
    title: requiredText(200),
    slug: z.string().trim().max(120, "120 caractères maximum").optional(),
    excerpt: optionalText(1000),
    category: optionalText(100),
    featuredImage: optionalUrl,
    content: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100000, "Article trop long"),
    published: formBoolean,
  })
  .transform((value, ctx) => {
    const slug = slugify(value.slug ? value.slug : value.title);
    if (!SLUG_PATTERN.test(slug)) {
      ctx.addIssue({
        code: "custom",
        path: ["slug"],
        message: "Le slug doit contenir au moins une lettre ou un chiffre",
      });
      return z.NEVER;
    }
    return { ...value, slug };
  });

export type BlogPostInput = z.output<typeof blogPostSchema>;
