// 'Publier' as the console's Publication screen posts it: an edit of a published record is a draft
// until then (features/publishing).
import * as publication from "~/routes/admin/publication";
import { bodyOf, formRequest, routeArgs, type TestApp } from "./runtime";

export async function publishDraft(t: TestApp, cookie: string, kind: string, id: string) {
  const url = `/admin/publication/${kind}/${id}`;
  const result = await publication.action(
    routeArgs(t, formRequest(url, { intent: "publish", kind, id }, cookie), { kind, id }),
  );
  const body = await bodyOf(result);
  if (!body.ok) throw new Error(`publish ${kind} ${id}: ${JSON.stringify(body)}`);
}
