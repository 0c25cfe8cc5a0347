import { readFile } from "node:fs/promises";
import { embeddedFacturX, prepareFacturXValidators, validateFacturX } from "../support/facturx";
import { pdfGlyphText } from "../support/pdf-glyph-text";
import { signInAsAdmin } from "./support/admin";
import { addShare, draftPartialCreditNote } from "./support/billing";
import { applyAndAdmit } from "./support/candidate";
import { mailsTo, waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, type Page, test } from "./support/test";

/**
 * A centre exempt from VAT (CGI, art. 261-4-4° a) on a PostgreSQL server of its own, whose wall clock
 * the spec moves (the database's clock keeps the machine's time, so invoices are issued today): its
 * identity, invoices payable within 30 days and reminded 7 then 30 days after (Paramètres ›
 * Facturation), one formation with a session, and two payers of its own, an OPCO and an employer,
 * whose addresses no other spec writes to.
 */
const COURSE = { slug: "comptabilite-paie", title: "Comptabilité et paie" };
const OPCO = { name: "OPCO Akto", email: "factures@opco-akto.test" };
const EMPLOYER = { name: "Menuiserie Roux", email: "compta@menuiserie-roux.test" };
test.use({
  ownServer: {
    clock: true,
    postgres: {
      setUp: `
        update centre_settings set name = 'Forma Rhône', legal_form = 'SAS', siret = '732 829 320 00074',
          street = '3 place Bellecour', postal_code = '69002', city = 'Lyon', phone = '04 72 00 00 00',
          email = 'contact@forma-rhone.test', activity_number = '84691234569',
          activity_region = 'Auvergne-Rhône-Alpes', vat_status = 'exempt';
        insert into billing_settings (id, payment_terms_days, reminder_days) values (1, 30, '[7, 30]')
          on conflict (id) do update set payment_terms_days = 30, reminder_days = '[7, 30]';
        insert into formations (title, slug, description, formation_type, price)
          values ('${COURSE.title}', '${COURSE.slug}', 'Tenir la comptabilité et établir les bulletins de paie.',
            'courte', 2000);
        insert into formation_sessions (formation_id, start_date, end_date, seats)
          select id, '2027-01-11', '2027-03-26', 10 from formations where slug = '${COURSE.slug}';
        insert into payers (kind, name, siren, street, postal_code, city, invoicing_email) values
          ('opco', '${OPCO.name}', '851234567', '14 rue Riquet', '75019', 'Paris', '${OPCO.email}'),
          ('company', '${EMPLOYER.name}', '552100554', '12 rue de la Charité', '69002', 'Lyon', '${EMPLOYER.email}');`,
    },
  },
});

// The validators' stylesheets are compiled once per clone (some 15 s each), then read from the cache.
test.beforeAll(async () => {
  test.setTimeout(120_000);
  await prepareFacturXValidators();
});

const DAY = 86_400_000;
/** What an exempt centre's invoice prints (invoice-mentions.ts), and its XML's BT-120. */
const EXEMPTION = "Exonération de TVA – article 261-4-4° a du CGI";

/** 'F-2026-00007' → its year and its rank in that year's sequence. */
function numberParts(number: string): { year: number; rank: number } {
  const match = /^F-(\d{4})-(\d{5})$/.exec(number);
  if (!match) throw new Error(`not an invoice number: ${number}`);
  return { year: Number(match[1]), rank: Number(match[2]) };
}

/** On the learner's Financement page: the share of `payer` gives its final invoice, issued; its number. */
async function issueFinalInvoice(page: Page, payer: string): Promise<string> {
  await page
    .getByTestId("share-drafts")
    .filter({ hasText: payer })
    .getByRole("button", { name: "Facture de solde" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Brouillon de facture" })).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Émettre" }).click();
  await page
    .getByRole("alertdialog", { name: "Émettre la facture\u202f?" })
    .getByRole("button", { name: "Émettre" })
    .click();
  const heading = page.getByRole("heading", { level: 1, name: /^Facture F-\d{4}-\d{5}$/ });
  await expect(heading).toBeVisible();
  await expect(page.getByTestId("invoice-state")).toHaveText("Émise");
  // Issued, it stays: a credit note corrects it.
  await expect(page.getByRole("button", { name: "Supprimer" })).toHaveCount(0);
  return ((await heading.textContent()) ?? "").replace("Facture ", "");
}

