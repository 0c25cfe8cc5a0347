import { useState } from "react";
import { useCan } from "~/features/accounts";
import { ARTICLE_FIELD_LABELS } from "~/features/articles/article-entity";
import type { AdminArticle } from "~/features/articles/console-articles.server";
import { ScheduleFields, scheduleFieldValue } from "~/features/publishing";
import { renderMarkdown } from "~/platform/markdown";
import { FormDialog, TitleSlugFields, useTitleSlug } from "~/ui/console/form-dialog";
import {
  ConsoleFields,
  type ImagePickerSlot,
  rowValues,
  SwitchField,
  TextAreaField,
} from "~/ui/console/form-fields";

const F = "article";

/**
 * 'Nouvel article' / 'Modifier l'article', with a live preview rendered and styled exactly as the public
 * page does (same renderer, same `prose-article` styles).
 */
export function ArticleDialog({
  post,
  onDone,
  imagePicker,
}: {
  post: AdminArticle | null;
  onDone: () => void;
  imagePicker: ImagePickerSlot;
}) {
  const titleSlug = useTitleSlug(post);
  const canPublish = useCan("content:publish");
  const [content, setContent] = useState(post?.content ?? "");
  const [published, setPublished] = useState(post?.published ?? false);

  const values = {
    ...rowValues(post),
    publishAt: scheduleFieldValue(post?.publishAt),
    unpublishAt: scheduleFieldValue(post?.unpublishAt),
  };
  return (
    <FormDialog
      form={F}
      values={values}
      id={post?.id ?? null}
      title={post ? "Modifier l'article" : "Nouvel article"}
      description="Le titre et le contenu sont obligatoires."
      className="max-w-5xl"
      ready={Boolean(titleSlug.title.trim() && content.trim())}
      onDone={onDone}
      // A published article: the edit is a draft, or published at once by who may publish.
      submitLabel={post?.published ? "Enregistrer le brouillon" : undefined}
      alsoSubmit={post?.published && canPublish ? { name: "publish", value: "true", label: "Publier" } : null}
    >
      {(common) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TitleSlugFields fields={common} state={titleSlug} />
            <ConsoleFields
              {...common}
              fields={[
                { name: "category", label: ARTICLE_FIELD_LABELS.category, list: "article-categories" },
              ]}
            />
            {imagePicker({
              form: common.form,
              name: "imageId",
              label: ARTICLE_FIELD_LABELS.imageId,
              value: post?.imageId ?? null,
              error: common.errors?.imageId,
            })}
            <datalist id="article-categories">
              <option value="Reconversion" />
              <option value="Alternance" />
              <option value="Financement" />
            </datalist>
          </div>
          <ConsoleFields
            {...common}
            fields={[{ as: "textarea", name: "excerpt", label: ARTICLE_FIELD_LABELS.excerpt }]}
          />
          <div className="grid gap-4 lg:grid-cols-2">
            <TextAreaField
              form={common.form}
              errors={common.errors}
              name="content"
              label={ARTICLE_FIELD_LABELS.content}
              required
              className="min-h-[320px] font-mono text-sm"
              value={content}
              onChange={(e) => setContent(e.target.value)}
            />
            <section aria-labelledby="preview-title" className="space-y-2">
              <h3 id="preview-title" className="text-sm font-medium">
                Aperçu
              </h3>
              <div
                data-testid="markdown-preview"
                className="prose-article min-h-[320px] overflow-auto rounded-md border border-border bg-muted/30 p-4"
                // renderMarkdown escapes raw HTML (html: false), so this is the same safe HTML the public page shows.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: output of markdown-it with html disabled.
                dangerouslySetInnerHTML={{ __html: renderMarkdown(content) }}
              />
            </section>
          </div>
          <SwitchField
            form={F}
            name="published"
            label={ARTICLE_FIELD_LABELS.published}
            checked={published}
            onCheckedChange={setPublished}
          />
          <ScheduleFields {...common} what={post?.published ? "Le brouillon" : "L'article"} />
        </>
      )}
    </FormDialog>
  );
}
