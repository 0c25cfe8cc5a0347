// Statistiques: every figure computed in SQL from known requests, status changes, applications and
// e-mails; the status history written by the console's status change; the screen and its CSVs
// refused to anonymous and role-less visitors.
import { beforeAll, describe, expect, it } from "vitest";
import { storeRequest } from "~/features/leads/contact.server";
import { statistics } from "~/features/statistics/statistics.server";
import * as contactsRoute from "~/routes/admin/contacts";
import * as statisticsRoute from "~/routes/admin/statistics";
import * as csvRoute from "~/routes/admin/statistics-csv";
import { DRIVER } from "../support/db";
import {
  makeApplication,
  makeContactRequest,
  makeContactStatusChange,
  makeMails,
} from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

/** A Wednesday, 11:00 in Paris: the 'now' the figures are computed at. */
const NOW = new Date("2031-03-18T10:00:00Z");

type ContactStatus = Parameters<typeof makeContactStatusChange>[1]["toStatus"];

async function request(values: {
  source: string;
  formation: string | null;
  at: string;
  status: ContactStatus;
  callback?: boolean;
}): Promise<string> {
  const row = await makeContactRequest(t.app.db, {
    firstName: "Léa",
    lastName: "Martin",
    phone: "0612345678",
    source: values.source,
    formationInterest: values.formation,
    createdAt: new Date(values.at),
    status: values.status,
    callbackRequested: values.callback ?? false,
  });
  return row.id;
}

async function change(id: string, from: ContactStatus, to: ContactStatus, at: string) {
  await makeContactStatusChange(t.app.db, {
    contactRequestId: id,
    fromStatus: from,
    toStatus: to,
    createdAt: new Date(at),
  });
}

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");
const none = setUpSignedIn(t, null);
beforeAll(async () => {
  // Week of Monday 10 March 2031 (Paris).
  const a = await request({
    source: "contact_form",
    formation: "Assistant RH",
    at: "2031-03-10T09:00:00Z",
    status: "contacted",
  });
  await change(a, "new", "contacted", "2031-03-10T11:00:00Z"); // 2 h
  const b = await request({
    source: "callback_home_hero",
    formation: "Assistant RH",
    at: "2031-03-11T08:00:00Z",
    status: "converted",
    callback: true,
  });
  await change(b, "new", "contacted", "2031-03-11T12:00:00Z"); // 4 h
  await change(b, "contacted", "converted", "2031-03-12T09:00:00Z");
  const c = await request({
    source: "contact_form",
    formation: "Comptable",
    at: "2031-03-12T10:00:00Z",
    status: "closed",
  });
  await change(c, "new", "closed", "2031-03-12T20:00:00Z"); // 10 h
  // A callback nobody answered for four days.
  await request({
    source: "callback_course_page",
    formation: null,
    at: "2031-03-14T09:00:00Z",
    status: "new",
    callback: true,
  });
  // Sunday 23:30 UTC is Monday 00:30 in Paris: the week of 17 March. Under 48 h old.
  await request({
    source: "callback_course_page",
    formation: "Comptable",
    at: "2031-03-16T23:30:00Z",
    status: "new",
    callback: true,
  });
  // Only within 12 months.
  await request({
    source: "contact_form",
    formation: "Comptable",
    at: "2030-11-01T10:00:00Z",
    status: "new",
  });

  const [session] = await t.app.database.query<{ id: string; title: string; start: string }>(
    `select s.id, f.title, to_char(s.start_date, 'YYYY-MM-DD') as start
     from formation_sessions s join formations f on f.id = s.formation_id order by s.start_date, f.title limit 1`,
  );
  for (const status of ["received", "received", "admitted"] as const) {
    await makeApplication(t.app.db, {
      sessionId: session?.id ?? "",
      firstName: "Noé",
      lastName: "Durand",
      email: "noe@example.test",
      phone: "0612345679",
      situation: "salarie",
      financing: "cpf",
      status,
      createdAt: new Date("2031-03-05T10:00:00Z"),
    });
  }
  sessionLabel = session ? `${session.title} — ` : "";

  // The sign-up e-mails of the accounts above count as delivered: only these four are known.
  await t.app.database.query("update mail_outbox set sent_at = created_at where sent_at is null");
  const mail = (kind: string, to: string, at: string, sentAt: string | null, lastError: string | null) => ({
    kind,
    to,
    subject: "s",
    text: "t",
    html: "h",
    createdAt: new Date(at),
    sentAt: sentAt === null ? null : new Date(sentAt),
    lastError,
  });
  await makeMails(t.app.db, [
    mail("contact_notification", "equipe@centre.test", "2031-03-10T09:00:00Z", "2031-03-10T09:00:05Z", null),
    mail("contact_notification", "equipe@centre.test", "2031-03-11T08:00:00Z", "2031-03-11T08:00:05Z", null),
    mail("contact_confirmation", "lea@example.test", "2031-03-16T10:00:00Z", null, "Connexion refusée"),
    mail("contact_confirmation", "lea@example.test", "2031-03-18T09:00:00Z", null, null),
  ]);
});

