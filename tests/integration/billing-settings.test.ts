// Paramètres › Facturation: the numbering, the centre's VAT number, the payment terms (60 days at
// most), the penalties, the reminders, the bank details (IBAN checked by ISO 13616) and the
// accountant's accounts. Administrators save it, moderators read it; bad input changes nothing.
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/features/audit/schema.server";
import { BILLING_SETTINGS_ERRORS } from "~/features/billing/billing-settings-schema";
import { NUMBER_FORMAT_ERRORS } from "~/features/billing/number-format";
import { billingSettings } from "~/features/billing/schema.server";
import { VAT_NUMBER_ERRORS } from "~/features/billing/vat-number";
import * as settingsRoute from "~/routes/admin/settings";
import { DRIVER } from "../support/db";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");

/** A valid form, as the card posts it, with `changes` on top. */
const form = (changes: Record<string, string> = {}) => ({
  intent: "billing",
  numberFormat: "F-{AAAA}-{NNNNN}",
  vatNumber: "",
  paymentTermsDays: "30",
  latePenaltyRate: "taux d'intérêt de la BCE majoré de 10 points",
  reminderDays: "7, 30",
  iban: "",
  bic: "",
  salesAccount: "706000",
  vatAccount: "445710",
  customerAccount: "411000",
  ...changes,
});

function save(fields: Record<string, string>, cookie = admin.cookie) {
  return Promise.resolve(
    settingsRoute.action(routeArgs(t, formRequest("/admin/parametres", fields, cookie))),
  ).catch((thrown: unknown) => thrown);
}

const row = async () => (await t.app.db.select().from(billingSettings).where(eq(billingSettings.id, 1)))[0];
const entries = () =>
  t.app.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entity, "billing_settings"))
    .orderBy(desc(auditLog.createdAt));

