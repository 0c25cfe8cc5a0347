import { Form, useNavigation } from "react-router";
import { requirePermission } from "~/features/accounts/index.server";
import { sessionChoices } from "~/features/catalogue/index.server";
import { IMPORT_MAX_ROWS, LEARNER_CATEGORY_LABELS } from "~/features/learners";
import { type ImportAnswer, learnerImportAction } from "~/features/learners/index.server";
import { loadOr } from "~/platform/console/action.server";
import { entityId } from "~/platform/form-schema";
import { plural } from "~/platform/plural";
import { megabytesLabel, REQUEST_LIMITS } from "~/platform/request-limits";
import { Button } from "~/ui/button";
import { BackLink } from "~/ui/console/back-link";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import { FormAlert, SelectField, TextField } from "~/ui/field";
import { Table, TBody, Td, THead, Th, Tr } from "~/ui/table";
import type { Route } from "./+types/learners-import";

export const meta: Route.MetaFunction = () => [
  { title: "Importer des stagiaires | Console d'administration" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "learners:write");
  const { app } = context;
  const asked = new URL(request.url).searchParams.get("session");
  const { value, loadError } = await loadOr(app, "sessions", () => sessionChoices(app.db), {
    formations: [],
    sessions: [],
  });
  return {
    sessions: value.sessions,
    session: asked && entityId.safeParse(asked).success ? asked : null,
    loadError,
  };
}

export const action = learnerImportAction;

const F = "import";

export default function AdminLearnersImport({ loaderData, actionData }: Route.ComponentProps) {
  const { sessions, session, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const answer = actionData as ImportAnswer | undefined;
  const preview = answer?.preview;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const sessionId = preview?.sessionId ?? session ?? "";
  const sessionLabel = sessions.find((s) => s.id === sessionId)?.label;
  return (
    <>
      <BackLink to={`/admin/stagiaires${sessionId ? `?session=${sessionId}` : ""}`} className="mb-4">
        Stagiaires
      </BackLink>
      <PageHeader
        title="Importer des stagiaires"
        description="Un fichier CSV, une ligne par stagiaire : vérifié en entier avant l'import, qui se fait en une fois ou pas du tout"
      />
      <Form
        method="post"
        encType="multipart/form-data"
        className="max-w-2xl space-y-4"
        aria-label="Fichier à importer"
      >
        <input type="hidden" name="intent" value="preview" />
        {answer && !answer.ok && !preview ? <FormAlert message={answer.toast} /> : null}
        <SelectField
          form={F}
          name="sessionId"
          label="Session"
          required
          errors={answer?.errors}
          defaultValue={sessionId}
          options={[
            { value: "", label: "Choisissez une session" },
            ...sessions.map((s) => ({ value: s.id, label: s.label })),
          ]}
        />
        <TextField
          form={F}
          name="file"
          label="Fichier CSV"
          required
          type="file"
          accept=".csv,text/csv"
          errors={answer?.errors}
          hint={`La première ligne nomme les colonnes : Prénom ; Nom ; E-mail ; Entreprise et Type de stagiaire (facultatives : salarié·e, apprenti·e, demandeur·euse d'emploi, particulier ou autre). Séparateur point-virgule ou virgule, ${IMPORT_MAX_ROWS} lignes et ${megabytesLabel(REQUEST_LIMITS.learnerImportBytes)} au plus.`}
        />
        <Button type="submit" disabled={busy}>
          {busy && navigation.formData?.get("intent") === "preview" ? "Lecture..." : "Prévisualiser"}
        </Button>
      </Form>
      {preview ? (
        <section aria-labelledby="preview-title" className="mt-8 space-y-4">
          <h2 id="preview-title" className="text-lg font-semibold">
            Aperçu{sessionLabel ? ` – ${sessionLabel}` : ""}
          </h2>
          {preview.problems.length ? (
            <div
              role="alert"
              className="rounded-md border border-destructive bg-destructive/10 p-4 text-sm"
              data-testid="import-problems"
            >
              <p className="font-semibold">
                {plural(preview.problems.length, "erreur")} : rien n'a été importé. Corrigez le fichier et
                envoyez-le de nouveau.
              </p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {preview.problems.map((p) => (
                  <li key={`${p.line}-${p.message}`}>
                    {p.line === null ? p.message : `Ligne ${p.line} : ${p.message}`}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <Form method="post" encType="multipart/form-data" className="space-y-4">
              <input type="hidden" name="intent" value="import" />
              <input type="hidden" name="sessionId" value={preview.sessionId} />
              <input type="hidden" name="text" value={preview.text} />
              <p>{plural(preview.rows.length, "stagiaire")} prêt·es à être importé·es.</p>
              <Button type="submit" disabled={busy}>
                {busy ? "Import..." : `Importer ${plural(preview.rows.length, "stagiaire")}`}
              </Button>
            </Form>
          )}
          {preview.rows.length ? (
            <div className="overflow-x-auto">
              <Table>
                <THead>
                  <Tr>
                    <Th>Ligne</Th>
                    <Th>Prénom</Th>
                    <Th>Nom</Th>
                    <Th>E-mail</Th>
                    <Th>Entreprise</Th>
                    <Th>Type de stagiaire</Th>
                  </Tr>
                </THead>
                <TBody>
                  {preview.rows.map((r) => (
                    <Tr key={r.line}>
                      <Td>{r.line}</Td>
                      <Td>{r.firstName}</Td>
                      <Td>{r.lastName}</Td>
                      <Td>{r.email}</Td>
                      <Td>{r.company ?? ""}</Td>
                      <Td>{r.traineeCategory ? LEARNER_CATEGORY_LABELS[r.traineeCategory] : ""}</Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
