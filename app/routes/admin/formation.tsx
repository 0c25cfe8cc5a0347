import { data, useLocation } from "react-router";
import { requirePermission } from "~/features/accounts/index.server";
import { FormationEditor } from "~/features/catalogue";
import { formationAction, formationForEditor } from "~/features/catalogue/index.server";
import { MediaPicker } from "~/features/media";
import { loadOr } from "~/platform/console/action.server";
import { entityId } from "~/platform/form-schema";
import { BackLink } from "~/ui/console/back-link";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import type { Route } from "./+types/formation";

/** The address of a new formation's editor: /admin/formations/nouvelle. */
export const NEW_FORMATION = "nouvelle";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.formation ? loaderData.formation.title : "Nouvelle formation"} | Formations | Console d'administration`,
  },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app } = context;
  await requirePermission({ request, context }, "console:access");
  if (params.id === NEW_FORMATION) return { formation: null, loadError: null };
  const id = entityId.safeParse(params.id);
  if (!id.success) throw data("Formation introuvable", { status: 404 });
  const { value, loadError } = await loadOr(
    app,
    "formations",
    () => formationForEditor(app.db, id.data),
    null,
  );
  if (!value && !loadError) throw data("Formation introuvable", { status: 404 });
  return { formation: value, loadError };
}

export const action = formationAction;

/** The list the editor was opened from (its search and filters), where it goes back once saved. */
function useBack(): string {
  const state: unknown = useLocation().state;
  const search = state && typeof state === "object" && "search" in state ? String(state.search) : "";
  return `/admin/formations${search.startsWith("?") ? search : ""}`;
}

export default function AdminFormation({ loaderData }: Route.ComponentProps) {
  const { formation, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const back = useBack();
  return (
    <>
      <BackLink to={back} className="mb-4">
        Toutes les formations
      </BackLink>
      {loadError ? null : (
        // Another formation's editor starts from its own record (key): fields never carry another's.
        <FormationEditor
          key={formation?.id ?? NEW_FORMATION}
          formation={formation}
          back={back}
          imagePicker={(field) => <MediaPicker {...field} />}
        />
      )}
    </>
  );
}
