import { randomUUID } from "node:crypto";
import * as apply from "~/routes/site/apply";
import { pdf } from "./documents";
import { BASE_URL, routeArgs, type TestApp } from "./runtime";

/** The candidate the integration tests apply as: every field of the public form, valid. */
export function candidateFields(sessionId: string, overrides: Record<string, string> = {}) {
  return {
    session: sessionId,
    firstName: "Inès",
    lastName: "Durand",
    email: "ines.durand@example.test",
    phone: "06 12 34 56 78",
    situation: "demandeur_emploi",
    financing: "cpf",
    lastDiploma: "Bac STMG",
    motivation: "Je souhaite me reconvertir dans les ressources humaines.",
    consent: "on",
    ...overrides,
  };
}

export interface Upload {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/** The multipart POST the public form sends to /formation/{slug}/candidature. */
export function applicationRequest(
  slug: string,
  fields: Record<string, string>,
  files: Record<string, Upload | undefined> = {},
): Request {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [k, f] of Object.entries(files)) {
    if (f) {
      form.set(
        k,
        new File([new Uint8Array(f.bytes)], f.name, { type: f.type ?? "application/octet-stream" }),
      );
    }
  }
  return new Request(`${BASE_URL}/formation/${slug}/candidature`, {
    method: "POST",
    headers: { origin: BASE_URL },
    body: form,
  });
}

/** The page's action on `request`: its answer, or the redirect it throws. */
export async function postApplication(t: TestApp, request: Request, slug: string): Promise<unknown> {
  try {
    return await apply.action(routeArgs(t, request, { slug }));
  } catch (thrown) {
    return thrown;
  }
}

/**
 * Applies through the public form's action, with a CV, as a candidate of their own (a new e-mail
 * address unless `overrides` gives one), and answers the application's id: the console's tests
 * start from what a real candidate sends.
 */
export async function submitApplication(
  t: TestApp,
  slug: string,
  sessionId: string,
  overrides: Record<string, string> = {},
): Promise<string> {
  const fields = candidateFields(sessionId, { email: `candidat-${randomUUID()}@example.test`, ...overrides });
  const request = applicationRequest(slug, fields, {
    cv: { name: "CV.pdf", bytes: pdf(), type: "application/pdf" },
  });
  await postApplication(t, request, slug);
  const [row] = await t.app.database.query<{ id: string }>(
    "select id from applications where email = $1 order by created_at desc limit 1",
    [fields.email],
  );
  if (!row) throw new Error("the application was not stored");
  return row.id;
}
