import { Link } from "react-router";
import { DEFAULT_ARTICLE_CATEGORY } from "~/features/articles/categories";
import { formatDate, isoDate } from "~/platform/dates";
import { Badge } from "~/ui/badge";

export interface PostView {
  /** null for the fallback samples, which have no page. */
  slug: string | null;
  title: string;
  excerpt: string | null;
  category: string | null;
  readMinutes: number;
  createdAt: Date | string | null;
  /** Its picture from the médiathèque, as markup the server wrote (none: the card has no picture). */
  picture?: string | null;
}

export { DEFAULT_ARTICLE_CATEGORY };

/** A blog teaser: category, reading time, author 'Équipe'. */
export function ArticleCard({ post }: { post: PostView }) {
  return (
    <article className="relative flex h-full flex-col gap-3 rounded-xl border border-border bg-background p-5 shadow-sm focus-within:ring-2 focus-within:ring-ring">
      {post.picture && (
        <div
          className="-mx-5 -mt-5 mb-2 overflow-hidden rounded-t-xl bg-muted"
          // Markup the server wrote from the médiathèque's record (pictureHtml, alternative text escaped).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: see the comment above.
          dangerouslySetInnerHTML={{ __html: post.picture }}
        />
      )}
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <Badge variant="secondary">{post.category || DEFAULT_ARTICLE_CATEGORY}</Badge>
        <span>{post.readMinutes} min de lecture</span>
      </div>
      <h3 className="text-lg font-semibold">
        {post.slug ? (
          <Link
            to={`/ressources/article/${post.slug}`}
            className="after:absolute after:inset-0 focus:outline-none"
          >
            {post.title}
          </Link>
        ) : (
          post.title
        )}
      </h3>
      {post.excerpt && <p className="text-sm text-muted-foreground">{post.excerpt}</p>}
      <p className="mt-auto text-xs text-muted-foreground">
        Par Équipe
        {post.createdAt && (
          <>
            {" · "}
            <time dateTime={isoDate(post.createdAt)}>{formatDate(post.createdAt)}</time>
          </>
        )}
      </p>
    </article>
  );
}