let sessionLabel = "";

const chartOf = (data: Awaited<ReturnType<typeof statistics>>, id: string) => {
  const chart = data.charts.find((c) => c.id === id);
  if (!chart) throw new Error(`no chart ${id}`);
  return chart;
};

describe(`statistics on ${DRIVER}`, () => {
  it("counts the requests per Paris week and source, per formation, the funnel, the delay and the callbacks", async () => {
    const data = await statistics(t.app.db, "12-semaines", NOW);
    expect(data.startDay).toBe("2030-12-30");
    expect(data.endDay).toBe("2031-03-18");
    // The screen's 'Chiffres à jour à 11:00:00' comes from the clock the figures were computed at.
    expect(data.computedAt).toBe(NOW.toISOString());

    const bySource = chartOf(data, "demandes-par-source");
    expect(bySource.rows).toHaveLength(12);
    expect(bySource.columns).toEqual([
      "Semaine",
      // Most requests first; a tie in the order of the source's name.
      "Rappel – page formation",
      "Formulaire de contact",
      "Rappel – accueil",
      "Total",
    ]);
    expect(bySource.rows.at(-2)).toEqual(["Semaine du 10 mars 2031", "1", "2", "1", "4"]);
    expect(bySource.rows.at(-1)).toEqual(["Semaine du 17 mars 2031", "1", "0", "0", "1"]);
    expect(bySource.rows[0]).toEqual(["Semaine du 30 déc. 2030", "0", "0", "0", "0"]);

    expect(chartOf(data, "demandes-par-formation").rows).toEqual([
      ["Assistant RH", "2", "40\u202f%"],
      ["Comptable", "2", "40\u202f%"],
      ["Non précisée", "1", "20\u202f%"],
    ]);

    expect(chartOf(data, "entonnoir").rows).toEqual([
      ["Reçues", "5", "100\u202f%"],
      ["Contactées", "2", "40\u202f%"],
      ["Converties", "1", "20\u202f%"],
    ]);

    // Median of 2 h, 4 h and 10 h from creation to the first change out of 'new'.
    expect(data.figures.medianDelay).toBe("4 h");
    expect(chartOf(data, "delai-premier-contact").rows.at(-2)).toEqual(["Semaine du 10 mars 2031", "3", "4"]);
    expect(chartOf(data, "delai-premier-contact").rows.at(-1)).toEqual(["Semaine du 17 mars 2031", "0", "—"]);

    expect(data.figures).toMatchObject({ received: 5, conversionRate: "20\u202f%", waitingCallbacks: 1 });
    expect(chartOf(data, "rappels").rows.at(-2)).toEqual(["Semaine du 10 mars 2031", "2", "1"]);
    expect(chartOf(data, "rappels").rows.at(-1)).toEqual(["Semaine du 17 mars 2031", "1", "0"]);
  });

  it("counts applications per session and status, and the e-mails' delivery", async () => {
    const data = await statistics(t.app.db, "12-semaines", NOW);
    const applications = chartOf(data, "candidatures");
    expect(applications.columns).toEqual(["Session", "Reçue", "Admis·e", "Total"]);
    expect(applications.rows).toHaveLength(1);
    expect(applications.rows[0]?.[0]).toContain(sessionLabel);
    expect(applications.rows[0]?.slice(1)).toEqual(["2", "1", "3"]);

    expect(chartOf(data, "e-mails").rows).toEqual([
      ["Accusé de réception (visiteur)", "0", "1", "1"],
      ["Nouvelle demande (équipe)", "2", "0", "0"],
    ]);
    expect(data.figures.failingMails).toBe(1);
    expect(data.figures.oldestWaitingMail).toEqual({ since: "2031-03-16T10:00:00Z", hours: 48 });
  });

  it("agrees its counts the French way: singular below 2", async () => {
    // The only request of November 2030, still 'Nouvelle'.
    const november = await statistics(t.app.db, "30-jours", new Date("2030-11-20T10:00:00Z"));
    const text = chartOf(november, "entonnoir").description;
    expect(text).toContain("Sur 1 demande reçue, 0 a été contactée");
    expect(text).toContain("0 convertie");
    expect(text).toContain("1 est encore");
  });

  it("follows the period: 30 days per week, 12 months per month", async () => {
    const days = await statistics(t.app.db, "30-jours", NOW);
    expect(days.startDay).toBe("2031-02-17");
    expect(chartOf(days, "demandes-par-source").rows.map((r) => r[0])).toEqual([
      "Semaine du 17 févr. 2031",
      "Semaine du 24 févr. 2031",
      "Semaine du 3 mars 2031",
      "Semaine du 10 mars 2031",
      "Semaine du 17 mars 2031",
    ]);
    const months = await statistics(t.app.db, "12-mois", NOW);
    const bySource = chartOf(months, "demandes-par-source");
    expect(bySource.columns[0]).toBe("Mois");
    expect(bySource.rows).toHaveLength(12);
    expect(bySource.rows[0]?.[0]).toBe("avril 2030");
    expect(bySource.rows.find((r) => r[0] === "novembre 2030")?.at(-1)).toBe("1");
    expect(bySource.rows.at(-1)?.at(-1)).toBe("5");
    expect(months.figures.received).toBe(6);
  });

  it("the screen and each chart's CSV answer staff with statistics:read, in the URL's period", async () => {
    const page = await bodyOf(
      await statisticsRoute.loader(
        routeArgs(t, getRequest("/admin/statistiques?periode=12-mois", moderator.cookie)),
      ),
    );
    expect(page).toMatchObject({ period: "12-mois", loadError: null });
    expect((page.charts as unknown[]).length).toBe(8);

    const csv = (await csvRoute.loader(
      routeArgs(t, getRequest("/admin/statistiques/entonnoir.csv?periode=12-mois", moderator.cookie), {
        graphique: "entonnoir",
      }),
    )) as Response;
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="statistiques-entonnoir-12-mois-/,
    );
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split("\r\n")[0]).toBe("Étape;Demandes;Part des demandes reçues");

    const unknown = (await csvRoute.loader(
      routeArgs(t, getRequest("/admin/statistiques/inconnu.csv", admin.cookie), { graphique: "inconnu" }),
    )) as Response;
    expect(unknown.status).toBe(404);
  });

  it.each([
    ["the screen", () => statisticsRoute.loader, "/admin/statistiques"],
    ["a CSV", () => csvRoute.loader, "/admin/statistiques/entonnoir.csv"],
    ["the published results' CSV", () => csvRoute.loader, "/admin/statistiques/resultats-publies.csv"],
  ] as const)("%s: anonymous → /auth, no role → 403", async (_, loader, url) => {
    const graphique = /([\w-]+)\.csv$/.exec(url)?.[1] ?? "";
    const call = (cookie?: string) => loader()(routeArgs(t, getRequest(url, cookie), { graphique }));
    await expect(call()).rejects.toMatchObject({ status: 302 });
    await expect(call(none.cookie)).rejects.toMatchObject({ status: 403 });
  });

  it("the console's status change writes the history in its transaction: from, to, who, when", async () => {
    const id = await storeRequest(
      t.app,
      {
        firstName: "Inès",
        lastName: "Petit",
        email: "ines@example.test",
        phone: "0612345670",
        message: "Bonjour",
      },
      "message",
    );
    const post = (status: string) =>
      contactsRoute.action(
        routeArgs(t, formRequest("/admin/contacts", { intent: "status", id, status }, admin.cookie)),
      );
    expect(statusOf(await post("contacted"))).toBe(200);
    expect(statusOf(await post("contacted"))).toBe(200); // no change: no history line
    expect(statusOf(await post("converted"))).toBe(200);
    const history = await t.app.database.query<{
      from_status: string;
      to_status: string;
      actor_email: string;
    }>(
      "select from_status, to_status, actor_email from contact_status_changes where contact_request_id = $1 order by created_at",
      [id],
    );
    expect(history).toEqual([
      { from_status: "new", to_status: "contacted", actor_email: admin.email },
      { from_status: "contacted", to_status: "converted", actor_email: admin.email },
    ]);
    // A request that is gone takes its history with it; a refused change writes nothing.
    const missing = await contactsRoute.action(
      routeArgs(
        t,
        formRequest(
          "/admin/contacts",
          { intent: "status", id: "00000000-0000-4000-8000-000000000000", status: "closed" },
          admin.cookie,
        ),
      ),
    );
    expect(statusOf(missing)).toBe(400);
    const [{ n } = { n: -1 }] = await t.app.database.query<{ n: number }>(
      "select count(*)::int as n from contact_status_changes where contact_request_id = $1",
      [id],
    );
    expect(n).toBe(2);
  });
});
