// Financeurs: the payers register of the console. A business or a public buyer is identified by a
// SIREN whose check digit holds, its SIRET by that SIREN; a person has none; numbers are stored as
// digits. Each change is in the Journal; a payer that invoices or funding plans name stays.
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/features/audit/schema.server";
import { PAYER_ERRORS } from "~/features/billing/payer-schema";
import { payers } from "~/features/billing/schema.server";
import { VAT_NUMBER_ERRORS } from "~/features/billing/vat-number";
import { frenchVatNumber } from "~/platform/company-numbers";
import * as payersRoute from "~/routes/admin/payers";
import { makeDraftInvoice, makeFundingPlan, makePayer, sirenFor } from "../support/billing";
import { DRIVER } from "../support/db";
import { makeFormation, makeLearner, makeSession, uniqueTag } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");

let seed = 500;
/** A SIREN no other test of this file uses. */
const freshSiren = () => sirenFor(seed++ * 104_729);
/** The same SIREN with its last digit changed: the Luhn key no longer holds. */
const wrongKey = (siren: string) => `${siren.slice(0, 8)}${(Number(siren[8]) + 1) % 10}`;
/** '123 456 789', as printed on a Kbis. */
const spaced = (digits: string) => digits.replace(/(\d{3})(?=\d)/g, "$1 ");

function post(fields: Record<string, string>, cookie = admin.cookie) {
  return Promise.resolve(
    payersRoute.action(routeArgs(t, formRequest("/admin/financeurs", fields, cookie))),
  ).catch((thrown: unknown) => thrown);
}

/** A valid OPCO as the dialog posts it, with `changes` on top. */
function opco(changes: Record<string, string> = {}) {
  return {
    intent: "create",
    kind: "opco",
    name: `OPCO ${uniqueTag()}`,
    siren: spaced(freshSiren()),
    siret: "",
    vatNumber: "",
    street: "25 quai Panhard et Levassor",
    postalCode: "75013",
    city: "Paris",
    invoicingEmail: "factures@opco.example",
    contactName: "",
    chorusServiceCode: "",
    ...changes,
  };
}

const byName = async (name: string) => (await t.app.db.select().from(payers).where(eq(payers.name, name)))[0];

const entries = (id: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "payer"), eq(auditLog.entityId, id)))
    .orderBy(desc(auditLog.createdAt));

async function list(query: string) {
  const page = await bodyOf(
    await payersRoute.loader(routeArgs(t, getRequest(`/admin/financeurs${query}`, admin.cookie))),
  );
  return (page.payers as { name: string }[]).map((p) => p.name);
}

