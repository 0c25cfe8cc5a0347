import { can, ROLE_LABELS } from "~/features/accounts";
import { userAction, usersPage } from "~/features/accounts/index.server";
import { loadConsoleList } from "~/platform/console/list-loader.server";
import { NO_PAGE } from "~/platform/console/paging.server";
import { formatDate } from "~/platform/dates";
import { Badge } from "~/ui/badge";
import { cn } from "~/ui/cn";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { ActionsCell, ListTable, shownFrom } from "~/ui/console/list-table";
import { PageHeader } from "~/ui/console/page-header";
import { countedTitle, Pagination } from "~/ui/console/pagination";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { Select } from "~/ui/input";
import { Td, Tr } from "~/ui/table";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "Utilisateurs | Console d'administration" }];

export function loader(args: Route.LoaderArgs) {
  return loadConsoleList(args, {
    rows: "users",
    permission: "users:read",
    what: "utilisateurs",
    read: (db, _filters, page) => usersPage(db, page),
    empty: NO_PAGE,
    also: (_app, { user, role }) => ({ canEdit: can(role, "users:manage"), currentUserId: user.id }),
  });
}

export const action = userAction;

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, page, canEdit, currentUserId, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const fetcher = useAdminFetcher();
  return (
    <>
      <PageHeader
        title={countedTitle("Utilisateurs", page, loadError)}
        description={
          canEdit
            ? "Attribuez ou retirez les rôles d'administrateur et de modérateur."
            : "Seul un administrateur peut modifier les rôles."
        }
      />
      <ListTable
        columns={[
          "Nom",
          { label: "E-mail", from: "sm" },
          { label: "Vérifié", from: "md" },
          { label: "Inscrit le", from: "lg" },
        ]}
        actions="Rôle"
        items={users}
        empty="Aucun utilisateur trouvé"
        loadError={loadError}
      >
        {(u) => {
          const name = [u.firstName, u.lastName].filter(Boolean).join(" ") || "—";
          const pending =
            fetcher.state !== "idle" && fetcher.formData?.get("userId") === u.id
              ? String(fetcher.formData.get("role"))
              : null;
          return (
            <Tr key={u.id}>
              <Td className="font-medium">
                {name}
                {u.id === currentUserId ? (
                  <span className="ml-1 text-xs text-muted-foreground">(vous)</span>
                ) : null}
              </Td>
              <Td className={cn("[overflow-wrap:anywhere]", shownFrom("sm"))}>{u.email}</Td>
              <Td className={shownFrom("md")}>
                <Badge variant={u.emailVerified ? "success" : "outline"}>
                  {u.emailVerified ? "Oui" : "Non"}
                </Badge>
              </Td>
              <Td className={cn("whitespace-nowrap", shownFrom("lg"))}>{formatDate(u.createdAt)}</Td>
              <ActionsCell>
                {canEdit ? (
                  <>
                    <label htmlFor={`role-${u.id}`} className="sr-only">
                      Rôle de {u.email}
                    </label>
                    <Select
                      id={`role-${u.id}`}
                      className="h-8 w-44 py-0"
                      value={pending ?? u.role ?? "none"}
                      onChange={(e) =>
                        fetcher.submit(
                          { intent: "role", userId: u.id, role: e.target.value },
                          { method: "post" },
                        )
                      }
                    >
                      <option value="none">Aucun rôle</option>
                      <option value="moderator">{ROLE_LABELS.moderator}</option>
                      <option value="admin">{ROLE_LABELS.admin}</option>
                    </Select>
                  </>
                ) : u.role ? (
                  <Badge variant={u.role === "admin" ? "default" : "secondary"}>{ROLE_LABELS[u.role]}</Badge>
                ) : (
                  <span className="text-muted-foreground">Aucun rôle</span>
                )}
              </ActionsCell>
            </Tr>
          );
        }}
      </ListTable>
      <Pagination page={page} />
    </>
  );
}
