import { Link } from "react-router";
import { DeniedControl, useCan } from "~/features/accounts";
import { formatDateTime } from "~/platform/paris-time";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { PageHeader } from "~/ui/console/page-header";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import type { PublicationScreen as Screen } from "../console-publication.server";
import { scheduleFieldValue } from "../schedule";
import { PublicationBadge } from "./publication-badge";
import { ScheduleFields } from "./schedule-fields";

const PUBLISHERS_ONLY = "Réservé aux administrateurs";

type AdminFetcher = ReturnType<typeof useAdminFetcher>;

/**
 * One action button posting `intent` for the record; shown inert to a role that may not publish.
 * It posts through the screen's fetcher: 'Publier' and 'Abandonner le brouillon' go away with the
 * draft, and the console's live refresh may remove them before the answer comes back, so the
 * fetcher that shows the answer's toast lives in the screen, not in the button.
 */
function IntentButton({
  fetcher,
  kind,
  screen,
  intent,
  label,
  variant,
  extra,
}: {
  fetcher: AdminFetcher;
  kind: string;
  screen: Screen;
  intent: string;
  label: string;
  variant?: "outline" | "destructive";
  extra?: Record<string, string>;
}) {
  const allowed = useCan("content:publish");
  if (!allowed) {
    return (
      <DeniedControl reason={PUBLISHERS_ONLY} className={buttonClass(variant ?? "default", "sm")}>
        {label}
      </DeniedControl>
    );
  }
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={screen.id} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" size="sm" variant={variant} disabled={fetcher.state !== "idle"}>
        {label}
      </Button>
    </fetcher.Form>
  );
}

function ScheduleForm({ kind, screen }: { kind: string; screen: Screen }) {
  const fetcher = useAdminFetcher();
  const allowed = useCan("content:publish");
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined;
  return (
    <fetcher.Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="schedule" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={screen.id} />
      <ScheduleFields
        form="publication"
        errors={errors}
        values={{
          publishAt: scheduleFieldValue(screen.publishAt),
          unpublishAt: scheduleFieldValue(screen.unpublishAt),
        }}
        what={screen.published ? "Le brouillon" : "L'élément"}
        unpublish={!screen.permanent}
      />
      {screen.permanent ? (
        <p className="text-sm text-muted-foreground">
          Pas de « Dépublier le » : une page reste toujours en ligne, le site ne la montre jamais vide.
        </p>
      ) : null}
      {allowed ? (
        <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
          Programmer
        </Button>
      ) : (
        <DeniedControl reason={PUBLISHERS_ONLY} className={buttonClass("outline", "sm")}>
          Programmer
        </DeniedControl>
      )}
    </fetcher.Form>
  );
}

/**
 * The 'Publication' screen of a formation, an article or a page: state, 'Aperçu', 'Publier',
 * the pending changes, 'Programmer', and 'Historique' with 'Restaurer'.
 */
export function PublicationScreen({ kind, screen }: { kind: string; screen: Screen }) {
  const canPublish = screen.draft !== null || !screen.published;
  const fetcher = useAdminFetcher();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={screen.list.href} className="text-primary underline">
          {screen.list.label}
        </Link>
      </p>
      <PageHeader
        title={`Publication : ${screen.title}`}
        description="Les visiteurs voient la version publiée ; un brouillon ne paraît qu'une fois publié."
        actions={
          <a href={screen.preview} target="_blank" rel="noreferrer" className={buttonClass("outline", "sm")}>
            Aperçu
          </a>
        }
      />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>État</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <PublicationBadge row={{ ...screen, hasDraft: screen.draft !== null }} />
            {screen.draft ? (
              <div className="text-sm">
                <p>
                  Brouillon enregistré le {formatDateTime(screen.draft.savedAt)}
                  {screen.draft.authorEmail ? ` par ${screen.draft.authorEmail}` : ""}. Modifications en
                  attente :
                </p>
                <ul className="mt-1 list-disc pl-5 text-muted-foreground">
                  {screen.draft.changes.length ? (
                    screen.draft.changes.map((c) => <li key={c}>{c}</li>)
                  ) : (
                    <li>aucune différence avec la version en ligne</li>
                  )}
                </ul>
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {canPublish ? (
                <IntentButton
                  fetcher={fetcher}
                  kind={kind}
                  screen={screen}
                  intent="publish"
                  label="Publier"
                />
              ) : null}
              {screen.published && !screen.permanent ? (
                <IntentButton
                  fetcher={fetcher}
                  kind={kind}
                  screen={screen}
                  intent="unpublish"
                  label="Dépublier"
                  variant="outline"
                />
              ) : null}
              {screen.draft ? (
                <IntentButton
                  fetcher={fetcher}
                  kind={kind}
                  screen={screen}
                  intent="discard"
                  label="Abandonner le brouillon"
                  variant="destructive"
                />
              ) : null}
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Programmer</CardTitle>
          </CardHeader>
          <CardContent>
            <ScheduleForm kind={kind} screen={screen} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Historique</CardTitle>
          </CardHeader>
          <CardContent>
            {screen.versions.length === 0 ? (
              <p className="text-sm text-muted-foreground">Aucune version publiée pour l'instant.</p>
            ) : (
              <ol className="grid gap-4" aria-label="Versions publiées">
                {screen.versions.map((v) => (
                  <li key={v.version} className="rounded-lg border border-border p-4 text-sm">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="font-medium">
                        Version {v.version} : « {v.title} »{v.current ? " (en ligne)" : ""}
                      </p>
                      <IntentButton
                        fetcher={fetcher}
                        kind={kind}
                        screen={screen}
                        intent="restore"
                        label={`Restaurer la version ${v.version}`}
                        variant="outline"
                        extra={{ version: String(v.version) }}
                      />
                    </div>
                    <p className="text-muted-foreground">
                      Publiée le {formatDateTime(v.savedAt)} par{" "}
                      {v.authorEmail ?? "le serveur (programmée ou reprise)"}
                    </p>
                    {v.changes === null ? (
                      <p className="text-muted-foreground">Première version conservée.</p>
                    ) : (
                      <ul className="mt-1 list-disc pl-5 text-muted-foreground">
                        {v.changes.length ? (
                          v.changes.map((c) => <li key={c}>{c}</li>)
                        ) : (
                          <li>aucune modification</li>
                        )}
                      </ul>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
