import { requirePermission } from "~/features/accounts/index.server";
import { articleVersions } from "~/features/articles/index.server";
import { formationVersions } from "~/features/catalogue/index.server";
import { isPageId, pageDefinition } from "~/features/pages";
import { pageVersions } from "~/features/pages/index.server";
import { PublicationScreen } from "~/features/publishing";
import { type ConsoleKind, publicationAction, publicationLoader } from "~/features/publishing/index.server";
import type { Route } from "./+types/publication";

/** The records the Publication screen serves, by the URL's :kind. */
const KINDS: Readonly<Record<string, ConsoleKind>> = {
  article: {
    kind: articleVersions,
    list: { href: "/admin/articles", label: "Articles" },
    publicPath: (live) => `/ressources/article/${String(live.slug)}`,
  },
  formation: {
    kind: formationVersions,
    list: { href: "/admin/formations", label: "Formations" },
    publicPath: (live) => `/formation/${String(live.slug)}`,
  },
  page: {
    kind: pageVersions,
    list: { href: "/admin/pages", label: "Pages" },
    publicPath: (_live, id) => (isPageId(id) ? pageDefinition(id).path : "/"),
    idPattern: /^[a-z-]{1,40}$/,
  },
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Publication : ${loaderData?.title ?? ""} | Console d'administration` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "console:access");
  return publicationLoader(KINDS, { request, context, params });
}

export const action = publicationAction(KINDS);

export default function AdminPublication({ loaderData, params }: Route.ComponentProps) {
  return <PublicationScreen kind={params.kind} screen={loaderData} />;
}
