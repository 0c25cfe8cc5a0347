// The rules the Stagiaires screen and the server share about a learner's documents: which agreement the
// funding calls for (none for CPF), who receives each document and how its e-mail greets them, the
// send's confirmation naming the recipient, the hours' warning before an attestation or a certificat
// leaves; and the trainers' qualifications as the register (Formateurs) gives them.
import { describe, expect, it } from "vitest";
import { sessionTrainers } from "~/features/documents/records.server";
import {
  agreementKindOf,
  hoursWarning,
  type RecipientFacts,
  recipientsOf,
  sendQuestion,
} from "~/features/documents/types";

const paul: RecipientFacts = {
  firstName: "Paul",
  lastName: "Girard",
  email: "paul@example.test",
  fundingSource: "opco",
  payerName: "Entreprise Dupont",
  payerContactName: "Marie Dupont",
  payerContactEmail: "rh@entreprise.fr",
};

describe("the documents a learner's funding calls for", () => {
  it("a convention when a company or a funder pays, a contrat when the learner does, none for CPF, nothing while unknown", () => {
    expect(agreementKindOf("opco")).toBe("convention");
    expect(agreementKindOf("france_travail")).toBe("convention");
    expect(agreementKindOf("region")).toBe("convention");
    expect(agreementKindOf("other")).toBe("convention");
    expect(agreementKindOf("personal")).toBe("contrat");
    expect(agreementKindOf("cpf")).toBe("none");
    expect(agreementKindOf(null)).toBeNull();
  });

  it("the convention goes to the payer's contact, greeted by name; the learner's own documents to the learner; the certificat to both", () => {
    expect(recipientsOf("agreement", paul)).toEqual([
      { role: "payer", email: "rh@entreprise.fr", shown: "Marie Dupont", greeting: "Bonjour Marie Dupont," },
    ]);
    const learner = {
      role: "learner",
      email: "paul@example.test",
      shown: "Paul Girard",
      greeting: "Bonjour Paul,",
    };
    expect(recipientsOf("convocation", paul)).toEqual([learner]);
    expect(recipientsOf("attestation", paul)).toEqual([learner]);
    expect(recipientsOf("certificate", paul)).toEqual([learner, recipientsOf("agreement", paul)[0]]);
    expect(sendQuestion("la convention", recipientsOf("agreement", paul))).toBe(
      "Envoyer la convention à Marie Dupont (rh@entreprise.fr)\u202f?",
    );
  });

  it("'Madame, Monsieur,' when the contact has no name; the learner when the payer has no address; no agreement for CPF", () => {
    expect(recipientsOf("agreement", { ...paul, payerContactName: null })).toEqual([
      { role: "payer", email: "rh@entreprise.fr", shown: "Entreprise Dupont", greeting: "Madame, Monsieur," },
    ]);
    expect(recipientsOf("agreement", { ...paul, payerContactEmail: null })).toMatchObject([
      { role: "learner", greeting: "Bonjour Paul," },
    ]);
    expect(recipientsOf("agreement", { ...paul, fundingSource: "personal" })).toMatchObject([
      { role: "learner" },
    ]);
    expect(recipientsOf("agreement", { ...paul, fundingSource: "cpf" })).toEqual([]);
    // A CPF or personal training has no payer to send the certificat to.
    expect(recipientsOf("certificate", { ...paul, fundingSource: "cpf" })).toMatchObject([
      { role: "learner" },
    ]);
  });
});

describe("the hours' warning before an attestation or a certificat leaves", () => {
  it("warns of a learner marked 'Terminé·e' under half the planned hours, and of more hours than planned", () => {
    expect(hoursWarning("completed", 200, 420)).toContain("moins de la moitié");
    expect(hoursWarning("completed", 210, 420)).toBeNull();
    expect(hoursWarning("dropped_out", 60, 420)).toBeNull();
    expect(hoursWarning("in_training", 480, 420)).toContain("plus d'heures que la session n'en compte");
    // Nothing planned yet: nothing to compare with.
    expect(hoursWarning("completed", 0, 0)).toBeNull();
  });
});

describe("the trainers' qualifications", () => {
  it("prints each trainer of the timetable once, in the order they first teach, with the register's name and qualification", () => {
    const ada = "00000000-0000-4000-8000-00000000000a";
    const alan = "00000000-0000-4000-8000-00000000000b";
    const register = new Map([
      [ada, { name: "Ada Lovelace", qualification: " Ingénieure " }],
      [alan, { name: "Alan Turing", qualification: "" }],
    ]);
    const slots = [
      { trainerId: ada, trainer: "Ada Lovelace" },
      { trainerId: null, trainer: null },
      { trainerId: alan, trainer: "alan turing" },
      { trainerId: ada, trainer: "Ada  lovelace" },
    ];
    expect(sessionTrainers(slots, register)).toEqual([
      { name: "Ada Lovelace", qualification: "Ingénieure" },
      { name: "Alan Turing", qualification: null },
    ]);
  });

  it("a slot of before naming someone outside the register prints the name alone, once (accents and case aside)", () => {
    const slots = [
      { trainerId: null, trainer: "Hélène Boucher" },
      { trainerId: null, trainer: "helene  boucher" },
    ];
    expect(sessionTrainers(slots, new Map())).toEqual([{ name: "Hélène Boucher", qualification: null }]);
  });
});
