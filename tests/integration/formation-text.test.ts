// A formation's text reaches the course page, the programme PDF, the Lhéo export and the iCalendar
// feed: a control character typed or pasted into any field is refused when the formation is saved,
// with a French message naming the field, and nothing is stored.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formations } from "~/platform/db/schema.server";
import * as formationsRoute from "~/routes/admin/formations";
import { DRIVER } from "../support/db";
import { setUpHttpApp, setUpSignedIn } from "../support/fixture";
import { bodyOf, formRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpHttpApp();
const admin = setUpSignedIn(t, "admin");

const save = async (fields: Record<string, string>) => {
  const result = await formationsRoute.action(
    routeArgs(t, formRequest("/admin/formations", fields, admin.cookie)),
  );
  return { status: statusOf(result), body: await bodyOf(result) };
};

const course = (slug: string, changes: Record<string, string> = {}): Record<string, string> => ({
  intent: "create",
  title: `Bureautique ${slug}`,
  slug,
  formationType: "courte",
  duration: "35 heures",
  entryLevel: "sans-niveau",
  pricing: "gratuit",
  description: "Word, Excel et PowerPoint au quotidien.",
  ...changes,
});

const message = (label: string) =>
  `${label}\u202f: retirez les caractères invisibles (caractères de contrôle, souvent collés depuis un autre logiciel)`;

const stored = async (slug: string) => t.app.db.select().from(formations).where(eq(formations.slug, slug));

describe(`control characters in a formation on ${DRIVER}`, () => {
  it("refuses them in every kind of field, naming the field in French, and stores nothing", async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ title: "Bureautique\u0007" }, { title: message("Titre") }],
      [{ duration: "35\u0002 heures" }, { duration: message("Durée") }],
      [{ prerequisites: "Savoir lire\nSavoir \u001bécrire" }, { prerequisites: message("Prérequis") }],
      [{ skills: "Word, Ex\u0008cel" }, { skills: message("Compétences") }],
      [{ objectives: "Lire\nÉcr\u000bire" }, { objectives: message("Objectifs") }],
      [
        { program: JSON.stringify([{ title: "Tableaux", duration: "7h", content: "Formules\u0000" }]) },
        { program: message("Programme") },
      ],
      // A line break where one line is asked for.
      [{ contactName: "Camille\rMartin" }, { contactName: message("Interlocuteur") }],
      [
        { title: "Bureautique\u007f", location: "Lyon\u0001" },
        { title: message("Titre"), location: message("Lieu") },
      ],
    ];
    for (const [changes, errors] of cases) {
      const refused = await save(course("bureautique-controle", changes));
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual(errors);
    }
    expect(await stored("bureautique-controle")).toEqual([]);
  });

  it("keeps line breaks and tabs in the fields typed on several lines", async () => {
    const saved = await save(
      course("bureautique-lignes", {
        prerequisites: "Savoir lire\r\nSavoir écrire\tle français",
        program: JSON.stringify([{ title: "Tableaux", duration: "7h", content: "Formules\nGraphiques" }]),
      }),
    );
    expect(saved.status).toBe(200);
    const [row] = await stored("bureautique-lignes");
    expect(row?.prerequisites).toBe("Savoir lire\r\nSavoir écrire\tle français");
    expect(row?.program[0]?.content).toBe("Formules\nGraphiques");
  });
});
