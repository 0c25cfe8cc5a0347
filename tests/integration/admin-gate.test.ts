// Every console loader and action refuses anonymous visitors (redirect to /auth) and signed-in
// users without a staff role (403), and changes nothing when it refuses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as blog from "~/routes/admin/blog";
import * as contacts from "~/routes/admin/contacts";
import * as contactsExport from "~/routes/admin/contacts-export";
import * as dashboard from "~/routes/admin/dashboard";
import * as formations from "~/routes/admin/formations";
import * as layout from "~/routes/admin/layout";
import * as notFound from "~/routes/admin/not-found";
import * as placeholder from "~/routes/admin/placeholder";
import * as testimonials from "~/routes/admin/testimonials";
import * as users from "~/routes/admin/users";
import { storeRequest } from "~/server/contact.server";
import { DRIVER } from "../support/db";
import {
  createTestApp,
  formRequest,
  getRequest,
  routeArgs,
  signedInUser,
  type TestApp,
} from "../support/runtime";

let t: TestApp;
let noRole: string;
let ids: { formation: string; post: string; testimonial: string; request: string; admin: string };

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: "direction@centre.test", ADMIN_PASSWORD: "mot-de-passe-admin" });
  noRole = (await signedInUser(t, { role: null })).cookie;
  const [[formation], [post], [testimonial], [admin]] = await Promise.all([
    t.app.database.query<{ id: string }>("select id from formations limit 1"),
    t.app.database.query<{ id: string }>("select id from blog_posts limit 1"),
    t.app.database.query<{ id: string }>("select id from testimonials limit 1"),
    t.app.database.query<{ id: string }>("select user_id as id from user_roles where role = 'admin'"),
  ]);
  const request = await storeRequest(
    t.app,
    {
      firstName: "Léa",
      lastName: "Martin",
      email: "lea@example.test",
      phone: "0612345678",
      message: "Bonjour",
    },
    "message",
  );
  ids = {
    formation: formation?.id ?? "",
    post: post?.id ?? "",
    testimonial: testimonial?.id ?? "",
    request,
    admin: admin?.id ?? "",
  };
});
afterAll(async () => {
  await t?.close();
});

/** Everything a refused call could have touched. */
async function snapshot() {
  const tables = [
    "formations",
    "formation_aliases",
    "blog_posts",
    "testimonials",
    "contact_requests",
    "mail_outbox",
    "user_roles",
    "audit_log",
  ];
  const out: Record<string, unknown> = {};
  for (const table of tables) {
    out[table] = await t.app.database.query(`select * from ${table} order by 1`);
  }
  return out;
}

type Call = (request: Request) => Promise<unknown>;
const loaders: [string, string, Call][] = [
  ["layout", "/admin", (r) => layout.loader(routeArgs(t, r))],
  ["dashboard", "/admin", (r) => dashboard.loader(routeArgs(t, r))],
  ["formations", "/admin/formations", (r) => formations.loader(routeArgs(t, r))],
  ["blog", "/admin/blog", (r) => blog.loader(routeArgs(t, r))],
  ["contacts", "/admin/contacts", (r) => contacts.loader(routeArgs(t, r))],
  ["contacts export", "/admin/contacts/export.csv", (r) => contactsExport.loader(routeArgs(t, r))],
  ["testimonials", "/admin/testimonials", (r) => testimonials.loader(routeArgs(t, r))],
  ["users", "/admin/users", (r) => users.loader(routeArgs(t, r))],
  ["placeholder", "/admin/statistics", (r) => placeholder.loader(routeArgs(t, r))],
  ["not found", "/admin/nope", (r) => notFound.loader(routeArgs(t, r))],
];

const actions: [string, string, () => Record<string, string>, Call][] = [
  [
    "formations create",
    "/admin/formations",
    () => ({
      intent: "create",
      title: "Intrus",
      duration: "1 mois",
      levelRequired: "Aucun",
      description: "x",
      formationType: "courte",
    }),
    (r) => formations.action(routeArgs(t, r)),
  ],
  [
    "formations delete",
    "/admin/formations",
    () => ({ intent: "delete", id: ids.formation }),
    (r) => formations.action(routeArgs(t, r)),
  ],
  [
    "blog create",
    "/admin/blog",
    () => ({ intent: "create", title: "Intrus", content: "x" }),
    (r) => blog.action(routeArgs(t, r)),
  ],
  [
    "blog delete",
    "/admin/blog",
    () => ({ intent: "delete", id: ids.post }),
    (r) => blog.action(routeArgs(t, r)),
  ],
  [
    "contacts status",
    "/admin/contacts",
    () => ({ intent: "status", id: ids.request, status: "closed" }),
    (r) => contacts.action(routeArgs(t, r)),
  ],
  [
    "contacts erase",
    "/admin/contacts",
    () => ({ intent: "erase", id: ids.request }),
    (r) => contacts.action(routeArgs(t, r)),
  ],
  [
    "testimonials create",
    "/admin/testimonials",
    () => ({ intent: "create", name: "Intrus", content: "x", rating: "5" }),
    (r) => testimonials.action(routeArgs(t, r)),
  ],
  [
    "testimonials delete",
    "/admin/testimonials",
    () => ({ intent: "delete", id: ids.testimonial }),
    (r) => testimonials.action(routeArgs(t, r)),
  ],
  [
    "users role",
    "/admin/users",
    () => ({ intent: "role", userId: ids.admin, role: "none" }),
    (r) => users.action(routeArgs(t, r)),
  ],
];

describe(`console gate on ${DRIVER}`, () => {
  it.each(loaders)("loader %s: anonymous → /auth, no role → 403", async (_name, path, call) => {
    await expect(call(getRequest(path))).rejects.toSatisfy((thrown: unknown) => {
      const response = thrown as Response;
      return (
        response.status === 302 &&
        response.headers.get("location") === `/auth?redirectTo=${encodeURIComponent(path)}`
      );
    });
    await expect(call(getRequest(path, noRole))).rejects.toMatchObject({ status: 403 });
  });

  it.each(actions)(
    "action %s: anonymous → /auth, no role → 403, nothing changed",
    async (_name, path, fields, call) => {
      const before = await snapshot();
      await expect(call(formRequest(path, fields()))).rejects.toMatchObject({ status: 302 });
      await expect(call(formRequest(path, fields(), noRole))).rejects.toMatchObject({ status: 403 });
      expect(await snapshot()).toEqual(before);
    },
  );
});