describe(`Paramètres › Facturation on ${DRIVER}`, () => {
  it("shows the billing settings in Paramètres, with this year for the numbering's example", async () => {
    const loaded = await bodyOf(
      await settingsRoute.loader(routeArgs(t, getRequest("/admin/parametres", moderator.cookie))),
    );
    expect(loaded.billing).toMatchObject({ numberFormat: "F-{AAAA}-{NNNNN}", paymentTermsDays: 30 });
    expect(loaded.year).toBeGreaterThanOrEqual(2026);
  });

  it("saves the form, numbers as digits and the IBAN without spaces, the audit log naming what changed", async () => {
    const saved = await save(
      form({
        numberFormat: " FAC/{AAAA}/{NNNN} ",
        vatNumber: "fr 40 303 265 045",
        paymentTermsDays: "45",
        reminderDays: "30; 7 15 7",
        iban: "fr76 3000 6000 0112 3456 7890 189",
        bic: "bnpa frpp xxx",
        salesAccount: "706 100",
      }),
    );
    expect(await bodyOf(saved)).toMatchObject({
      ok: true,
      toast: { title: "Paramètres de facturation enregistrés" },
    });
    expect(await row()).toMatchObject({
      numberFormat: "FAC/{AAAA}/{NNNN}",
      vatNumber: "FR40303265045",
      paymentTermsDays: 45,
      reminderDays: [7, 15, 30],
      iban: "FR7630006000011234567890189",
      bic: "BNPAFRPPXXX",
      salesAccount: "706100",
    });
    const [entry] = await entries();
    expect(entry).toMatchObject({ action: "update", actorEmail: admin.email });
    expect(entry?.details?.changes).toEqual(
      expect.arrayContaining([
        { field: "numberFormat", from: "F-{AAAA}-{NNNNN}", to: "FAC/{AAAA}/{NNNN}" },
        { field: "paymentTermsDays", from: "30", to: "45" },
        // The bank account is named as changed, never kept in the log.
        { field: "iban" },
      ]),
    );
    // The same form again changes nothing and leaves no entry.
    const count = (await entries()).length;
    const again = await save(
      form({
        numberFormat: "FAC/{AAAA}/{NNNN}",
        vatNumber: "FR40303265045",
        paymentTermsDays: "45",
        reminderDays: "7, 15, 30",
        iban: "FR76 3000 6000 0112 3456 7890 189",
        bic: "BNPAFRPPXXX",
        salesAccount: "706100",
      }),
    );
    expect(await bodyOf(again)).toMatchObject({ ok: true });
    expect(await entries()).toHaveLength(count);
    // Blank reminders: none are sent.
    await save(form({ reminderDays: "" }));
    expect((await row())?.reminderDays).toEqual([]);
  });

  it("refuses bad input with a French message per field, and changes nothing", async () => {
    const before = await row();
    const count = (await entries()).length;
    const result = await save(
      form({
        numberFormat: "F-{AAAA}-{NN}",
        vatNumber: "FR00303265045",
        paymentTermsDays: "61",
        latePenaltyRate: " ",
        reminderDays: "7, trente",
        iban: "FR7630006000011234567890188",
        bic: "BNP",
        salesAccount: "707000",
        vatAccount: "445",
        customerAccount: "401000",
      }),
    );
    expect(statusOf(result)).toBe(400);
    const body = await bodyOf(result);
    expect(body.toast).toMatchObject({
      type: "error",
      title: "Erreur lors de l'enregistrement des paramètres de facturation",
    });
    expect(body.errors).toEqual({
      numberFormat: NUMBER_FORMAT_ERRORS.counterWidth,
      vatNumber: VAT_NUMBER_ERRORS.key,
      paymentTermsDays: "Le délai de paiement va de 0 à 60 jours (plafond légal).",
      latePenaltyRate: BILLING_SETTINGS_ERRORS.latePenaltyRate,
      reminderDays: BILLING_SETTINGS_ERRORS.reminderDays,
      iban: BILLING_SETTINGS_ERRORS.ibanCheck,
      bic: BILLING_SETTINGS_ERRORS.bic,
      salesAccount: BILLING_SETTINGS_ERRORS.salesAccount,
      vatAccount: BILLING_SETTINGS_ERRORS.vatAccount,
      customerAccount: BILLING_SETTINGS_ERRORS.customerAccount,
    });
    const shapes = await bodyOf(
      await save(form({ iban: "FR76 3000", paymentTermsDays: "-1", reminderDays: "1, 2, 3, 4, 5, 6" })),
    );
    expect(shapes.errors).toEqual({
      iban: BILLING_SETTINGS_ERRORS.ibanShape,
      paymentTermsDays: BILLING_SETTINGS_ERRORS.paymentTermsDays,
      reminderDays: BILLING_SETTINGS_ERRORS.reminderDays,
    });
    expect(await row()).toEqual(before);
    expect(await entries()).toHaveLength(count);
  });

  it("accepts a foreign IBAN whose check digits hold (ISO 13616)", async () => {
    expect(await bodyOf(await save(form({ iban: "DE89 3704 0044 0532 0130 00" })))).toMatchObject({
      ok: true,
    });
    expect((await row())?.iban).toBe("DE89370400440532013000");
  });

  it("saves the option for VAT on debits when ticked, and its removal when not posted (an unticked checkbox)", async () => {
    expect((await row())?.vatOnDebits).toBe(false);
    expect(await bodyOf(await save(form({ vatOnDebits: "on" })))).toMatchObject({ ok: true });
    expect((await row())?.vatOnDebits).toBe(true);
    const [entry] = await entries();
    expect(JSON.stringify(entry?.details)).toContain("vatOnDebits");
    expect(await bodyOf(await save(form()))).toMatchObject({ ok: true });
    expect((await row())?.vatOnDebits).toBe(false);
  });

  it("refuses a moderator's save (403): the settings are the administrators'", async () => {
    const before = await row();
    const refused = await save(form({ paymentTermsDays: "10" }), moderator.cookie);
    expect(statusOf(refused)).toBe(403);
    expect(await row()).toEqual(before);
  });
});
