import { VISITOR } from "../../playwright.config";
import { frenchTypographyFaults } from "../support/french-text";
import { signInAsAdmin } from "./support/admin";
import { BILLING_CENTRE_SQL } from "./support/billing-centre";
import { linkIn, waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, test } from "./support/test";

// A company's personal space, end to end: one session of 'Assistant RH' with three learners, Léa
// Martin and Karim Benali sent by Boulangerie Martin, Inès Roux by Garage Roux. Staff issue the
// bakery's invoice and ask for Léa's convention to be signed online; the bakery's contact, who never
// had an account, follows the request's link on a phone (360 px), asks the space's sign-in page for a
// link, and signs in by it: the bakery's space shows its two employees (never Inès), its invoice as
// a PDF, and the convention to sign.
const CONTACT = uniqueEmail("rh-boulangerie");
const BAKERY = "Boulangerie Martin";
const GARAGE = "Garage Roux";

test.use({
  ownServer: {
    postgres: {
      setUp: `${BILLING_CENTRE_SQL}
        insert into payers (kind, name, siren, street, postal_code, city, invoicing_email, contact_name) values
          ('company', '${BAKERY}', '552100554', '8 rue Mercière', '69002', 'Lyon', '${CONTACT}', 'Marie Martin'),
          ('company', '${GARAGE}', '851234567', '4 rue Garibaldi', '69006', 'Lyon', 'compta@garage-roux.test', null);
        insert into learners (session_id, origin, first_name, last_name, email)
          select id, 'manual', 'Karim', 'Benali', 'karim.benali@example.test' from formation_sessions;
        insert into learners (session_id, origin, first_name, last_name, email)
          select id, 'manual', 'Inès', 'Roux', 'ines.roux@example.test' from formation_sessions;
        update learners set funding_source = 'opco', payer_name = '${BAKERY}',
            payer_address = '8 rue Mercière, 69002 Lyon', payer_contact_name = 'Marie Martin',
            payer_contact_email = '${CONTACT}'
          where first_name in ('Léa', 'Karim');
        insert into funding_plans (learner_id, price_cents) select id, 180000 from learners;
        insert into funding_shares (learner_id, payer_id, amount_cents)
          select l.id, p.id, 180000 from learners l, payers p
           where (l.first_name in ('Léa', 'Karim') and p.name = '${BAKERY}')
              or (l.first_name = 'Inès' and p.name = '${GARAGE}');`,
    },
  },
});

/** The steps that write PDFs on the server: seconds when the 2 shared cores are busy. */
const PDF_WORK = { timeout: 45_000 };

test("the bakery's contact, named by a convention's signature request, signs in by an e-mailed link at 360 px and sees its two employees (not the garage's), downloads its invoice and opens the convention to sign", async ({
  page,
  browser,
  serverUrl,
}) => {
  // An invoice issued, a convention generated, frozen and e-mailed, two e-mails read: slow on a shared runner.
  test.slow();
  // Staff: the bakery's final invoice for Léa, issued.
  await signInAsAdmin(page, "/admin/stagiaires");
  await page.getByRole("link", { name: "Financement de Léa Martin" }).click();
  await page.locator("body[data-hydrated]").waitFor();
  await page
    .getByTestId("share-drafts")
    .filter({ hasText: BAKERY })
    .getByRole("button", { name: "Facture de solde" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Brouillon de facture" })).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Émettre" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Émettre" }).click();
  const heading = page.getByRole("heading", { level: 1, name: /^Facture F-\d{4}-\d{5}$/ });
  await expect(heading).toBeVisible(PDF_WORK);
  const number = ((await heading.textContent()) ?? "").replace("Facture ", "");

  // Léa's convention, sent to the bakery's contact, then 'Demander la signature'.
  await gotoReady(page, "/admin/stagiaires?q=Martin");
  const row = page.getByTestId("learner").filter({ hasText: "Léa Martin" });
  await row.getByRole("button", { name: "Envoyer la convention à Léa Martin" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(page.getByText("Convention ou contrat envoyé", { exact: true })).toBeVisible(PDF_WORK);
  await row.getByRole("button", { name: /^Demander la signature/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Demander la signature" }).click();
  await expect(page.getByText("Demande de signature envoyée", { exact: true })).toBeVisible(PDF_WORK);
  const signing = linkIn(await waitForMail(CONTACT, "à signer en ligne"), `${serverUrl}/espace/signatures/`);

  const phone = await browser.newContext({
    ...VISITOR,
    baseURL: serverUrl,
    viewport: { width: 360, height: 780 },
  });
  try {
    const contact = await phone.newPage();
    // Signed out, the request's link leads to the space's sign-in page, which sends a link.
    await contact.goto(signing);
    await expect(contact).toHaveURL(/\/espace\/connexion\?redirectTo=%2Fespace%2Fsignatures%2F/);
    await contact.locator("body[data-hydrated]").waitFor();
    await contact.getByRole("textbox", { name: "E-mail" }).fill(CONTACT);
    await contact.getByRole("button", { name: "Recevoir un lien de connexion" }).click();
    await expect(contact.getByRole("status")).toContainText("un lien de connexion vient de lui être envoyé");
    const signIn = linkIn(
      await waitForMail(CONTACT, "Votre lien de connexion"),
      `${serverUrl}/api/auth/magic-link/verify`,
    );
    await contact.goto(signIn);
    await expect(contact).toHaveURL(new URL(signing).pathname);
    await expect(contact.getByRole("heading", { name: "Convention de formation" })).toBeVisible();

    // The space's home links the bakery's page.
    await gotoReady(contact, "/espace");
    await contact.getByRole("link", { name: `Voir l'espace de l'entreprise ${BAKERY}` }).click();
    await expect(contact.getByRole("heading", { level: 1 })).toHaveText(BAKERY);
    const employees = contact.getByTestId("employee");
    await expect(employees).toHaveCount(2);
    await expect(employees.filter({ hasText: "Léa Martin" })).toContainText("Assistant RH");
    await expect(employees.filter({ hasText: "Karim Benali" })).toHaveCount(1);
    await expect(contact.getByText("Inès Roux")).toHaveCount(0);
    // French typography as the contact reads it.
    // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out (hidden parts out) is what the contact reads.
    expect(frenchTypographyFaults(await contact.locator("main").innerText())).toEqual([]);
    expect(await contact.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Its invoice, the console's PDF.
    const invoice = contact.getByTestId("company-invoice").filter({ hasText: number });
    await expect(invoice).toContainText("Émise");
    const download = contact.waitForEvent("download");
    await invoice.getByRole("link", { name: `Télécharger\u00a0: Facture ${number}` }).click();
    expect((await download).suggestedFilename()).toBe(`${number}.pdf`);

    // The convention to sign: 'Signer' opens the signing page.
    const conventions = contact.getByTestId("company-signatures");
    await conventions
      .getByRole("link", { name: "Signer\u00a0: Convention de formation de Léa Martin" })
      .click();
    await expect(contact).toHaveURL(new URL(signing).pathname);
    await expect(contact.getByRole("heading", { name: "Convention de formation" })).toBeVisible();
    await expect(contact.getByRole("button", { name: "Signer" })).toBeVisible();
    expect(await contact.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  } finally {
    await phone.close();
  }
});
