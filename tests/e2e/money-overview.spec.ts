import { readFile } from "node:fs/promises";
import { addDays, parisToday } from "~/platform/dates";
import { signInAsAdmin } from "./support/admin";
import { expect, test } from "./support/test";

/**
 * The money's overview on a centre of its own (PostgreSQL): one invoice of 1 200,00 € issued 45 days
 * ago and due 15 days ago, written by SQL as the ledger would have issued it (a draft and its line,
 * then the issue's fields), since issuing goes through other screens.
 */
const today = parisToday();
const ISSUED_ON = addDays(today, -45);
const DUE_ON = addDays(today, -15);
const BUYER = {
  kind: "company",
  name: "Transports Morel",
  siren: "732829320",
  siret: null,
  vatNumber: null,
  street: "8 rue Garibaldi",
  postalCode: "69006",
  city: "Lyon",
  countryCode: "FR",
  email: "compta@transports-morel.test",
  contactName: null,
  chorusServiceCode: null,
};
const SELLER = {
  name: "Forma Rhône",
  siret: "73282932000074",
  city: "Lyon",
  countryCode: "FR",
  vatExempt: true,
};
const json = (value: unknown) => `'${JSON.stringify(value).replaceAll("'", "''")}'::jsonb`;

test.use({
  ownServer: {
    postgres: {
      setUp: `
        insert into payers (id, kind, name, siren, street, postal_code, city, invoicing_email)
          values ('5a1e0000-0000-4000-8000-000000000001', 'company', '${BUYER.name}', '${BUYER.siren}',
            '${BUYER.street}', '${BUYER.postalCode}', '${BUYER.city}', '${BUYER.email}');
        insert into invoices (id, payer_id, service_start, service_end, buyer, net_cents, gross_cents)
          values ('5a1e0000-0000-4000-8000-000000000002', '5a1e0000-0000-4000-8000-000000000001',
            '${ISSUED_ON}', '${ISSUED_ON}', ${json(BUYER)}, 120000, 120000);
        insert into invoice_lines (invoice_id, position, label, quantity_hundredths, unit_price_cents, net_cents)
          values ('5a1e0000-0000-4000-8000-000000000002', 1, 'Formation CACES R489', 100, 120000, 120000);
        update invoices set number = 'F-E2E-00001', sequence_key = 'E2E', sequence_number = 1,
            issued_at = '${ISSUED_ON}T10:00:00Z', issued_on = '${ISSUED_ON}', due_on = '${DUE_ON}',
            seller = ${json(SELLER)}
          where id = '5a1e0000-0000-4000-8000-000000000002';`,
    },
  },
});

test("the admin sees the encours of an overdue invoice, then downloads the sales journal of its period", async ({
  page,
}) => {
  await signInAsAdmin(page, "/admin");
  await expect(page.getByTestId("dashboard-outstanding-total")).toHaveText("1\u202f200,00\u00a0€");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Encours" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Encours (1)" })).toBeVisible();
  await expect(page.getByTestId("outstanding-overdue")).toHaveText("1\u202f200,00\u00a0€");
  const row = page.getByTestId("outstanding-row");
  await expect(row).toContainText("Transports Morel");
  await expect(row.getByRole("link", { name: "Transports Morel" })).toHaveAttribute(
    "href",
    "/admin/factures?financeur=5a1e0000-0000-4000-8000-000000000001",
  );

  await page
    .getByRole("navigation", { name: "Console" })
    .getByRole("link", { name: "Exports comptables" })
    .click();
  await page.locator("body[data-hydrated]").waitFor();
  await page.getByLabel("Du", { exact: true }).fill(ISSUED_ON);
  await page.getByLabel("Au", { exact: true }).fill(today);
  await page.getByRole("button", { name: "Choisir cette période" }).click();
  await expect(page).toHaveURL(`/admin/exports-comptables?du=${ISSUED_ON}&au=${today}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Télécharger le journal des ventes (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`journal-des-ventes-${ISSUED_ON}-au-${today}.csv`);
  const lines = (await readFile(await download.path()))
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(";F-E2E-00001;Facture;Transports Morel;732829320;1200,00;0,00;1200,00;");
});
