/**
 * Section C of the bilan pédagogique et financier (cerfa n° 10443*17), 'Bilan financier hors taxes : origine
 * des produits de l'organisme': which of its lines an invoice's amount goes to, from what billing
 * knows of it (the payer's kind as the invoice printed it, and the learner it bills for). Pure and
 * browser-safe: the server sums with it, the BPF screen labels with it.
 *
 * Where the mapping is a choice, because the cerfa asks what an invoice does not say:
 * - an OPCO's products are split by the scheme they fund (2-a to 2-h). Billing knows only whether the
 *   learner is an apprentice (learners' BPF category): then 2-a, contrats d'apprentissage. Every other
 *   OPCO amount (contrats de professionnalisation, Pro-A, plan de développement des compétences…)
 *   cannot be told apart and goes on one line, 2-h, which says so;
 * - the CPF is paid by the Caisse des dépôts, a payer registered as 'Autre financeur public': when the
 *   learner's funding is the CPF, the amount goes to 2-e (compte personnel de formation), else to 8;
 * - line 3 (public bodies training their own agents), 4 (European bodies) and 5 (État) cannot be told
 *   from 'Autre financeur public': such amounts go to 8, 'Autres ressources publiques';
 * - line 11 (other products of vocational training) receives nothing from invoices.
 */
import type { LearnerCategory, LearnerFunding } from "~/features/learners";
import type { PayerKind } from "./vocabulary";

export const BPF_PRODUCT_LINES = [
  "c1",
  "c2a",
  "c2b",
  "c2c",
  "c2d",
  "c2e",
  "c2f",
  "c2g",
  "c2h",
  "c3",
  "c4",
  "c5",
  "c6",
  "c7",
  "c8",
  "c9",
  "c10",
  "c11",
] as const;
export type BpfProductLine = (typeof BPF_PRODUCT_LINES)[number];

const FUNDS = "Organismes gestionnaires des fonds de la formation professionnelle\u00a0:";
const PUBLIC = "Pouvoirs publics pour la formation de publics spécifiques\u00a0:";

/**
 * Each line's number on the cerfa and its wording, as the form prints them: cerfa n° 10443*17 (the
 * BPF since the 2019 reform: line 2 split a to h by scheme, lines 1 to 11, total of lines 1 to 11; the
 * line 'vente d'outils pédagogiques' of the forms before it is not on it). Every line is
 * listed, so the screen can be copied onto the form line by line; those no invoice reaches say so.
 */
export const BPF_PRODUCT_LABELS: Record<BpfProductLine, { code: string; label: string }> = {
  c1: { code: "1", label: "Entreprises pour la formation de leurs salariés" },
  c2a: { code: "2-a", label: `${FUNDS} contrats d'apprentissage` },
  c2b: { code: "2-b", label: `${FUNDS} contrats de professionnalisation` },
  c2c: { code: "2-c", label: `${FUNDS} promotion ou reconversion par alternance` },
  c2d: {
    code: "2-d",
    label: `${FUNDS} congés individuels de formation et projets de transition professionnelle`,
  },
  c2e: { code: "2-e", label: `${FUNDS} compte personnel de formation` },
  c2f: { code: "2-f", label: `${FUNDS} dispositifs spécifiques pour les personnes en recherche d'emploi` },
  c2g: { code: "2-g", label: `${FUNDS} dispositifs spécifiques pour les travailleurs non-salariés` },
  c2h: {
    code: "2-h",
    label: `${FUNDS} plan de développement des compétences ou autres dispositifs (et, faute de les distinguer, les contrats de professionnalisation et la Pro-A des OPCO)`,
  },
  c3: {
    code: "3",
    label:
      "Pouvoirs publics pour la formation de leurs agents (État, collectivités territoriales, établissements publics à caractère administratif)",
  },
  c4: { code: "4", label: `${PUBLIC} instances européennes` },
  c5: { code: "5", label: `${PUBLIC} État` },
  c6: { code: "6", label: `${PUBLIC} conseils régionaux` },
  c7: { code: "7", label: `${PUBLIC} France Travail (ex-Pôle emploi)` },
  c8: { code: "8", label: `${PUBLIC} autres ressources publiques` },
  c9: { code: "9", label: "Contrats conclus avec des personnes à titre individuel et à leurs frais" },
  c10: { code: "10", label: "Contrats conclus avec d'autres organismes de formation (y compris CFA)" },
  c11: { code: "11", label: "Autres produits au titre de la formation professionnelle" },
};

/** The lines an invoice can reach; the others (2-b, 2-c, 2-d, 2-f, 2-g, 3, 4, 5, 11) are filled by hand. */
export const BPF_LINES_FROM_INVOICES: ReadonlySet<BpfProductLine> = new Set([
  "c1",
  "c2a",
  "c2e",
  "c2h",
  "c6",
  "c7",
  "c8",
  "c9",
  "c10",
]);

/** What of an invoice decides its line: the payer's kind as printed, and its learner's BPF facts, if any. */
export interface BpfProductFacts {
  payerKind: PayerKind;
  learnerCategory: LearnerCategory | null;
  learnerFunding: LearnerFunding | null;
}

/** The line of section C an invoice (or its credit note, by the invoice it corrects) goes to. */
export function bpfProductLineOf(f: BpfProductFacts): BpfProductLine {
  switch (f.payerKind) {
    case "company":
      return "c1";
    case "opco":
      return f.learnerCategory === "apprentice" ? "c2a" : "c2h";
    case "region":
      return "c6";
    case "france_travail":
      return "c7";
    case "other_public":
      return f.learnerFunding === "cpf" ? "c2e" : "c8";
    case "individual":
      return "c9";
    case "training_body":
      return "c10";
  }
}
