import { signInAsAdmin } from "./support/admin";
import { linkIn, type Mail, mailsTo, waitForMail } from "./support/mail";
import { gotoReady } from "./support/page";
import { expect, type Page, test } from "./support/test";

/**
 * A centre on a PostgreSQL server of its own, whose wall clock the spec moves (the database's clock
 * keeps the machine's time): one formation whose session ends in five days, one learner paid for by
 * an employer, one trainer on its last slot, each at an address no other spec writes to.
 */
const COURSE = { slug: "gestion-de-paie", title: "Gestion de paie" };
const EMPLOYER = { name: "Menuiserie Roux", email: "rh@menuiserie-roux-enquete.test" };
const TRAINER = { firstName: "Marc", email: "marc.formateur@enquete-parties.test" };
const LEARNER = "ana.stagiaire@enquete-parties.test";
test.use({
  ownServer: {
    clock: true,
    postgres: {
      setUp: `
        update centre_settings set name = 'Forma Rhône', email = 'contact@forma-rhone.test';
        insert into formations (title, slug, description, formation_type, price)
          values ('${COURSE.title}', '${COURSE.slug}', 'Établir les bulletins de paie.', 'courte', 2000);
        insert into formation_sessions (formation_id, start_date, end_date, seats)
          select id, current_date - 20, current_date + 5, 10 from formations where slug = '${COURSE.slug}';
        insert into payers (kind, name, siren, street, postal_code, city, invoicing_email) values
          ('company', '${EMPLOYER.name}', '552100554', '12 rue de la Charité', '69002', 'Lyon', '${EMPLOYER.email}');
        insert into learners (session_id, origin, first_name, last_name, email, status)
          select s.id, 'manual', 'Ana', 'Durand', '${LEARNER}', 'enrolled'
            from formation_sessions s join formations f on f.id = s.formation_id where f.slug = '${COURSE.slug}';
        insert into funding_plans (learner_id, price_cents) select id, 200000 from learners where email = '${LEARNER}';
        insert into funding_shares (learner_id, payer_id, amount_cents)
          select l.id, p.id, 200000 from learners l, payers p
           where l.email = '${LEARNER}' and p.invoicing_email = '${EMPLOYER.email}';
        insert into trainers (first_name, last_name, email) values ('${TRAINER.firstName}', 'Lefort', '${TRAINER.email}');
        insert into session_slots (session_id, day, start_minute, end_minute, trainer_id)
          select s.id, s.end_date, 540, 750, t.id
            from formation_sessions s join formations f on f.id = s.formation_id, trainers t
           where f.slug = '${COURSE.slug}' and t.email = '${TRAINER.email}';`,
    },
  },
});

const DAY = 86_400_000;

/** Ticks an answer of the question whose legend is `question`. */
const pick = (page: Page, question: string | RegExp, answer: string) =>
  page.getByRole("group", { name: question }).getByLabel(answer, { exact: true }).check();

/** The test's browser: a context of its own per person answering. */
type Browser = { newContext(): Promise<{ newPage(): Promise<Page>; close(): Promise<void> }> };

/**
 * Answers the questionnaire of `mail` in a browser context of its own (the person is not signed in):
 * the page reads `reads`, each [question, answer] is ticked, then sent.
 */
async function answer(
  browser: Browser,
  serverUrl: string,
  mail: Mail,
  reads: RegExp,
  answers: [RegExp, string][],
) {
  const context = await browser.newContext();
  try {
    const answering = await context.newPage();
    await answering.goto(linkIn(mail, `${serverUrl}/enquete/`));
    await expect(answering.getByRole("heading", { level: 1 })).toContainText("Votre avis sur");
    await expect(answering.getByText(reads).first()).toBeVisible();
    for (const [question, choice] of answers) await pick(answering, question, choice);
    await answering.getByRole("button", { name: "Envoyer mes réponses" }).click();
    await expect(answering.getByText("Merci, vos réponses sont enregistrées")).toBeVisible();
  } finally {
    await context.close();
  }
}

