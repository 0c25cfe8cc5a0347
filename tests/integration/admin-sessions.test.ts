// Staff manage a formation's sessions: validation, seats and applications per session, and a
// session with applications can be closed but never deleted.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/features/audit/schema.server";
import { formationSessions } from "~/features/catalogue/schema.server";
import * as sessionsRoute from "~/routes/admin/formation-sessions";
import * as formationsRoute from "~/routes/admin/formations";
import { DRIVER } from "../support/db";
import { makeApplication } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

let formationId: string;
const path = () => `/admin/formations/${formationId}/sessions`;

const t = setUpTestApp();
const admin = setUpSignedIn(t, "moderator");
beforeAll(async () => {
  const [row] = await t.app.database.query<{ id: string }>(
    "select id from formations where slug = 'bac-pro-logistique'",
  );
  formationId = row?.id ?? "";
});

const post = (fields: Record<string, string>) =>
  Promise.resolve(
    sessionsRoute.action(routeArgs(t, formRequest(path(), fields, admin.cookie), { id: formationId })),
  );

const session = (over: Record<string, string> = {}) => ({
  intent: "create",
  formationId,
  startDate: "2027-06-07",
  endDate: "2027-12-17",
  mode: "hybride",
  place: "Paris 11e",
  rhythm: "1 semaine sur 2",
  seats: "2",
  applicationDeadline: "2027-05-31",
  ...over,
});

async function addApplication(
  sessionId: string,
  status: Parameters<typeof makeApplication>[1]["status"] = "received",
) {
  await makeApplication(t.app.db, {
    sessionId,
    firstName: "Léo",
    lastName: "Petit",
    email: "leo@example.test",
    phone: "0600000000",
    situation: "salarie",
    financing: "cpf",
    status,
  });
}

describe(`formation sessions on ${DRIVER}`, () => {
  it("lists the seeded sessions with seats taken and applications", async () => {
    const data = await bodyOf(
      await sessionsRoute.loader(routeArgs(t, getRequest(path(), admin.cookie), { id: formationId })),
    );
    const sessions = data.sessions as {
      seats: number;
      taken: number;
      applications: number;
      status: string;
    }[];
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ seats: 12, taken: 0, applications: 0, status: "open" });
  });

  it("answers 404 for an unknown formation", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    await expect(
      sessionsRoute.loader(
        routeArgs(t, getRequest(`/admin/formations/${unknown}/sessions`, admin.cookie), { id: unknown }),
      ),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("refuses bad dates, seats and deadline with French messages", async () => {
    const result = await post(
      session({ endDate: "2027-01-01", seats: "0", applicationDeadline: "2027-07-01", place: " " }),
    );
    expect(statusOf(result)).toBe(400);
    expect((await bodyOf(result)).errors).toMatchObject({
      endDate: "La fin doit suivre le début de la session",
      seats: "Au moins une place",
      place: "Indiquez le lieu (une adresse ou « En ligne »)",
    });
  });

  it("creates, edits and closes a session; its status follows seats and the switch; all audited", async () => {
    expect(await bodyOf(await post(session()))).toMatchObject({
      ok: true,
      toast: { title: "Session créée avec succès" },
    });
    const [created] = await t.app.db
      .select()
      .from(formationSessions)
      .where(eq(formationSessions.startDate, "2027-06-07"));
    expect(created).toMatchObject({
      mode: "hybride",
      seats: 2,
      applicationDeadline: "2027-05-31",
      closed: false,
    });
    await addApplication(created?.id ?? "", "admitted");
    const load = async () =>
      (
        (
          await bodyOf(
            await sessionsRoute.loader(routeArgs(t, getRequest(path(), admin.cookie), { id: formationId })),
          )
        ).sessions as { id: string; status: string; taken: number; applications: number }[]
      ).find((s) => s.id === created?.id);
    expect(await load()).toMatchObject({ status: "last_seats", taken: 1, applications: 1 });

    await post(session({ intent: "update", id: created?.id ?? "", closed: "on" }));
    expect(await load()).toMatchObject({ status: "closed" });
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, created?.id ?? ""));
    expect(audit.map((a) => a.action).sort()).toEqual(["create", "update"]);
  });

  it("deletes a session without applications, refuses one with applications, and the formation with them", async () => {
    await post(session({ startDate: "2027-08-02", endDate: "2027-08-20", applicationDeadline: "" }));
    const [free] = await t.app.db
      .select()
      .from(formationSessions)
      .where(eq(formationSessions.startDate, "2027-08-02"));
    expect(await bodyOf(await post({ intent: "delete", id: free?.id ?? "" }))).toMatchObject({ ok: true });

    const [used] = await t.app.db
      .select()
      .from(formationSessions)
      .where(eq(formationSessions.startDate, "2027-06-07"));
    const refused = await post({ intent: "delete", id: used?.id ?? "" });
    expect(statusOf(refused)).toBe(400);
    expect((await bodyOf(refused)).toast).toMatchObject({
      description: "Cette session a des candidatures : elle ne peut pas être supprimée, seulement clôturée.",
    });
    expect(
      await t.app.db
        .select()
        .from(formationSessions)
        .where(eq(formationSessions.id, used?.id ?? "")),
    ).toHaveLength(1);

    const formation = await formationsRoute.action(
      routeArgs(t, formRequest("/admin/formations", { intent: "delete", id: formationId }, admin.cookie)),
    );
    expect(statusOf(formation)).toBe(400);
    expect((await bodyOf(formation)).toast).toMatchObject({
      description: "Cette formation a reçu des candidatures : désactivez-la plutôt.",
    });
  });
});
