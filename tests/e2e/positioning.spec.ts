import { frenchTypographyFaults } from "../support/french-text";
import { axeViolations } from "./support/axe";
import { applyAndAdmit } from "./support/candidate";
import { linkIn, waitForMail } from "./support/mail";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, test } from "./support/test";

/**
 * A centre of its own on PostgreSQL (no demonstration learners): one formation with prerequisites and
 * a session starting today, so that the learner admitted here is the only one who entered in the
 * last 12 months and the board's indicator 8 turns on their positioning alone. Its referent for
 * disability is named.
 */
const COURSE = { slug: "soudure-tig", title: "Soudure TIG" };
const PREREQUISITES = "Savoir lire un plan simple";
test.use({
  ownServer: {
    postgres: {
      setUp: `
        update centre_settings set name = 'Forma Rhône', phone = '04 72 00 00 00',
          email = 'contact@forma-rhone.test', referent_name = 'Camille Roux',
          referent_email = 'handicap@forma-rhone.test', referent_phone = '04 72 00 00 01';
        insert into formations (title, slug, description, formation_type, prerequisites)
          values ('${COURSE.title}', '${COURSE.slug}', 'Souder à l''arc sous gaz inerte.', 'courte', '${PREREQUISITES}');
        insert into formation_sessions (formation_id, start_date, end_date, seats)
          select id, current_date, current_date + 20, 10 from formations where slug = '${COURSE.slug}';`,
    },
  },
});

test("staff admit an application; the learner answers the positioning on a phone through the e-mailed link, with an adaptation need; staff read it, record the adaptation decided, and indicator 8 turns 'Prouvé'", async ({
  page,
  browser,
  serverUrl,
}) => {
  test.slow();
  const email = uniqueEmail("positionnement");
  await applyAndAdmit(page, `/formation/${COURSE.slug}`, email);

  const mail = await waitForMail(email, "questionnaire de positionnement");
  expect(mail.body).toContain("Bonjour Yanis,");
  const link = linkIn(mail, `${serverUrl}/positionnement/`);

  // The learner, on a phone.
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  try {
    const learner = await phone.newPage();
    const opened = await learner.goto(link);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()["cache-control"]).toBe("no-store");
    await expect(learner.getByRole("heading", { level: 1 })).toHaveText(
      `Avant votre entrée en formation ${COURSE.title}`,
    );
    await expect(learner.getByText(/référent·e handicap, Camille Roux/)).toBeVisible();
    await learner.locator("body[data-hydrated]").waitFor();
    expect(await axeViolations(learner), "questionnaire de positionnement").toEqual([]);
    // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out is what the learner reads.
    const asked = await learner.locator("main").innerText();
    expect(frenchTypographyFaults(asked), "questionnaire").toEqual([]);

    // Sent empty: the server's French messages, nothing stored.
    await learner.getByRole("button", { name: "Envoyer mes réponses" }).click();
    await expect(learner.getByText("Vos réponses ne sont pas encore enregistrées")).toBeVisible();

    await learner
      .getByLabel(/Quels sont vos besoins et vos objectifs/)
      .fill("Devenir soudeur en chaudronnerie");
    await learner
      .getByRole("group", { name: /Où en êtes-vous/ })
      .getByLabel("J'en ai quelques notions", { exact: true })
      .check();
    await learner.getByLabel(/Que connaissez-vous déjà du sujet/).fill("Un stage de découverte en atelier");
    const prerequisites = learner.getByRole("group", { name: /Remplissez-vous ces prérequis/ });
    await expect(prerequisites).toContainText(PREREQUISITES);
    await prerequisites.getByLabel("Oui", { exact: true }).check();
    await learner
      .getByRole("group", { name: /Avez-vous besoin d'une adaptation/ })
      .getByLabel("Oui", { exact: true })
      .check();
    await learner
      .getByLabel(/décrivez l'adaptation dont vous auriez besoin/)
      .fill("Un siège ergonomique (dos)");
    expect(await learner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await learner.getByRole("button", { name: "Envoyer mes réponses" }).click();
    await expect(learner.getByText("Merci, vos réponses sont enregistrées")).toBeVisible();

    // The link, opened again, says it was answered.
    await learner.goto(link);
    await expect(learner.getByText(/Vous avez déjà répondu à ce questionnaire le/)).toBeVisible();
    await expect(learner.getByRole("button", { name: "Envoyer mes réponses" })).toHaveCount(0);
  } finally {
    await phone.close();
  }

  // Staff read the answers on the learner's Positionnement page and record the adaptation decided.
  await gotoReady(page, `/admin/stagiaires?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: "Positionnement de Yanis Benali" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Positionnement de Yanis Benali" })).toBeVisible();
  await expect(page.getByTestId("positioning-state")).toContainText("Réponses reçues le");
  await expect(page.getByText("Devenir soudeur en chaudronnerie")).toBeVisible();
  await expect(page.getByText("Un siège ergonomique (dos)")).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();
  expect(await axeViolations(page), "positionnement du ou de la stagiaire").toEqual([]);
  // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out is what staff read.
  const shown = await page.locator("main").innerText();
  expect(frenchTypographyFaults(shown), "fiche").toEqual([]);
  const decision = page.getByRole("form", { name: "Adaptation décidée" });
  await decision.getByLabel("Une adaptation est décidée").check();
  await decision.getByLabel("Adaptation décidée").fill("Siège ergonomique réservé en atelier");
  await decision.getByRole("button", { name: "Enregistrer la décision" }).click();
  await expect(page.getByText("Adaptation enregistrée").first()).toBeVisible();
  const decided = page.getByTestId("adaptation-decided");
  await expect(decided).toContainText("Siège ergonomique réservé en atelier");
  await expect(decided).toContainText(/le \d/);

  // The board: every learner who entered in 12 months answered.
  await gotoReady(page, "/admin/qualiopi");
  const indicator = page.getByTestId("indicator-8");
  await expect(indicator.getByTestId("indicator-state")).toHaveText("Prouvé");
  await expect(indicator).toContainText("1 questionnaire de positionnement répondu sur 1 stagiaire entré·e");
});