test("a session ends: its employer and its trainer get their questionnaires, the employer answers, the reminder goes to the trainer only, the session shows its response rates, a low score proposes an improvement action and indicator 30 turns 'Prouvé'", async ({
  page,
  browser,
  serverClock,
  serverUrl,
}) => {
  test.setTimeout(150_000);

  // The day after the session's last day: the round runs as soon as the clock has moved.
  await serverClock.set(Date.now() + 6 * DAY);
  const employerMail = await waitForMail(EMPLOYER.email, `Votre avis sur la formation ${COURSE.title}`);
  const trainerMail = await waitForMail(TRAINER.email, `Votre avis sur la formation ${COURSE.title}`);
  expect(trainerMail.body).toContain(`Bonjour ${TRAINER.firstName},`);
  const learnerMail = await waitForMail(LEARNER, `Votre avis sur la formation ${COURSE.title}`);

  // The employer answers its own questionnaire (its words speak of 'votre salarié·e').
  await answer(browser, serverUrl, employerMail, /votre salarié·e/, [
    [/Dans l'ensemble/, "4"],
    [/besoins de votre entreprise/, "4"],
    [/nos échanges/, "4"],
    [/Feriez-vous de nouveau appel/, "Oui"],
  ]);

  // A week after the sending (the reminder delay in Paramètres): the trainer and the learner are
  // reminded, the employer who answered is not.
  await serverClock.set(Date.now() + 14 * DAY);
  await waitForMail(TRAINER.email, "Rappel");
  await waitForMail(LEARNER, "Rappel");
  expect((await mailsTo(EMPLOYER.email)).map((m) => m.subject)).toEqual([employerMail.subject]);
  expect((await mailsTo(TRAINER.email)).filter((m) => m.subject.startsWith("Rappel"))).toHaveLength(1);

  // The learner answers in their turn, disappointed: the formation falls under the satisfaction threshold.
  await answer(browser, serverUrl, learnerMail, /Dans l'ensemble/, [
    [/Dans l'ensemble/, "2"],
    [/objectifs annoncés/, "2"],
    [/qualité de l'animation/, "3"],
    [/conditions d'accueil/, "2"],
    [/Recommanderiez-vous/, "Non"],
  ]);

  // Back to today for the console (its sign-in would not last two weeks ahead): the session's rates.
  await serverClock.set(Date.now());
  await signInAsAdmin(page, "/admin/enquetes");
  const row = page.getByTestId("survey-session").filter({ hasText: COURSE.title });
  const rates = row.getByTestId("survey-rates");
  await expect(rates).toContainText("Stagiaires\u00a0: 1 sur 1 (100\u202f%)");
  await expect(rates).toContainText("Employeurs\u00a0: 1 sur 1 (100\u202f%)");
  await expect(rates).toContainText("Formateurs\u00a0: 0 sur 1 (0\u202f%)");
  const formation = page.getByTestId("survey-formation-rates").filter({ hasText: COURSE.title });
  await expect(formation).toContainText("1 sur 1 (100\u202f%)");

  // Under the satisfaction threshold (80 %), the improvement register proposes an action in one click.
  // On the answers' side of the clock: the board counts the answers of the 12 months up to now, and
  // these were given two weeks ahead (signed in anew there: today's sign-in has expired by then).
  await serverClock.set(Date.now() + 15 * DAY);
  await signInAsAdmin(page, "/admin/qualiopi/ameliorations");
  const under = page.getByTestId("under-threshold");
  await expect(under).toContainText(`${COURSE.title} 0\u00a0% de satisfaits`);
  await under
    .getByRole("button", { name: `Proposer une action d'amélioration pour ${COURSE.title}` })
    .click();
  await expect(under).toContainText("Action déjà proposée");

  // Learners and another stakeholder answered: indicator 30 is proven, its counts linked to Enquêtes.
  await gotoReady(page, "/admin/qualiopi");
  const thirty = page.getByTestId("indicator-30");
  await expect(thirty.getByTestId("indicator-state")).toHaveText("Prouvé");
  await expect(thirty.getByRole("link", { name: /^1\sréponse de stagiaires en 12\smois$/ })).toHaveAttribute(
    "href",
    "/admin/enquetes",
  );
  await expect(thirty).toContainText(/1\sréponse d'autres parties prenantes \(Employeurs\)/);
});
