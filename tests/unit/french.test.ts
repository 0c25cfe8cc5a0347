import { describe, expect, it } from "vitest";
import { ofName, theFormation } from "~/platform/french";
import { frenchTypographyFaults, htmlText } from "../support/french-text";

describe("French grammar around names", () => {
  it("elides 'de' before a vowel or a mute h, not before a consonant or a Y read as one", () => {
    expect(ofName("Alice Martin")).toBe("d'Alice Martin");
    expect(ofName("Hélène")).toBe("d'Hélène");
    expect(ofName("Yves")).toBe("d'Yves");
    expect(ofName("Élodie")).toBe("d'Élodie");
    expect(ofName("Yannick")).toBe("de Yannick");
    expect(ofName("Paul")).toBe("de Paul");
    expect(ofName("Île-de-France")).toBe("d'Île-de-France");
  });

  it("never writes 'la formation Formation …'", () => {
    expect(theFormation("Formation Développeur Web")).toBe("la formation Développeur Web");
    expect(theFormation("formation WordPress")).toBe("la formation WordPress");
    expect(theFormation("Bac Pro Logistique")).toBe("la formation Bac Pro Logistique");
  });
});

describe("the typography check itself", () => {
  it("finds each fault a French reader would see, and accepts the right forms", () => {
    const wrong = [
      "Prochaine session : 4 janvier",
      "Mot de passe oublié ?",
      "Merci !",
      "« Nouvelle »",
      "100%",
      "100 %",
      "9h - 18h",
      "à 10:30",
      "Candidature de Alice",
      "Nouveau message de Hélène",
      "sur le site de Centre de Formation Avenir",
      "la formation Formation Développeur Web",
      "Email",
      "500 €",
    ];
    for (const text of wrong) expect(frenchTypographyFaults(text), text).not.toEqual([]);
    const right = [
      "Prochaine session\u00a0: 4 janvier",
      "Mot de passe oublié\u202f?",
      "Merci\u202f!",
      "«\u00a0Nouvelle\u00a0»",
      "100\u202f%",
      "9\u00a0h\u00a0–\u00a018\u00a0h",
      "à 10\u00a0h\u00a030",
      "Candidature d'Alice",
      "Nouveau message d'Hélène",
      "sur le site du Centre de Formation Avenir",
      "la formation Développeur Web",
      "E-mail\u00a0: contact@centre.test, https://example.test/?q=a:b",
      "500\u00a0€",
    ];
    for (const text of right) expect(frenchTypographyFaults(text), text).toEqual([]);
  });

  it("reads an e-mail's HTML as its reader does", () => {
    expect(htmlText("<p>Bonjour&nbsp;! <b>Alice</b> &amp; Paul&#8239;?</p>")).toBe(
      " Bonjour\u00a0!  Alice  & Paul\u202f? ",
    );
  });
});