/** 'Enregistrer un règlement' on the invoice page open: `amount` (French, in euros) by transfer. */
async function recordPayment(page: Page, number: string, amount: string) {
  await page.getByRole("button", { name: "Enregistrer un règlement" }).click();
  const dialog = page.getByRole("dialog", { name: `Règlement de la facture ${number}` });
  await dialog.getByLabel("Montant reçu (€)").fill(amount);
  await dialog.getByLabel("Référence (virement, numéro de chèque)").fill(`VIR ${number}`);
  await dialog.getByRole("button", { name: "Enregistrer le règlement" }).click();
  await expect(dialog).toBeHidden();
}

/** The reminder e-mails `address` received for the invoice `number`. */
const remindersOf = async (address: string, number: string) =>
  (await mailsTo(address)).filter((m) =>
    m.subject.replace(/\s+/g, " ").includes(`: facture ${number} en attente`),
  );

test("an exempt centre admits a learner, invoices the OPCO and the employer with consecutive numbers, a valid Factur-X, a credit note, a partial payment, and reminds the late payer once", async ({
  page,
  serverClock,
}) => {
  // An admission, two issues, a Factur-X validation, and two rounds of the reminders' job (each run at
  // once by a move of the server's clock).
  test.setTimeout(150_000);

  // The candidate applies on the site and is admitted: a learner of the session.
  const email = uniqueEmail("facturation");
  await applyAndAdmit(page, `/formation/${COURSE.slug}`, email);
  await gotoReady(page, `/admin/stagiaires?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: "Financement de Yanis Benali" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Financement de Yanis Benali" })).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();
  const fundingPath = new URL(page.url()).pathname;

  // The plan: the OPCO 80 % in subrogation, the employer 20 %.
  await expect(page.getByLabel("Prix de la formation HT (€)")).toHaveValue("2000,00");
  await addShare(page, 1, `${OPCO.name} — OPCO, Paris`, "1 600", "subrogation");
  await addShare(page, 2, `${EMPLOYER.name} — Entreprise, Lyon`, "400");
  await expect(page.getByTestId("funding-gap")).toHaveText("");
  await page.getByRole("button", { name: "Enregistrer le plan" }).click();
  await expect(page.getByText("Plan de financement enregistré")).toBeVisible();
  await expect(page.getByTestId("share-drafts").filter({ hasText: OPCO.name })).toContainText(
    "1\u202f600,00\u00a0€ · subrogation",
  );

  // Both invoices issued from the Financement page: two numbers that follow each other.
  const opcoNumber = await issueFinalInvoice(page, OPCO.name);
  const opcoPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("invoice-totals")).toContainText("1\u202f600,00\u00a0€");
  await gotoReady(page, fundingPath);
  const employerNumber = await issueFinalInvoice(page, EMPLOYER.name);
  const employerPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("invoice-totals")).toContainText("400,00\u00a0€");
  const opco = numberParts(opcoNumber);
  const employer = numberParts(employerNumber);
  expect(employer.year, `${opcoNumber} puis ${employerNumber}`).toBe(opco.year);
  expect(employer.rank, `${opcoNumber} puis ${employerNumber}`).toBe(opco.rank + 1);

  // The OPCO's PDF: its Factur-X valid for the schema, EN 16931 and the BR-FR rules; the exemption printed.
  await gotoReady(page, opcoPath);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Télécharger (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${opcoNumber}.pdf`);
  const pdf = new Uint8Array(await readFile(await download.path()));
  const { xml } = embeddedFacturX(pdf);
  expect(xml).toContain(`<ram:ID>${opcoNumber}</ram:ID>`);
  expect(xml).toContain(EXEMPTION);
  const report = await validateFacturX(xml);
  expect({ schema: report.schemaErrors, en16931: report.fatal, brFr: report.frErrors }).toEqual({
    schema: [],
    en16931: [],
    brFr: [],
  });
  expect(pdfGlyphText(pdf)).toContain(EXEMPTION);

  // 'Créer un avoir': a draft credit note that refers to the invoice, listed on it.
  await page.locator("body[data-hydrated]").waitFor();
  await draftPartialCreditNote(page, opcoNumber, "200", "Une journée de formation annulée");
  await page.getByRole("link", { name: opcoNumber, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Facture ${opcoNumber}` })).toBeVisible();
  await expect(page.getByTestId("invoice-row")).toHaveCount(1);
  await expect(page.getByTestId("invoice-row")).toContainText("Brouillon");

  // The OPCO pays its whole invoice: nothing of it is due, so no reminder for it.
  await page.locator("body[data-hydrated]").waitFor();
  await recordPayment(page, opcoNumber, "1 600");
  await expect(page.getByTestId("invoice-state")).toHaveText("Payée");

  // The employer pays part of its invoice: 'Partiellement payée' on its page and in the list.
  await gotoReady(page, employerPath);
  await recordPayment(page, employerNumber, "150");
  await expect(page.getByTestId("invoice-state")).toHaveText("Partiellement payée");
  await expect(page.getByTestId("invoice-due")).toHaveText(
    "Réglé\u00a0: 150,00\u00a0€ · Reste à payer\u00a0: 250,00\u00a0€",
  );
  await gotoReady(page, "/admin/factures");
  await expect(page.getByTestId("invoice").filter({ hasText: employerNumber })).toContainText(
    "Partiellement payée",
  );
  await expect(page.getByTestId("invoice").filter({ hasText: opcoNumber })).toContainText("Payée");

  // 38 days on (due after 30 days, the first reminder 7 days later, the second 30): the employer's
  // invoice is late, and the job's round (run when the clock moves) reminds the employer.
  await serverClock.set(Date.now() + 38 * DAY);
  const reminder = await waitForMail(
    EMPLOYER.email,
    `Rappel\u00a0: facture ${employerNumber} en attente de règlement`,
  );
  expect(reminder.body).toContain("il reste 250,00\u00a0€ à payer");
  expect(reminder.body).toContain("Déjà réglé");

  // The OPCO's payment was recorded by mistake: withdrawn, its invoice is late in its turn, and the job's
  // next round reminds the OPCO. That round came after the employer's reminder, at the same delay.
  await signInAsAdmin(page, opcoPath);
  await page.getByRole("button", { name: "Retirer" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Retirer" }).click();
  await expect(page.getByTestId("invoice-state")).toHaveText("En retard");
  await serverClock.set(Date.now() + 38 * DAY + 60_000);
  await waitForMail(OPCO.email, `Rappel\u00a0: facture ${opcoNumber} en attente de règlement`);

  // The employer got one reminder, not one per round: one e-mail, one line in the Journal (written
  // with each reminder's e-mail, in the same transaction), one reminder listed on the invoice.
  expect(await remindersOf(EMPLOYER.email, employerNumber)).toHaveLength(1);
  expect(await remindersOf(OPCO.email, opcoNumber)).toHaveLength(1);
  await gotoReady(page, "/admin/journal?type=invoice");
  await expect(
    page.getByRole("row").filter({ hasText: `Relance 1 de la facture ${employerNumber}` }),
  ).toHaveCount(1);
  await expect(
    page.getByRole("row").filter({ hasText: `Relance 1 de la facture ${opcoNumber}` }),
  ).toHaveCount(1);
  await gotoReady(page, employerPath);
  await expect(page.getByTestId("invoice-state")).toHaveText("En retard");
  await expect(page.getByText(/^Relances envoyées/)).toHaveText(
    /^Relances envoyées\u00a0: n°\u00a01 le [^,]+$/,
  );
});
