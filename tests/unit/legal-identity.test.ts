// How the centre's legal identity is printed for every kind of centre: a capital only for a company
// that filled it, the activity declaration pending until its number, the legal notice only with one.
import { describe, expect, it } from "vitest";
import {
  activityNumberText,
  activitySentence,
  hasShareCapital,
  legalIdentity,
  qualiopiCertified,
} from "~/features/settings/centre";
import { retentionLabel } from "~/features/settings/retention";

describe("legal identity", () => {
  it("prints a capital only for a company that filled it", () => {
    for (const form of [
      "SAS",
      "SASU",
      "SARL",
      "EURL",
      "SA",
      "SCOP SARL",
      "Société anonyme",
      "Société coopérative",
    ]) {
      expect(hasShareCapital(form), form).toBe(true);
    }
    for (const form of [
      "Association loi 1901",
      "Entreprise individuelle",
      "Micro-entreprise",
      "Auto-entrepreneur",
      "EI",
      "EIRL",
      "Établissement public",
      "Groupement d'intérêt public",
      "",
    ]) {
      expect(hasShareCapital(form), form).toBe(false);
    }
    expect(legalIdentity({ name: "Forma Rhône", legalForm: "Association loi 1901", shareCapital: "0" })).toBe(
      "Forma Rhône, Association loi 1901",
    );
    expect(legalIdentity({ name: "Institut X", legalForm: "SAS", shareCapital: "5 000 €" })).toBe(
      "Institut X, SAS au capital de 5 000 €",
    );
    expect(legalIdentity({ name: "Institut X", legalForm: "SAS", shareCapital: " " })).toBe(
      "Institut X, SAS",
    );
  });

  it("says the declaration is being registered until its number, and the legal notice only with one", () => {
    expect(activitySentence({ activityNumber: "", activityRegion: "" })).toBe(
      "Déclaration d'activité en cours d'enregistrement.",
    );
    expect(activityNumberText({ activityNumber: "" })).toBe("en cours d'enregistrement");
    expect(
      activitySentence({ activityNumber: "84 69 12345 69", activityRegion: "Auvergne-Rhône-Alpes" }),
    ).toBe(
      "Déclaration d'activité enregistrée sous le numéro 84 69 12345 69 auprès du préfet de région d'Auvergne-Rhône-Alpes. Cet enregistrement ne vaut pas agrément de l'État.",
    );
  });

  it("says Qualiopi only with a valid certificate and a category", () => {
    const certified = {
      certificate: { fileName: "c.pdf" },
      qualiopiValidUntil: "2099-12-31",
      qualiopiCategories: ["Actions de formation"],
    };
    expect(qualiopiCertified(certified, "2026-11-28")).toBe(true);
    expect(qualiopiCertified({ ...certified, qualiopiCategories: [] }, "2026-11-28")).toBe(false);
    expect(qualiopiCertified({ ...certified, certificate: null }, "2026-11-28")).toBe(false);
    expect(qualiopiCertified({ ...certified, qualiopiValidUntil: "2026-11-27" }, "2026-11-28")).toBe(false);
  });

  it("states a retention in years when it is whole years", () => {
    expect(retentionLabel(60)).toBe("5 ans");
    expect(retentionLabel(12)).toBe("1 an");
    expect(retentionLabel(30)).toBe("30 mois");
  });
});
