// The migration that gave learners their own retention (Paramètres): the privacy policy as a centre
// published it before, whose learners' sentence named the applications' period, now names theirs;
// a text the centre rewrote is left as written.
import { describe, expect, it } from "vitest";
import { DRIVER } from "../support/db";
import { setUpBeforeMigration } from "../support/migration";

const before = setUpBeforeMigration("_centre_retention_complaint_recipient");

const LEARNERS_BEFORE =
  "Votre dossier de stagiaire (nom, e-mail, entreprise) est anonymisé {{duree_conservation_candidatures}} après la fin de votre session : seuls restent, sans votre identité, votre statut.";
const APPLICATIONS =
  "Une candidature refusée ou retirée (désistement) est supprimée automatiquement {{duree_conservation_candidatures}} après cette décision.";

describe(`learners' retention migration on ${DRIVER}`, () => {
  it("the privacy policy's learners' sentence names the learners' period; the applications' sentence and other pages stay", async () => {
    const insert = (id: string, body: string) =>
      before.database.query("insert into site_pages (id, content) values ($1, $2::jsonb)", [
        id,
        JSON.stringify({ body, description: "Vos données" }),
      ]);
    await insert("politique-confidentialite", `${APPLICATIONS}\n\n${LEARNERS_BEFORE}`);
    await insert("cgu", LEARNERS_BEFORE);

    await before.migrateRest();

    const pages = await before.database.query<{ id: string; content: { body: string; description: string } }>(
      "select id, content from site_pages order by id",
    );
    const body = (id: string) => pages.find((p) => p.id === id)?.content;
    expect(body("politique-confidentialite")).toEqual({
      body: `${APPLICATIONS}\n\n${LEARNERS_BEFORE.replace("{{duree_conservation_candidatures}}", "{{duree_conservation_stagiaires}}")}`,
      description: "Vos données",
    });
    expect(body("cgu")?.body).toBe(LEARNERS_BEFORE);
  });
});
