// Stagiaires: an admitted application becomes a learner of its session in the admission's
// transaction (once; undone while nothing was recorded), staff add and edit learners, the CSV import
// stores every row or none, the export and erasure are for administrators, and learners of sessions
// past the retention period are anonymised.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { listUpcomingSessions } from "~/features/catalogue/index.server";
import { anonymiseExpiredLearners } from "~/features/learners/index.server";
import { addDays } from "~/platform/dates";
import * as detailsRoute from "~/routes/admin/application";
import * as auditRoute from "~/routes/admin/audit";
import * as sessionsRoute from "~/routes/admin/formation-sessions";
import * as listRoute from "~/routes/admin/learners";
import * as exportRoute from "~/routes/admin/learners-export";
import * as importRoute from "~/routes/admin/learners-import";
import { makeFundingPlan, makeIssuedInvoice, makePayer } from "../support/billing";
import { submitApplication } from "../support/candidate";
import { DRIVER } from "../support/db";
import { makeFormation, makeLearner, makeSession, uniqueTag } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { queriesOn } from "../support/query";
import { BASE_URL, bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const SLUG = "tp-assistant-ressources-humaines";
const t = setUpTestApp({ FORM_RATE_LIMIT: "0" });
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");

const { rows } = queriesOn(t);

async function sessionIds(slug = SLUG): Promise<string[]> {
  return (
    await rows<{ id: string }>(
      `select s.id from formation_sessions s join formations f on f.id = s.formation_id
       where f.slug = $1 order by s.start_date`,
      [slug],
    )
  ).map((r) => r.id);
}

/** Runs a route's action as a browser would post it; a refusal thrown by the gate is returned. */
async function call(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

const setStatus = (id: string, status: string) =>
  call(() =>
    detailsRoute.action(
      routeArgs(
        t,
        formRequest(`/admin/candidatures/${id}`, { intent: "status", id, status }, moderator.cookie),
        {
          id,
        },
      ),
    ),
  );

const learnerAct = (fields: Record<string, string>, cookie = moderator.cookie) =>
  call(() => listRoute.action(routeArgs(t, formRequest("/admin/stagiaires", fields, cookie))));

function multipart(fields: Record<string, string | File>, cookie: string): Request {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return new Request(`${BASE_URL}/admin/stagiaires/import`, {
    method: "POST",
    headers: { cookie, origin: BASE_URL },
    body,
  });
}

const importAct = (fields: Record<string, string | File>, cookie = moderator.cookie) =>
  call(() => importRoute.action(routeArgs(t, multipart(fields, cookie))));

const learnersOf = (sessionId: string) =>
  rows<{ id: string; email: string; status: string; origin: string; application_id: string | null }>(
    "select id, email, status, origin, application_id from learners where session_id = $1 order by email",
    [sessionId],
  );

describe(`admissions make learners on ${DRIVER}`, () => {
  it("admitting makes one learner of the session, in the same transaction; undoing before the training removes it", async () => {
    const [session = ""] = await sessionIds();
    const id = await submitApplication(t, SLUG, session, { firstName: "Awa", email: "awa@example.test" });
    expect(await learnersOf(session)).toEqual([]);
    expect(statusOf(await setStatus(id, "admitted"))).toBe(200);
    const [learner] = await learnersOf(session);
    expect(learner).toMatchObject({
      email: "awa@example.test",
      status: "enrolled",
      origin: "admission",
      application_id: id,
    });
    const [audit] = await rows<{ details: { title: string } }>(
      "select details from audit_log where entity = 'learner' and entity_id = $1 and action = 'create'",
      [learner?.id],
    );
    expect(audit?.details.title).toMatch(/session du .* \(stagiaire, réf\. [0-9a-f]{8}\)$/);
    expect(JSON.stringify(audit)).not.toContain("awa@example.test");

    // The Journal keeps only a reference, and names the learner when it shows the entry: by name
    // while the record has one, 'stagiaire anonymisé·e' once the retention period has erased it.
    const shown = async () => {
      const page = (await bodyOf(
        await auditRoute.loader(routeArgs(t, getRequest("/admin/journal", admin.cookie))),
      )) as { entries: { entity: string; entityId: string; record: { name: string } }[] };
      return page.entries.find((e) => e.entity === "learner" && e.entityId === learner?.id)?.record.name;
    };
    expect(await shown()).toMatch(/session du .* \(Awa Durand\)$/);
    await rows(
      "update learners set first_name = null, last_name = null, anonymised_at = now() where id = $1",
      [learner?.id],
    );
    expect(await shown()).toMatch(/session du .* \(stagiaire anonymisé·e\)$/);

    // Back to 'En cours d'étude' before the start: the learner goes, the audit says why.
    expect(statusOf(await setStatus(id, "reviewing"))).toBe(200);
    expect(await learnersOf(session)).toEqual([]);
    // Admitted again: one learner again, never two.
    expect(statusOf(await setStatus(id, "admitted"))).toBe(200);
    expect(await learnersOf(session)).toHaveLength(1);
  });

  it("a learner whose training has started stays when the admission is undone", async () => {
    const [, session = ""] = await sessionIds();
    const id = await submitApplication(t, SLUG, session, { firstName: "Bilal", email: "bilal@example.test" });
    await setStatus(id, "admitted");
    const [learner] = await learnersOf(session);
    const update = await learnerAct({
      intent: "update",
      id: learner?.id ?? "",
      firstName: "Bilal",
      lastName: "Benali",
      email: "bilal@example.test",
      company: "Transports Rhône",
      status: "in_training",
    });
    expect(statusOf(update)).toBe(200);
    expect(statusOf(await setStatus(id, "withdrawn"))).toBe(200);
    expect(await learnersOf(session)).toMatchObject([
      { id: learner?.id, status: "in_training", application_id: id },
    ]);
  });

  it("admitting someone staff already added to the session links them instead of doubling them", async () => {
    const [session = ""] = await sessionIds();
    const created = await learnerAct({
      intent: "create",
      sessionId: session,
      firstName: "Chloé",
      lastName: "Dupont",
      email: "Chloe@Example.test",
    });
    expect(statusOf(created)).toBe(200);
    const id = await submitApplication(t, SLUG, session, { firstName: "Chloé", email: "chloe@example.test" });
    await setStatus(id, "admitted");
    const chloe = (await learnersOf(session)).filter((l) => l.email.toLowerCase() === "chloe@example.test");
    expect(chloe).toMatchObject([{ origin: "manual", application_id: id }]);
  });
});

describe(`the Stagiaires screen on ${DRIVER}`, () => {
  it("lists learners under the filters; a second learner with the same e-mail in the session is refused in French", async () => {
    const [session = ""] = await sessionIds();
    const fields = {
      intent: "create",
      sessionId: session,
      firstName: "Dan",
      lastName: "Roux",
      email: "dan@example.test",
    };
    expect(statusOf(await learnerAct(fields))).toBe(200);
    const again = await learnerAct({ ...fields, email: "DAN@example.test" });
    expect(statusOf(again)).toBe(400);
    expect((await bodyOf(again)).errors).toEqual({
      email: "Cette adresse e-mail est déjà celle d'un·e stagiaire de cette session.",
    });
    const page = await bodyOf(
      await listRoute.loader(
        routeArgs(t, getRequest(`/admin/stagiaires?session=${session}&q=roux`, moderator.cookie)),
      ),
    );
    // A failed read shows as its French error over an empty list: say so rather than an empty result.
    expect(page.loadError).toBeNull();
    expect((page.learners as { email: string }[]).map((l) => l.email)).toEqual(["dan@example.test"]);
  });

  it("an abandon needs its date; a certification outcome only where the formation leads to one", async () => {
    const [session = ""] = await sessionIds();
    const [dan] = (await learnersOf(session)).filter((l) => l.email === "dan@example.test");
    const base = {
      intent: "update",
      id: dan?.id ?? "",
      firstName: "Dan",
      lastName: "Roux",
      email: "dan@example.test",
    };
    const noDate = await learnerAct({ ...base, status: "dropped_out" });
    expect((await bodyOf(noDate)).errors).toEqual({ abandonedOn: "Indiquez la date de l'abandon" });
    const [certifying] = await rows<{ certifying: boolean }>(
      "select f.certifying from formations f where f.slug = $1",
      [SLUG],
    );
    const outcome = await learnerAct({ ...base, status: "completed", certification: "certified" });
    if (certifying?.certifying) {
      expect(statusOf(outcome)).toBe(200);
    } else {
      expect((await bodyOf(outcome)).errors).toEqual({
        certification: "Cette formation ne mène pas à une certification : laissez ce champ vide.",
      });
    }
    const abandon = await learnerAct({ ...base, status: "dropped_out", abandonedOn: "2027-02-03" });
    expect(statusOf(abandon)).toBe(200);
    const [row] = await rows<{ status: string; abandoned_on: string }>(
      "select status, abandoned_on::text from learners where id = $1",
      [dan?.id],
    );
    expect(row).toEqual({ status: "dropped_out", abandoned_on: "2027-02-03" });
  });

  it("export and erasure: a moderator is refused (403), an administrator exports the CSV and erases a learner", async () => {
    const [session = ""] = await sessionIds();
    const url = `/admin/stagiaires/export.csv?session=${session}`;
    await expect(exportRoute.loader(routeArgs(t, getRequest(url, moderator.cookie)))).rejects.toMatchObject({
      status: 403,
    });
    const csv = (await exportRoute.loader(routeArgs(t, getRequest(url, admin.cookie)))) as Response;
    const bytes = Buffer.from(await csv.arrayBuffer());
    // UTF-8 with its byte-order mark, for French Excel.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(
      text.startsWith("Formation;Début de session;Fin de session;Prénom;Nom;E-mail;Entreprise;Statut"),
    ).toBe(true);
    expect(text).toContain("Dan;Roux;dan@example.test;;Abandon;03/02/2027");
    const [dan] = (await learnersOf(session)).filter((l) => l.email === "dan@example.test");
    const erase = { intent: "erase", id: dan?.id ?? "" };
    expect(await learnerAct(erase)).toMatchObject({ status: 403 });
    expect(statusOf(await learnerAct(erase, admin.cookie))).toBe(200);
    expect((await learnersOf(session)).map((l) => l.email)).not.toContain("dan@example.test");
    const [entry] = await rows<{ details: unknown }>(
      "select details from audit_log where entity = 'learner' and action = 'erase' and entity_id = $1",
      [dan?.id],
    );
    expect(JSON.stringify(entry?.details)).not.toMatch(/Dan|Roux|dan@/);
  });
});

describe(`erasure of a learner billing keeps records about on ${DRIVER}`, () => {
  it("anonymises, in French, a learner with a funding plan and an issued invoice, which stays as issued", async () => {
    // A session of its own: the retention test below counts the seeded sessions' learners.
    const formation = await makeFormation(t.app.db);
    const session = await makeSession(t.app.db, {
      formationId: formation.id,
      startDate: "2027-01-11",
      endDate: "2027-03-26",
    });
    const learner = await makeLearner(t.app.db, {
      sessionId: session.id,
      firstName: "Inès",
      lastName: "Garnier",
      email: `ines-${uniqueTag()}@example.test`,
    });
    const payer = await makePayer(t.app.db);
    await makeFundingPlan(t.app.db, learner.id, 200_000, [{ payerId: payer.id, amountCents: 200_000 }]);
    const number = `F-T-${uniqueTag()}`;
    const issued = await makeIssuedInvoice(t.app.db, {
      payerId: payer.id,
      learnerId: learner.id,
      learnerName: "Inès Garnier",
      number,
      sequenceKey: number,
      sequenceNumber: 1,
      issuedOn: "2027-03-03",
      dueOn: "2027-04-02",
    });
    const answer = await learnerAct({ intent: "erase", id: learner.id }, admin.cookie);
    expect(statusOf(answer)).toBe(200);
    expect(await bodyOf(answer)).toMatchObject({
      ok: true,
      toast: {
        title: "Stagiaire anonymisé·e",
        description: `Ce ou cette stagiaire a un plan de financement ou une facture\u00a0: son plan de financement, la facture ${number} du 3 mars 2027. Ses données personnelles sont effacées et sa fiche reste, anonyme, pour ces pièces\u202f; une facture émise se conserve dix ans telle qu'elle a été émise, avec le nom imprimé.`,
      },
    });
    const [kept] = await rows<{
      first_name: string | null;
      email: string | null;
      anonymised_at: Date | null;
    }>("select first_name, email, anonymised_at from learners where id = $1", [learner.id]);
    expect(kept).toMatchObject({ first_name: null, email: null });
    expect(kept?.anonymised_at).not.toBeNull();
    // The invoice is untouched: same row, the name it printed.
    const [invoice] = await rows<{ learner_name: string; updated_at: Date }>(
      "select learner_name, updated_at from invoices where id = $1",
      [issued.id],
    );
    expect(invoice).toEqual({ learner_name: "Inès Garnier", updated_at: issued.updatedAt });
    const [entry] = await rows<{ details: unknown }>(
      "select details from audit_log where entity = 'learner' and action = 'erase' and entity_id = $1",
      [learner.id],
    );
    expect(JSON.stringify(entry?.details)).not.toMatch(/Inès|Garnier|ines-/);
  });

  it("deletes a learner billing does not name", async () => {
    const [session = ""] = await sessionIds();
    const learner = await makeLearner(t.app.db, {
      sessionId: session,
      firstName: "Jules",
      lastName: "Blanc",
    });
    const answer = await learnerAct({ intent: "erase", id: learner.id }, admin.cookie);
    expect(await bodyOf(answer)).toMatchObject({ ok: true, toast: { title: "Stagiaire effacé·e" } });
    expect(await rows("select id from learners where id = $1", [learner.id])).toEqual([]);
  });
});

const csvFile = (text: string, name = "stagiaires.csv") => new File([text], name, { type: "text/csv" });

describe(`CSV import on ${DRIVER}`, () => {
  const GOOD =
    "\uFEFFPrénom;Nom;E-mail;Entreprise\r\nEva;Martin;eva@example.test;Boulangerie Martin\r\nFarid;Haddad;farid@example.test;\r\n";

  it("a file with one bad row is refused with that row's French error, and nothing is imported, preview or not", async () => {
    const [, , session = ""] = await sessionIds();
    const before = await learnersOf(session);
    const audits = await rows("select id from audit_log where entity = 'learner'");
    const bad = `${GOOD}Gaëlle;Petit;gaelle-at-example.test;\r\n"Hugo";"Lenoir";"hugo@example.test";"Garage ""Lenoir"""\r\n`;
    const preview = await importAct({ intent: "preview", sessionId: session, file: csvFile(bad) });
    expect(statusOf(preview)).toBe(200);
    const answer = (await bodyOf(preview)) as {
      ok: boolean;
      preview: { rows: unknown[]; problems: unknown[] };
    };
    expect(answer.ok).toBe(false);
    expect(answer.preview.problems).toEqual([{ line: 4, message: "E-mail : Adresse e-mail invalide" }]);
    expect(answer.preview.rows).toHaveLength(3);
    // Posting 'Importer' with that text anyway (a forged form): refused, nothing stored.
    const forced = await importAct({ intent: "import", sessionId: session, text: bad });
    expect(statusOf(forced)).toBe(400);
    expect(await learnersOf(session)).toEqual(before);
    expect(await rows("select id from audit_log where entity = 'learner'")).toEqual(audits);
  });

  it("a good file is previewed, then imported whole with one audit entry; sent again, every row is already there", async () => {
    const [, , session = ""] = await sessionIds();
    const preview = await bodyOf(
      await importAct({ intent: "preview", sessionId: session, file: csvFile(GOOD) }),
    );
    expect(preview.ok).toBe(true);
    const done = (await importAct({ intent: "import", sessionId: session, text: GOOD })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/admin/stagiaires?session=${session}`);
    expect(await learnersOf(session)).toMatchObject([
      { email: "eva@example.test", origin: "import", status: "enrolled" },
      { email: "farid@example.test", origin: "import" },
    ]);
    const again = await bodyOf(
      await importAct({ intent: "preview", sessionId: session, file: csvFile(GOOD) }),
    );
    expect((again.preview as { problems: unknown[] }).problems).toEqual([
      { line: 2, message: "E-mail : eva@example.test est déjà stagiaire de cette session" },
      { line: 3, message: "E-mail : farid@example.test est déjà stagiaire de cette session" },
    ]);
  });

  it("a comma-separated Windows-1252 file (French Excel) is read; a missing column or an empty file is said in French", async () => {
    const [, , session = ""] = await sessionIds();
    const latin1 = Uint8Array.from([
      ...Buffer.from("Prenom,Nom,Email\r\nJos", "latin1"),
      0xe9,
      ...Buffer.from(",Dubois,jose@example.test\r\n", "latin1"),
    ]);
    const read = await bodyOf(
      await importAct({ intent: "preview", sessionId: session, file: new File([latin1], "x.csv") }),
    );
    expect((read.preview as { rows: { firstName: string }[] }).rows[0]?.firstName).toBe("José");
    const missing = await bodyOf(
      await importAct({
        intent: "preview",
        sessionId: session,
        file: csvFile("Nom;E-mail\r\nX;x@example.test"),
      }),
    );
    expect((missing.preview as { problems: { message: string }[] }).problems[0]?.message).toMatch(
      /^Colonne manquante : Prénom\./,
    );
    const empty = await importAct({ intent: "preview", sessionId: session, file: csvFile("") });
    expect((await bodyOf(empty)).errors).toEqual({ file: "Choisissez un fichier CSV" });
  });

  it("two imports of the same file into one session at once: one stores every row, the other nothing", async () => {
    const [session = ""] = await sessionIds("formation-wordpress");
    const text = "Prénom;Nom;E-mail\r\nIris;Noël;iris@example.test\r\nJules;Faure;jules@example.test\r\n";
    const answers = await Promise.all([
      importAct({ intent: "import", sessionId: session, text }),
      importAct({ intent: "import", sessionId: session, text }),
    ]);
    expect(answers.map(statusOf).sort()).toEqual([302, 400]);
    expect((await learnersOf(session)).map((l) => l.email)).toEqual([
      "iris@example.test",
      "jules@example.test",
    ]);
  });

  it("a file over the import limit gets the French message (413), read no further", async () => {
    const [, , session = ""] = await sessionIds();
    const big = csvFile(`Prénom;Nom;E-mail\r\n${"a;b;c@example.test\r\n".repeat(40_000)}`);
    const refused = await importAct({ intent: "preview", sessionId: session, file: big });
    expect(statusOf(refused)).toBe(413);
    expect(JSON.stringify(await bodyOf(refused))).toContain("Le fichier ne doit pas dépasser");
  });
});

describe(`retention on ${DRIVER}`, () => {
  it("learners of a session ended more than the retention period ago are anonymised, once, their status kept", async () => {
    const [session = ""] = await sessionIds();
    await rows(
      "update formation_sessions set start_date = '2020-01-06', end_date = '2020-03-06' where id = $1",
      [session],
    );
    try {
      const count = (await learnersOf(session)).length;
      expect(count).toBeGreaterThan(0);
      expect(await anonymiseExpiredLearners(t.app.db, 24)).toBe(count);
      expect(await anonymiseExpiredLearners(t.app.db, 24)).toBe(0);
      const left = await rows<{ first_name: string | null; email: string | null; status: string }>(
        "select first_name, email, status from learners where session_id = $1",
        [session],
      );
      expect(left.every((l) => l.first_name === null && l.email === null && l.status)).toBe(true);
    } finally {
      await rows(
        "update formation_sessions set start_date = '2027-01-04', end_date = '2027-06-30' where id = $1",
        [session],
      );
    }
  });
});

describe(`enrolled learners take seats on ${DRIVER}`, () => {
  /** A new session of the formation, starting in a year, with `seats` seats. */
  async function sessionWithSeats(seats: number): Promise<{ id: string; formationId: string }> {
    const [formation] = await rows<{ id: string }>("select id from formations where slug = $1", [SLUG]);
    const today = new Date().toISOString().slice(0, 10);
    const session = await makeSession(t.app.db, {
      formationId: formation?.id ?? "",
      startDate: addDays(today, 365),
      endDate: addDays(today, 400),
      place: "Salle 2",
      seats,
    });
    return { id: session.id, formationId: session.formationId };
  }
  const seatsShown = async (session: { id: string; formationId: string }) =>
    (await listUpcomingSessions(t.app.db, session.formationId)).find((s) => s.id === session.id);
  const person = (n: number) => ({
    intent: "create",
    firstName: "Inès",
    lastName: `Place${n}`,
    email: `ines.place${n}.${randomUUID().slice(0, 8)}@example.test`,
  });
  const thousand = (n: number) =>
    `Prénom;Nom;E-mail\r\n${Array.from({ length: n }, (_, i) => `Léo;Nombre${i};leo.${i}@example.test`).join("\r\n")}\r\n`;

  it("a CSV larger than the places left is refused in French naming them, nothing stored; the course page counts hand-added learners", async () => {
    const session = await sessionWithSeats(1);
    const file = thousand(1000);
    const refusal =
      "Il ne reste qu'une place dans cette session pour 1\u202f000 stagiaires\u202f: rien n'a été enregistré. Pour inscrire au-delà, augmentez d'abord les places de la session (Sessions › Modifier).";
    const preview = await bodyOf(
      await importAct({ intent: "preview", sessionId: session.id, file: csvFile(file) }),
    );
    expect(preview.ok).toBe(false);
    expect((preview.preview as { problems: unknown[] }).problems).toEqual([{ line: null, message: refusal }]);
    const forced = await importAct({ intent: "import", sessionId: session.id, text: file });
    expect(statusOf(forced)).toBe(400);
    expect(await learnersOf(session.id)).toEqual([]);
    expect(await seatsShown(session)).toMatchObject({ seatsLeft: 1, status: "last_seats" });

    // One by hand fits; the course page then says the session is full, and the next is refused.
    expect(statusOf(await learnerAct({ ...person(1), sessionId: session.id }))).toBe(200);
    expect(await seatsShown(session)).toMatchObject({ seatsLeft: 0, status: "full" });
    const over = await learnerAct({ ...person(2), sessionId: session.id });
    expect(statusOf(over)).toBe(400);
    expect((await bodyOf(over)).errors).toEqual({
      sessionId:
        "Cette session est complète\u202f: il ne reste aucune place. Pour inscrire au-delà, augmentez d'abord les places de la session (Sessions › Modifier).",
    });
    expect(await learnersOf(session.id)).toHaveLength(1);
  });

  it("a session's seats cannot go below its learners, the message naming them", async () => {
    const session = await sessionWithSeats(3);
    for (const n of [4, 5])
      expect(statusOf(await learnerAct({ ...person(n), sessionId: session.id }))).toBe(200);
    const [row] = await rows<{ start_date: string; end_date: string }>(
      "select start_date::text, end_date::text from formation_sessions where id = $1",
      [session.id],
    );
    const lowered = await call(() =>
      sessionsRoute.action(
        routeArgs(
          t,
          formRequest(
            `/admin/formations/${session.formationId}/sessions`,
            {
              intent: "update",
              id: session.id,
              formationId: session.formationId,
              startDate: row?.start_date ?? "",
              endDate: row?.end_date ?? "",
              mode: "presentiel",
              place: "Salle 2",
              seats: "1",
            },
            admin.cookie,
          ),
          { id: session.formationId },
        ),
      ),
    );
    expect(statusOf(lowered)).toBe(400);
    expect((await bodyOf(lowered)).errors).toEqual({
      seats: "Cette session compte 2 stagiaires inscrit·es\u202f: indiquez au moins 2 places.",
    });
  });

  it("admissions count hand-added learners: a candidate is refused the last seat a learner holds, but the learner's own application is admitted", async () => {
    const session = await sessionWithSeats(1);
    const added = { ...person(3), sessionId: session.id };
    expect(statusOf(await learnerAct(added))).toBe(200);
    const stranger = await submitApplication(t, SLUG, session.id);
    const refused = await setStatus(stranger, "admitted");
    expect(statusOf(refused)).toBe(400);
    expect(JSON.stringify(await bodyOf(refused))).toContain("Plus aucune place disponible sur cette session");
    // The same person applying: admitting them links the learner, the seat is theirs.
    const own = await submitApplication(t, SLUG, session.id, { firstName: "Inès", email: added.email });
    expect(statusOf(await setStatus(own, "admitted"))).toBe(200);
    expect(await learnersOf(session.id)).toMatchObject([{ origin: "manual", application_id: own }]);
    expect(await seatsShown(session)).toMatchObject({ seatsLeft: 0, status: "full" });
  });
});
