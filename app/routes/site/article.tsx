import { ArrowLeft, Clock } from "lucide-react";
import { data, Link } from "react-router";
import { draftArticle, getPublishedPost } from "~/features/articles/index.server";
import { mediaFacts, openGraphImage, pictureHtml } from "~/features/media/index.server";
import { wantsPreview } from "~/features/publishing/index.server";
import { formatDate, isoDate } from "~/platform/dates";
import { readingMinutes, renderMarkdown } from "~/platform/markdown";
import { pageTitle, publicUrlFrom, seo, siteNameFrom } from "~/platform/seo";
import { Badge } from "~/ui/badge";
import { ButtonLink } from "~/ui/button";
import type { Route } from "./+types/article";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const slug = params.slug.toLowerCase();
  // 'Aperçu' (staff only): the same page, fed the draft.
  const post = (await wantsPreview({ request, context }))
    ? await draftArticle(context.app.db, slug)
    : await getPublishedPost(context.app.db, slug);
  // Unknown and unpublished posts are the same to a visitor: not found.
  if (!post) return data({ article: null }, { status: 404 });
  const image = await mediaFacts(context.app.db, post.imageId);
  // Rendered here, so markdown-it never reaches the browser for this page.
  return {
    article: {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      category: post.category,
      // The page's largest picture: fetched first, never lazily.
      picture:
        image &&
        pictureHtml(image, {
          sizes: "(min-width: 768px) 736px, calc(100vw - 2rem)",
          className: "aspect-[3/2] w-full rounded-xl object-cover",
          priority: true,
        }),
      openGraph: image ? openGraphImage(image, context.app.config.publicUrl) : [],
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
      readMinutes: readingMinutes(post.content),
      html: renderMarkdown(post.content),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const article = loaderData?.article;
  if (!article) {
    return [...pageTitle(matches, "Article introuvable"), { name: "robots", content: "noindex" }];
  }
  const base = publicUrlFrom(matches);
  return seo(matches, {
    title: article.title,
    description: article.excerpt ?? article.title,
    path: `/ressources/article/${article.slug}`,
    type: "article",
    more: article.openGraph,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: article.title,
      description: article.excerpt ?? undefined,
      datePublished: isoDate(article.createdAt),
      dateModified: isoDate(article.updatedAt),
      inLanguage: "fr",
      articleSection: article.category ?? undefined,
      image: article.openGraph[0]?.content,
      author: { "@type": "Organization", name: `Équipe ${siteNameFrom(matches)}` },
      publisher: { "@type": "EducationalOrganization", name: siteNameFrom(matches), url: base || undefined },
      mainEntityOfPage: `${base}/ressources/article/${article.slug}`,
    },
  });
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  if (!article) {
    return (
      <main id="contenu" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Article introuvable</h1>
        <p className="text-muted-foreground">Cet article n'existe pas ou n'est plus publié.</p>
        <ButtonLink to="/ressources">Retour aux ressources</ButtonLink>
      </main>
    );
  }
  return (
    <main id="contenu" className="mx-auto max-w-3xl px-4 py-12">
      <Link to="/ressources" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Retour aux ressources
      </Link>
      <article className="mt-6">
        <header>
          <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            {article.category && <Badge variant="secondary">{article.category}</Badge>}
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="h-4 w-4" /> {article.readMinutes} min de lecture
            </span>
          </div>
          <h1 className="mt-4 text-4xl font-bold tracking-tight">{article.title}</h1>
          <p className="mt-3 text-sm text-muted-foreground">
            Par Équipe · Publié le{" "}
            <time dateTime={isoDate(article.createdAt)}>{formatDate(article.createdAt)}</time>
          </p>
        </header>
        {article.picture && (
          <div
            className="mt-8"
            // Markup the server wrote from the médiathèque's record (pictureHtml, alternative text escaped).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: see the comment above.
            dangerouslySetInnerHTML={{ __html: article.picture }}
          />
        )}
        <div
          className="prose-article mt-8"
          // Safe: rendered by markdown-it with html: false (app/platform/markdown.ts), so raw HTML is escaped.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: see the comment above.
          dangerouslySetInnerHTML={{ __html: article.html }}
        />
      </article>
    </main>
  );
}
