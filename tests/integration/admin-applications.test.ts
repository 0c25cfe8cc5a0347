// The Candidatures console (read-only): an application sent through the public form is listed,
// filtered by session, read with every answer, and its CV downloads for staff only, as an
// attachment the browser may not sniff.
import { beforeAll, describe, expect, it } from "vitest";
import * as detailsRoute from "~/routes/admin/application";
import * as fileRoute from "~/routes/admin/application-file";
import * as listRoute from "~/routes/admin/applications";
import { applicationRequest, candidateFields, postApplication } from "../support/candidate";
import { DRIVER } from "../support/db";
import { pdf } from "../support/documents";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, getRequest, routeArgs } from "../support/runtime";

const SLUG = "tp-assistant-ressources-humaines";
const t = setUpTestApp({ FORM_RATE_LIMIT: "0" });
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);
let sessionId: string;
let otherSessionId: string;
let applicationId: string;
const cvBytes = pdf();

beforeAll(async () => {
  const sessions = await t.app.database.query<{ id: string }>(
    `select s.id from formation_sessions s join formations f on f.id = s.formation_id
     where f.slug = $1 order by s.start_date`,
    [SLUG],
  );
  sessionId = sessions[0]?.id ?? "";
  otherSessionId = sessions[1]?.id ?? "";
  const fields = candidateFields(sessionId, { accommodation: "Accès en fauteuil roulant" });
  const cv = { name: 'CV Inès "final".pdf', bytes: cvBytes, type: "application/pdf" };
  await postApplication(t, applicationRequest(SLUG, fields, { cv }), SLUG);
  const [row] = await t.app.database.query<{ id: string }>("select id from applications");
  applicationId = row?.id ?? "";
}, 180_000);

type ListData = Awaited<ReturnType<typeof listRoute.loader>>;
const list = async (search: string, cookie = moderator.cookie) =>
  (await bodyOf(
    await listRoute.loader(routeArgs(t, getRequest(`/admin/candidatures${search}`, cookie))),
  )) as unknown as ListData;

async function download(cookie?: string, fileId?: string) {
  const [file] = await t.app.database.query<{ id: string }>("select id from application_files");
  const url = `/admin/candidatures/${applicationId}/fichiers/${fileId ?? file?.id}`;
  try {
    return await fileRoute.loader(
      routeArgs(t, getRequest(url, cookie), { id: applicationId, fileId: fileId ?? file?.id ?? "" }),
    );
  } catch (thrown) {
    return thrown as Response;
  }
}

describe(`the Candidatures console on ${DRIVER}`, () => {
  it("lists the application sent through the public form, with its counters", async () => {
    expect(applicationId).not.toBe("");
    const data = await list("");
    expect(data.loadError).toBeNull();
    expect(data.page.total).toBe(1);
    expect(data.applications[0]).toMatchObject({
      id: applicationId,
      firstName: "Inès",
      lastName: "Durand",
      status: "received",
      financing: "cpf",
    });
    expect(data.counts?.received).toBe(1);
    expect(data.choices.sessions.some((s) => s.id === sessionId)).toBe(true);
  });

  it("filters by session and status from the URL", async () => {
    expect((await list(`?session=${sessionId}`)).page.total).toBe(1);
    expect((await list(`?session=${otherSessionId}`)).page.total).toBe(0);
    expect((await list("?statut=refused")).page.total).toBe(0);
    expect((await list("?statut=received&q=durand")).page.total).toBe(1);
    // A session id that is not one is ignored, not a 500.
    expect((await list("?session=pas-un-id")).page.total).toBe(1);
  });

  it("shows every answer, the files and the history on the details page", async () => {
    const data = await bodyOf(
      await detailsRoute.loader(
        routeArgs(t, getRequest(`/admin/candidatures/${applicationId}`, moderator.cookie), {
          id: applicationId,
        }),
      ),
    );
    expect(data.application).toMatchObject({
      email: "ines.durand@example.test",
      phone: "06 12 34 56 78",
      situation: "demandeur_emploi",
      financing: "cpf",
      lastDiploma: "Bac STMG",
      motivation: "Je souhaite me reconvertir dans les ressources humaines.",
      accommodation: "Accès en fauteuil roulant",
    });
    expect(data.files).toEqual([expect.objectContaining({ kind: "cv", mimeType: "application/pdf" })]);
    expect(data.events).toEqual([expect.objectContaining({ kind: "created", body: "Candidature reçue" })]);
  });

  it("answers 404 for an unknown application", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "pas-un-id"]) {
      await expect(
        detailsRoute.loader(routeArgs(t, getRequest(`/admin/candidatures/${id}`, moderator.cookie), { id })),
      ).rejects.toMatchObject({ init: { status: 404 } });
    }
  });

  it("downloads the CV as an attachment, never sniffed nor cached", async () => {
    const response = await download(moderator.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const disposition = response.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^attachment; filename="CV Ines _final\.pdf"; filename\*=UTF-8''/);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent("CV Inès _final.pdf")}`);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(cvBytes);
    expect((await download(moderator.cookie, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("refuses the download to an anonymous visitor and to a user without a staff role", async () => {
    const anonymous = await download();
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth/);
    expect((await download(roleless.cookie)).status).toBe(403);
  });
});
