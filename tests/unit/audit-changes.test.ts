// What the Journal d'activité keeps of a change: old → new values for short fields that are not
// personal, the field's name alone for the others, and only the fields that really changed.
import { describe, expect, it } from "vitest";
import { changeText, diffFields, entryChanges } from "~/features/audit/changes";
// Each feature's fields and labels, registered as the server registers them when it starts.
import "~/boot/audit.server";

const plain = (text: string) => text.replaceAll("\u202f", " ");

describe("audit changes", () => {
  it("keeps old → new for shown fields, the name alone for personal ones, nothing for unchanged ones", () => {
    const before = { title: "A", price: "900.00", duration: "3 jours", contactPhone: "01 23 45 67 89" };
    const after = { title: "B", price: 900, duration: "3 jours", contactPhone: "06 00 00 00 00" };
    const changes = diffFields("formation", before, after);
    expect(changes).toEqual([{ field: "title", from: "A", to: "B" }, { field: "contactPhone" }]);
    expect(changes.map((c) => plain(changeText("formation", c)))).toEqual([
      "Titre : « A » → « B »",
      "Téléphone de contact : modifié",
    ]);
    expect(JSON.stringify(changes)).not.toContain("06 00");
  });

  it("names a formation's and an article's fields with the editor's words, no 'slug' nor 'Badge'", () => {
    const formation = diffFields(
      "formation",
      { slug: "a", badge: "Nouveau" },
      { slug: "b", badge: "Places limitées" },
    );
    expect(formation.map((c) => plain(changeText("formation", c)))).toEqual([
      "Adresse de la page : « a » → « b »",
      "Étiquette de la carte : « Nouveau » → « Places limitées »",
    ]);
    const article = diffFields("blog_post", { slug: "a" }, { slug: "b" });
    expect(article.map((c) => plain(changeText("blog_post", c)))).toEqual([
      "Adresse de la page : « a » → « b »",
    ]);
  });

  it("prints booleans, empty values, lists and codes in French", () => {
    const changes = diffFields(
      "formation_session",
      { closed: false, rhythm: null, mode: "presentiel" },
      { closed: true, rhythm: "2 jours / 3 jours", mode: "hybride" },
    );
    expect(changes.map((c) => plain(changeText("formation_session", c)))).toEqual([
      "Clôturée : « non » → « oui »",
      "Rythme : « vide » → « 2 jours / 3 jours »",
      "Modalité : « Présentiel » → « Hybride »",
    ]);
  });

  it("reads the older shapes: Paramètres' object of fields and a status's from/to, personal values hidden", () => {
    const settings = entryChanges("centre_settings", {
      changes: { phone: { from: "01", to: "02" }, referentPhone: { from: "03", to: "04" } },
    });
    expect(settings).toEqual([{ field: "phone", from: "01", to: "02" }, { field: "referentPhone" }]);
    const status = entryChanges("application", { from: "received", to: "admitted", mailSent: true });
    expect(status.map((c) => plain(changeText("application", c)))).toEqual([
      "Statut : « Reçue » → « Admis·e »",
    ]);
    const role = entryChanges("user", { from: "moderator", to: null });
    expect(role.map((c) => plain(changeText("user", c)))).toEqual(["Rôle : « Modérateur » → « aucun rôle »"]);
    expect(entryChanges("formation", { title: "A", slug: "a" })).toEqual([]);
  });
});