describe(`Financeurs on ${DRIVER}`, () => {
  it("creates an OPCO with a valid SIREN, stored as digits, and the audit log records it", async () => {
    const fields = opco();
    const siren = fields.siren.replace(/ /g, "");
    const siret = siretOf(siren);
    const created = await post({
      ...fields,
      siret: spaced(siret),
      vatNumber: frenchVatNumber(siren).toLowerCase(),
      contactName: "Service facturation",
    });
    expect(await bodyOf(created)).toMatchObject({ ok: true, toast: { title: "Financeur créé" } });
    const row = await byName(fields.name);
    expect(row).toMatchObject({
      kind: "opco",
      siren,
      siret,
      vatNumber: frenchVatNumber(siren),
      postalCode: "75013",
      countryCode: "FR",
      contactName: "Service facturation",
      chorusServiceCode: null,
    });
    const [entry] = await entries(row?.id ?? "");
    expect(entry).toMatchObject({ action: "create", details: { title: fields.name } });
    expect(entry?.actorEmail).toBe(admin.email);
  });

  it("refuses a SIREN whose check digit is wrong, with the French message, and stores nothing", async () => {
    const fields = opco();
    const result = await post({ ...fields, siren: wrongKey(fields.siren.replace(/ /g, "")) });
    expect(statusOf(result)).toBe(400);
    expect((await bodyOf(result)).errors).toMatchObject({ siren: PAYER_ERRORS.sirenCheck });
    expect(PAYER_ERRORS.sirenCheck).toBe(
      "Ce SIREN n'existe pas\u202f: vérifiez les chiffres (clé de contrôle).",
    );
    const short = await post({ ...fields, siren: "123 456" });
    expect((await bodyOf(short)).errors).toMatchObject({ siren: "Le SIREN doit compter 9 chiffres." });
    const missing = await post({ ...fields, siren: "" });
    expect((await bodyOf(missing)).errors).toMatchObject({ siren: PAYER_ERRORS.sirenRequired });
    expect(await byName(fields.name)).toBeUndefined();
  });

  it("refuses a SIRET that is not of the SIREN, a wrong key, a VAT number of another SIREN, a bad postal code or e-mail", async () => {
    const fields = opco();
    const other = freshSiren();
    const result = await post({
      ...fields,
      siret: `${other}00000`.slice(0, 14),
      vatNumber: frenchVatNumber(other),
      postalCode: "750",
      invoicingEmail: "pas-une-adresse",
      name: " ",
    });
    expect(statusOf(result)).toBe(400);
    const errors = (await bodyOf(result)).errors as Record<string, string>;
    expect(errors).toMatchObject({
      name: "Ce champ est obligatoire",
      postalCode: PAYER_ERRORS.postalCode,
      invoicingEmail: "Veuillez entrer une adresse e-mail valide",
    });
    // The SIRET's own key is checked first; once it holds, that it starts with the SIREN.
    expect([PAYER_ERRORS.siretCheck, PAYER_ERRORS.siretOfSiren]).toContain(errors.siret);
    const validOther = await post({ ...fields, siret: siretOf(other), vatNumber: frenchVatNumber(other) });
    expect((await bodyOf(validOther)).errors).toMatchObject({
      siret: PAYER_ERRORS.siretOfSiren,
      vatNumber: `Le numéro de TVA de ce SIREN est ${frenchVatNumber(fields.siren.replace(/ /g, ""))}\u202f: vérifiez les chiffres.`,
    });
    const badVat = await post({ ...fields, vatNumber: "FR00123" });
    expect((await bodyOf(badVat)).errors).toMatchObject({ vatNumber: VAT_NUMBER_ERRORS.shape });
    expect(await byName(fields.name)).toBeUndefined();
    expect(await byName(" ")).toBeUndefined();
  });

  it("accepts a person without SIREN, and keeps no company number for one", async () => {
    const name = `Camille Particulier ${uniqueTag()}`;
    const created = await post(
      opco({ kind: "individual", name, siren: "", siret: "12", vatNumber: "FR", chorusServiceCode: "X" }),
    );
    expect(await bodyOf(created)).toMatchObject({ ok: true });
    expect(await byName(name)).toMatchObject({
      kind: "individual",
      siren: null,
      siret: null,
      vatNumber: null,
      chorusServiceCode: null,
    });
    // A person is named in the Journal by a reference, never by name.
    const row = await byName(name);
    const [entry] = await entries(row?.id ?? "");
    expect(entry?.details).toMatchObject({
      title: expect.stringMatching(/^Financeur \(réf\. [0-9a-f]{8}\)$/),
    });
  });

  it("keeps the Chorus Pro service code of a public buyer only", async () => {
    const region = `Région ${uniqueTag()}`;
    const company = `Entreprise ${uniqueTag()}`;
    await post(opco({ kind: "region", name: region, chorusServiceCode: " SERV-FORMATION " }));
    await post(opco({ kind: "company", name: company, chorusServiceCode: "SERV-FORMATION" }));
    expect((await byName(region))?.chorusServiceCode).toBe("SERV-FORMATION");
    expect((await byName(company))?.chorusServiceCode).toBeNull();
  });

  it("edits a payer (a moderator keeps the register too), the audit log naming what changed", async () => {
    const payer = await makePayer(t.app.db, { kind: "company" });
    const siren = freshSiren();
    const updated = await post(
      {
        ...opco({ intent: "update", id: payer.id, kind: "opco", name: payer.name, siren }),
        city: "Villeurbanne",
        postalCode: "69100",
      },
      moderator.cookie,
    );
    expect(await bodyOf(updated)).toMatchObject({ ok: true, toast: { title: "Financeur mis à jour" } });
    const [row] = await t.app.db.select().from(payers).where(eq(payers.id, payer.id));
    expect(row).toMatchObject({ kind: "opco", siren, city: "Villeurbanne", postalCode: "69100" });
    expect(row?.updatedAt.getTime()).toBeGreaterThanOrEqual(payer.updatedAt.getTime());
    const [entry] = await entries(payer.id);
    expect(entry?.action).toBe("update");
    expect(entry?.details?.changes).toEqual(
      expect.arrayContaining([
        { field: "kind", from: "company", to: "opco" },
        { field: "siren", from: payer.siren, to: siren },
        { field: "city" },
      ]),
    );
  });

  it("refuses to delete a payer that invoices or a funding plan name, in French, and deletes an unused one", async () => {
    const invoiced = await makePayer(t.app.db);
    await makeDraftInvoice(t.app.db, { payerId: invoiced.id });
    const funding = await makePayer(t.app.db);
    const formation = await makeFormation(t.app.db);
    const session = await makeSession(t.app.db, { formationId: formation.id });
    const learner = await makeLearner(t.app.db, { sessionId: session.id });
    await makeFundingPlan(t.app.db, learner.id, 300_000, [{ payerId: funding.id, amountCents: 300_000 }]);
    for (const used of [invoiced, funding]) {
      const refused = await post({ intent: "delete", id: used.id });
      expect(statusOf(refused)).toBe(400);
      expect((await bodyOf(refused)).toast).toMatchObject({
        type: "error",
        description:
          "Ce financeur a des factures ou des plans de financement\u202f: il ne peut pas être supprimé.",
      });
      expect(await t.app.db.select().from(payers).where(eq(payers.id, used.id))).toHaveLength(1);
      expect(await entries(used.id)).toHaveLength(0);
    }
    const unused = await makePayer(t.app.db);
    const deleted = await post({ intent: "delete", id: unused.id });
    expect(await bodyOf(deleted)).toMatchObject({ ok: true, toast: { title: "Financeur supprimé" } });
    expect(await t.app.db.select().from(payers).where(eq(payers.id, unused.id))).toHaveLength(0);
    const [entry] = await entries(unused.id);
    expect(entry).toMatchObject({ action: "delete", details: { title: unused.name } });
  });

  it("lists by name, searched by name, SIREN (as printed) or city, filtered by kind", async () => {
    const tag = uniqueTag();
    const atlas = await makePayer(t.app.db, { kind: "opco", name: `Atlas ${tag}`, city: `Nantes${tag}` });
    const akto = await makePayer(t.app.db, { kind: "opco", name: `Akto ${tag}` });
    await makePayer(t.app.db, { kind: "company", name: `Boulangerie ${tag}` });
    expect(await list(`?q=${tag}`)).toEqual([`Akto ${tag}`, `Atlas ${tag}`, `Boulangerie ${tag}`]);
    expect(await list(`?q=${tag}&type=opco`)).toEqual([`Akto ${tag}`, `Atlas ${tag}`]);
    expect(await list(`?q=${encodeURIComponent(spaced(akto.siren ?? ""))}`)).toEqual([akto.name]);
    expect(await list(`?q=nantes${tag}`)).toEqual([atlas.name]);
    // An unknown kind in the URL filters nothing.
    expect(await list(`?q=${tag}&type=inconnu`)).toHaveLength(3);
  });
});

/** A SIRET of `siren` whose own key holds. */
function siretOf(siren: string): string {
  for (let n = 0; n < 100; n++) {
    const candidate = `${siren}${String(n).padStart(5, "0")}`;
    let sum = 0;
    for (let i = 0; i < 14; i++) {
      let d = Number(candidate[13 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error("unreachable: one establishment number in ten fits");
}
