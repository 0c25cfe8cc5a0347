import { describe, expect, it } from "vitest";
import { franceCompetencesUrl, parseCertificationCode } from "~/features/catalogue/certification-code";
import { certificationInfo, priceText, updatedText } from "~/features/catalogue/course-record";
import { completenessLabel, missingQualiopiItems, type QualiopiRecord } from "~/features/catalogue/qualiopi";
import { withVat } from "~/features/settings/vat.server";

/** A course that publishes every item of indicator 1 and leads to no certification. */
const complete: QualiopiRecord = {
  objectives: ["Créer un site"],
  prerequisites: "Aucun",
  duration: "35 heures",
  accessArrangements: "Entretien individuel",
  accessDelay: "2 semaines",
  price: 1490,
  pricing: "payant",
  priceDetails: null,
  contactPhone: "01 23 45 67 89",
  contactEmail: null,
  teachingMethods: "Ateliers",
  assessmentMethods: "Quiz",
  accessibility: "Accessible",
  certifying: false,
  rncpCode: null,
  certifier: null,
  certificationRegisteredOn: null,
  skillBlocks: [],
  equivalences: null,
  furtherPaths: null,
  careerOpportunities: [],
};

const certifying: QualiopiRecord = {
  ...complete,
  certifying: true,
  rncpCode: "RNCP 35030",
  certifier: "Ministère du Travail",
  certificationRegisteredOn: "2020-11-01",
  skillBlocks: ["Bloc 1"],
  equivalences: "VAE",
  furtherPaths: "Niveau 6",
  careerOpportunities: ["Assistant·e RH"],
};

describe("Qualiopi completeness", () => {
  it("finds nothing missing in a complete record, certifying or not", () => {
    expect(missingQualiopiItems(complete)).toEqual([]);
    expect(missingQualiopiItems(certifying)).toEqual([]);
    expect(completenessLabel([])).toBe("Informations Qualiopi complètes");
  });

  it("lists every indicator 1 item a blank record lacks, in the page's order", () => {
    const blank: QualiopiRecord = {
      ...complete,
      objectives: [" "],
      prerequisites: null,
      duration: "",
      accessArrangements: "  ",
      accessDelay: null,
      price: 0,
      pricing: null,
      contactPhone: null,
      teachingMethods: null,
      assessmentMethods: null,
      accessibility: null,
    };
    const missing = missingQualiopiItems(blank);
    expect(missing).toEqual([
      "Objectifs",
      "Prérequis",
      "Durée",
      "Modalités d'accès",
      "Délai d'accès",
      "Tarifs",
      "Contact (téléphone ou e-mail)",
      "Méthodes pédagogiques",
      "Modalités d'évaluation",
      "Accessibilité (handicap)",
    ]);
    expect(completenessLabel(missing)).toBe("10 informations manquantes");
    expect(completenessLabel(["Prérequis"])).toBe("1 information manquante");
  });

  it("accepts a free course when it says who pays, and an e-mail as the only contact", () => {
    expect(
      missingQualiopiItems({ ...complete, price: 0, priceDetails: "Pris en charge par l'OPCO" }),
    ).toEqual([]);
    expect(missingQualiopiItems({ ...complete, contactPhone: null, contactEmail: "a@b.fr" })).toEqual([]);
  });

  it("asks indicator 3 only of a course leading to a certification", () => {
    const bare = {
      ...complete,
      certifier: null,
      rncpCode: "pas un code",
      careerOpportunities: [],
    } satisfies QualiopiRecord;
    expect(missingQualiopiItems(bare)).toEqual([]);
    expect(missingQualiopiItems({ ...bare, certifying: true })).toEqual([
      "Code RNCP ou RS",
      "Certificateur",
      "Date d'enregistrement de la certification",
      "Blocs de compétences",
      "Équivalences et passerelles",
      "Suites de parcours",
      "Débouchés",
    ]);
  });

  it("does not ask skill blocks of an RS certification", () => {
    expect(missingQualiopiItems({ ...certifying, rncpCode: "RS 5826", skillBlocks: [] })).toEqual([]);
    expect(missingQualiopiItems({ ...certifying, skillBlocks: [] })).toEqual(["Blocs de compétences"]);
  });
});

describe("certification codes", () => {
  it("reads RNCP and RS codes however they are typed and links to France Compétences", () => {
    expect(parseCertificationCode("rncp35030")).toEqual({ register: "rncp", number: "35030" });
    expect(parseCertificationCode(" RS 5826 ")).toEqual({ register: "rs", number: "5826" });
    expect(parseCertificationCode("RNCP")).toBeNull();
    expect(parseCertificationCode("RNCP 35030/x")).toBeNull();
    expect(franceCompetencesUrl({ register: "rncp", number: "35030" })).toBe(
      "https://www.francecompetences.fr/recherche/rncp/35030/",
    );
    expect(franceCompetencesUrl({ register: "rs", number: "5826" })).toBe(
      "https://www.francecompetences.fr/recherche/rs/5826/",
    );
  });
});

describe("course record wording", () => {
  const record = {
    ...certifying,
    certification: "Titre professionnel",
    contactName: null,
    levels: { required: null, reached: null },
  };

  it("dates the record and the registration in French, '1er' on the first", () => {
    expect(updatedText(new Date("2026-11-12T10:00:00Z"))).toBe("Mis à jour le 12 novembre 2026");
    expect(updatedText(new Date("2026-11-30T23:30:00Z"))).toBe("Mis à jour le 1er décembre 2026");
    expect(certificationInfo(record)?.rows).toContainEqual({
      label: "Date d'enregistrement",
      value: "1er novembre 2020",
    });
    expect(certificationInfo({ ...record, certifying: false })).toBeNull();
  });

  it("says what staff chose: a price, free, or paid by a funder; 0 alone says none of these", () => {
    expect(priceText({ price: 1490, pricing: "payant", priceDetails: null }, null)).toBe(
      "1\u202f490\u00a0€ (net de taxe, exonéré de TVA)",
    );
    // A centre liable to VAT states the stored price excluding VAT, and with it (withVat: the VAT
    // rounded to the cent, then added, as the conventions print it).
    expect(withVat(1490)).toEqual({ vat: 298, including: 1788 });
    expect(withVat(1234.56)).toEqual({ vat: 246.91, including: 1481.47 });
    expect(priceText({ price: 1490, pricing: "payant", priceDetails: null }, withVat(1490).including)).toBe(
      "1\u202f490\u00a0€ HT (1\u202f788\u00a0€ TTC)",
    );
    expect(priceText({ price: 0, pricing: "gratuit", priceDetails: null }, null)).toBe("Gratuit");
    expect(
      priceText({ price: 0, pricing: "prise-en-charge", priceDetails: "Pris en charge par l'OPCO" }, null),
    ).toBe(
      "Sans frais pour l'apprenant\u00a0: prise en charge par l'employeur et son OPCO ou par un financeur. Pris en charge par l'OPCO",
    );
    expect(priceText({ price: 0, pricing: null, priceDetails: "Sur devis" }, null)).toBe("Sur devis");
    expect(priceText({ price: 0, pricing: null, priceDetails: null }, null)).toBe("");
  });

  it("lists 'Tarifs' as missing while nobody chose what the learner pays", () => {
    expect(missingQualiopiItems({ ...complete, price: 0, pricing: null })).toEqual(["Tarifs"]);
    expect(missingQualiopiItems({ ...complete, price: 0, pricing: "gratuit" })).toEqual([]);
  });
});
