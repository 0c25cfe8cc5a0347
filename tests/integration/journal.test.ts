// Journal d'activité: the audit log, for administrators, filtered by person, kind of record and date.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatIsoDay } from "~/lib/paris-time";
import * as formationsRoute from "~/routes/admin/formations";
import * as journal from "~/routes/admin/journal";
import { DRIVER } from "../support/db";
import {
  bodyOf,
  createTestApp,
  formRequest,
  getRequest,
  routeArgs,
  signedInUser,
  type TestApp,
} from "../support/runtime";

let t: TestApp;
let admin: { cookie: string; email: string };
let moderator: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: "admin" });
  moderator = await signedInUser(t, { role: "moderator" });
});
afterAll(async () => {
  await t?.close();
});

const read = async (search: string, cookie = admin.cookie) => {
  const result = await journal.loader(routeArgs(t, getRequest(`/admin/journal${search}`, cookie)));
  return bodyOf(result) as Promise<{
    total: number;
    entries: { entity: string; actorEmail: string }[];
    actors: string[];
  }>;
};

describe(`journal d'activité on ${DRIVER}`, () => {
  it("lists who changed which record, filtered by person, kind and day", async () => {
    const created = await formationsRoute.action(
      routeArgs(
        t,
        formRequest(
          "/admin/formations",
          {
            intent: "create",
            title: "Gestion de paie",
            formationType: "courte",
            duration: "2 mois",
            levelRequired: "Bac",
            description: "Paie et déclarations.",
            active: "true",
          },
          admin.cookie,
        ),
      ),
    );
    expect(await bodyOf(created)).toMatchObject({ ok: true });

    const all = await read("");
    expect(all.total).toBe(1);
    expect(all.entries[0]).toMatchObject({ action: "create", entity: "formation", actorEmail: admin.email });
    expect(all.actors).toEqual([admin.email]);

    const today = formatIsoDay(new Date());
    expect(
      (await read(`?personne=${encodeURIComponent(admin.email)}&type=formation&du=${today}&au=${today}`))
        .total,
    ).toBe(1);
    expect((await read("?type=blog_post")).total).toBe(0);
    expect((await read("?personne=quelqu.un@example.test")).total).toBe(0);
    expect((await read("?du=2099-01-01")).total).toBe(0);
    expect((await read("?au=2000-01-01")).total).toBe(0);
    // Unreadable filters are ignored rather than failing.
    expect((await read("?du=hier&type=inconnu&page=-3")).total).toBe(1);
  });

  it("is for administrators only", async () => {
    const refused = await journal
      .loader(routeArgs(t, getRequest("/admin/journal", moderator.cookie)))
      .catch((e) => e);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
  });
});
