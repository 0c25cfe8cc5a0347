/**
 * The agreement a learner's training is sold under, as an A4 PDF: a convention de formation between
 * the centre and the company or funder that pays (Code du travail, L. 6353-1 and D. 6353-1), or a
 * contrat de formation professionnelle with a learner who pays personally (L. 6353-3 to L. 6353-7).
 * Both state what the law asks: the parties, the action's title, nature, objectives and programme
 * (annexed: the programme PDF travels with the agreement), the number of learners, the prerequisites,
 * dates, hours and place, the means and the trainers' qualifications when the register (Formateurs) records them, how
 * the learning is followed and assessed, the price per learner and in total (excluding and including
 * VAT, or the exemption's mention), the payment terms and what happens on cancellation or abandon;
 * the contrat adds the 10 days of withdrawal (L. 6353-5), no payment before they end (L. 6353-6), the
 * learner's address and the consumer mediator. Then the signatures: the centre's signatory named in
 * Paramètres (a blank block when none), and the other party's.
 */
import { formatDateRange } from "~/features/catalogue";
import { ACTIVITY_PENDING, VAT_EXEMPTION_MENTION, VAT_RATE, type VatStatus } from "~/features/settings";
import { withVat } from "~/features/settings/index.server";
import { timeText } from "~/features/timetable";
import { NNBSP, quoted, withFullStop } from "~/platform/french";
import { formatCents } from "~/platform/money";
import { plural } from "~/platform/plural";
import { actionNature } from "./attestation-pdf.server";
import { type ConvocationSlot, writeTimetable } from "./convocation-pdf.server";
import {
  addressLine,
  centreSignature,
  type DocumentCentre,
  joined,
  type PdfPage,
  renderLearnerPdf,
} from "./pdf.server";
import type { AgreementKind } from "./types";

/** A trainer of the session, with what qualifies them when the register (Formateurs) records it. */
export interface SessionTrainer {
  name: string;
  qualification: string | null;
}

export interface AgreementInput {
  kind: AgreementKind;
  centre: DocumentCentre & {
    vatStatus: VatStatus;
    mediatorName: string;
    mediatorWebsite: string;
  };
  /** The learner the agreement was asked for; for a contrat, its party. */
  learner: {
    firstName: string;
    lastName: string;
    email: string;
    address: string | null;
    traineeCategory: Parameters<typeof actionNature>[1];
  };
  /** Everyone the agreement trains (a convention: each learner its payer sends to the session). */
  covered: readonly { firstName: string; lastName: string }[];
  /** The convention's other party; null for a contrat. */
  payer: {
    name: string;
    address: string;
    siret: string | null;
    contactName: string | null;
    contactEmail: string | null;
  } | null;
  /** 'Employeur ou OPCO', 'France Travail'… */
  fundingLabel: string;
  formation: {
    title: string;
    objectives: readonly string[];
    /** As staff type it on the formation ('35 heures'): used when the session has no slot yet. */
    duration: string;
    prerequisites: string | null;
    teachingMethods: string | null;
    assessmentMethods: string | null;
    certification: string | null;
    bpfObjective: Parameters<typeof actionNature>[0];
    /** The price per learner, and whether it is charged at all (catalogue/pricing.ts). */
    price: number;
    pricing: string | null;
  };
  session: { startDate: string; endDate: string; place: string; modeLabel: string; seats: number };
  slots: readonly ConvocationSlot[];
  trainers: readonly SessionTrainer[];
  /** The programme's file, annexed (attached to the e-mail beside the agreement). */
  programmeFile: string;
  /** The sum of the session's slots, in minutes (0 when none is entered yet). */
  plannedMinutes: number;
  today: string;
}

const TITLES: Record<AgreementKind, { title: string; subtitle: string }> = {
  convention: {
    title: "Convention de formation professionnelle",
    subtitle: "Articles L. 6353-1 et D. 6353-1 du Code du travail",
  },
  contrat: {
    title: "Contrat de formation professionnelle",
    subtitle: "Articles L. 6353-3 à L. 6353-7 du Code du travail",
  },
};

/** The days of withdrawal a learner paying personally has after signing (L. 6353-5). */
export const WITHDRAWAL_DAYS = 10;

/** The share of the price a learner paying personally may be asked once the withdrawal ends (L. 6353-6). */
const FIRST_PAYMENT_PERCENT = 30;

/**
 * The price lines for `count` learners at `price` euros each: free; or net of tax with the
 * exemption's mention; or excluding VAT, the VAT at the normal rate and including VAT. In cents, so
 * that the total is exactly `count` times the price per learner, as the course page states it.
 */
export function priceLines(price: number, pricing: string | null, vatStatus: VatStatus, count = 1): string[] {
  // A price of 0 means nothing by itself (catalogue/pricing.ts): free, or paid by a funder whose
  // conditions set the amount.
  if (pricing === "prise-en-charge" && price <= 0) {
    return [
      `Formation prise en charge${NNBSP}: son coût est réglé par le financeur selon ses conditions de prise en charge${NNBSP}; aucune somme n'est demandée à la personne formée.`,
    ];
  }
  if (pricing === "gratuit" || price <= 0) return [`Formation gratuite${NNBSP}: aucune somme n'est due.`];
  const each = Math.round(price * 100);
  const total = (cents: number) => formatCents(cents * count);
  // The total is printed for one learner too: the agreement states the price per learner and in total.
  const learners = plural(count, "stagiaire");
  if (vatStatus === "exempt") {
    return [
      `Prix par stagiaire${NNBSP}: ${formatCents(each)} net de taxe.`,
      `Prix total pour ${learners}${NNBSP}: ${total(each)} net de taxe.`,
      `${VAT_EXEMPTION_MENTION}.`,
    ];
  }
  const { vat, including } = withVat(price);
  const vatCents = Math.round(vat * 100);
  const includingCents = Math.round(including * 100);
  const rate = `${VAT_RATE * 100}${NNBSP}%`;
  return [
    `Prix par stagiaire hors taxes${NNBSP}: ${formatCents(each)}`,
    `TVA (${rate}) par stagiaire${NNBSP}: ${formatCents(vatCents)}`,
    `Prix par stagiaire toutes taxes comprises${NNBSP}: ${formatCents(includingCents)}`,
    `Prix total pour ${learners}${NNBSP}: ${total(each)} hors taxes, ${total(vatCents)} de TVA, ${total(includingCents)} toutes taxes comprises`,
  ];
}

/** 'du 1er au 12 mars 2027, 70 h de formation (présentiel)'. */
function whenText(input: AgreementInput): string {
  const hours = input.plannedMinutes ? timeText(input.plannedMinutes) : input.formation.duration.trim();
  return `${formatDateRange(input.session.startDate, input.session.endDate)}${hours ? `, ${hours} de formation` : ""} (${input.session.modeLabel.toLowerCase()})`;
}

const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

/** The parties, each with what identifies them. */
function writeParties(pdf: PdfPage, input: AgreementInput) {
  const { centre, learner, payer } = input;
  pdf.line(`Entre les soussignés${NNBSP}:`);
  pdf.doc.moveDown(0.3);
  pdf.strong(centre.name);
  pdf.detail(joined([centre.legalForm, addressLine(centre), centre.siret ? `SIRET ${centre.siret}` : ""]));
  pdf.detail(
    centre.activityNumber.trim()
      ? `Déclaration d'activité n° ${centre.activityNumber}${centre.activityRegion ? ` (région ${centre.activityRegion})` : ""}`
      : ACTIVITY_PENDING,
  );
  pdf.line("ci-après «\u202fl'organisme de formation\u202f»,");
  pdf.doc.moveDown(0.3);
  pdf.line("et");
  pdf.doc.moveDown(0.3);
  if (payer) {
    pdf.strong(payer.name);
    pdf.detail(joined([payer.address, payer.siret ? `SIRET ${payer.siret}` : null]));
    const contact = joined([payer.contactName, payer.contactEmail]);
    if (contact) pdf.detail(`Contact${NNBSP}: ${contact}`);
    pdf.line(`ci-après ${quoted("le financeur")} (${input.fundingLabel}).`);
  } else {
    pdf.strong(nameOf(learner));
    pdf.detail(joined([learner.address, learner.email]));
    pdf.line("qui finance personnellement sa formation.");
  }
}

/** Who teaches: each trainer of the timetable, with their qualification when the register (Formateurs) records it. */
function trainersText(trainers: readonly SessionTrainer[]): string {
  if (!trainers.length) {
    return "Les personnes chargées de la formation sont désignées par l'organisme de formation parmi son équipe pédagogique, qualifiée dans le domaine enseigné.";
  }
  const names = trainers.map((t) => (t.qualification ? `${t.name} (${t.qualification})` : t.name));
  return `Personnes chargées de la formation${NNBSP}: ${names.join(", ")}.`;
}

/** The articles both agreements share: what, for whom, why, when and where, how it runs and ends. */
function writeFormation(pdf: PdfPage, input: AgreementInput, next: () => string) {
  const { formation, session, centre, covered, kind } = input;
  const annexedTo = kind === "convention" ? "annexé à la présente convention" : "annexé au présent contrat";

  pdf.heading(`${next()} — Objet, nature et effectif`);
  pdf.line(
    `L'organisme de formation organise l'action ${quoted(formation.title)}, action concourant au développement des compétences.`,
  );
  pdf.line(
    `Nature de l'action${NNBSP}: ${actionNature(formation.bpfObjective, input.learner.traineeCategory)}.`,
  );
  pdf.line(
    `Nombre de stagiaires${NNBSP}: ${covered.length} (${covered.map(nameOf).join(", ")}), au sein d'une session de ${session.seats} places au plus.`,
  );

  pdf.heading(`${next()} — Objectifs et programme`);
  if (formation.objectives.length) pdf.bullets(formation.objectives);
  pdf.line(
    `Le programme détaillé de la formation est ${annexedTo} (document joint${NNBSP}: ${input.programmeFile}).`,
  );

  pdf.heading(`${next()} — Prérequis`);
  pdf.line(formation.prerequisites?.trim() || "Aucun prérequis n'est demandé pour suivre cette formation.");

  pdf.heading(`${next()} — Dates, durée, horaires et lieu`);
  pdf.line(`La formation se déroule ${whenText(input)}.`);
  pdf.line(`Lieu${NNBSP}: ${session.place || addressLine(centre)}.`);
  writeTimetable(pdf, session, input.slots);

  pdf.heading(`${next()} — Moyens pédagogiques, techniques et d'encadrement`);
  pdf.line(`Modalité${NNBSP}: ${session.modeLabel.toLowerCase()}.`);
  if (formation.teachingMethods)
    pdf.line(`Méthodes et moyens pédagogiques${NNBSP}: ${withFullStop(formation.teachingMethods)}`);
  pdf.line(trainersText(input.trainers));

  pdf.heading(`${next()} — Suivi, évaluation et sanction de la formation`);
  pdf.line("L'assiduité est suivie par des feuilles d'émargement signées à chaque créneau de formation.");
  if (formation.assessmentMethods)
    pdf.line(`Évaluation des acquis${NNBSP}: ${withFullStop(formation.assessmentMethods)}`);
  pdf.line(
    `À l'issue de la formation, une attestation de fin de formation et un certificat de réalisation sont remis${formation.certification ? `${NNBSP}; la formation prépare à la certification ${quoted(formation.certification)}` : ""}.`,
  );
}

/** The terms only a learner paying personally has (L. 6353-5 to L. 6353-7), and the mediator. */
function writeContractTerms(pdf: PdfPage, input: AgreementInput, next: () => string) {
  const name = nameOf(input.learner);
  pdf.heading(`${next()} — Délai de rétractation`);
  pdf.line(
    `À compter de la signature du présent contrat, ${name} dispose d'un délai de ${WITHDRAWAL_DAYS} jours pour se rétracter, par lettre recommandée avec avis de réception (article L. 6353-5 du Code du travail). Dans ce cas, aucune somme ne peut être exigée.`,
  );
  pdf.heading(`${next()} — Modalités de paiement`);
  pdf.line(
    `Aucune somme ne peut être exigée avant l'expiration du délai de rétractation. À son terme, un premier versement d'au plus ${FIRST_PAYMENT_PERCENT}${NNBSP}% du prix peut être demandé${NNBSP}; le solde est payé au fur et à mesure du déroulement de la formation (article L. 6353-6 du Code du travail).`,
  );
  pdf.heading(`${next()} — Interruption, abandon, annulation`);
  pdf.line(
    `Si, par suite de force majeure dûment reconnue, ${name} est dans l'impossibilité de suivre la formation, le contrat est résilié${NNBSP}: seules les prestations effectivement dispensées sont dues, au prorata temporis de leur valeur prévue au contrat (article L. 6353-7 du Code du travail). Si l'organisme de formation annule ou interrompt la formation, les sommes versées pour les prestations non dispensées sont remboursées (article L. 6354-1 du Code du travail).`,
  );
  pdf.heading(`${next()} — Différends et médiation de la consommation`);
  pdf.line(
    "Les parties recherchent d'abord une solution amiable, par une réclamation écrite adressée à l'organisme de formation.",
  );
  const { mediatorName, mediatorWebsite } = input.centre;
  if (mediatorName.trim() || mediatorWebsite.trim()) {
    pdf.line(
      `À défaut d'accord, ${name} peut recourir gratuitement au médiateur de la consommation dont relève l'organisme de formation (articles L. 612-1 et suivants du Code de la consommation)${NNBSP}: ${joined([mediatorName, mediatorWebsite])}.`,
    );
  }
  pdf.line("Faute de solution amiable, le litige est porté devant le tribunal compétent.");
}

/** The terms of a convention: payment on invoice, cancellation and abandon. */
function writeConventionTerms(pdf: PdfPage, next: () => string) {
  pdf.heading(`${next()} — Modalités de paiement`);
  pdf.line(
    "Le prix est facturé à l'issue de la formation, au vu des feuilles d'émargement, et payable à 30 jours à réception de la facture, par virement. Lorsque la formation est financée par un opérateur de compétences ou un autre financeur, l'entreprise lui adresse la demande de prise en charge avant le début de la formation.",
  );
  pdf.heading(`${next()} — Annulation, abandon`);
  pdf.line(
    "Toute annulation est notifiée par écrit. En cas d'abandon en cours de formation, seules les prestations effectivement dispensées sont dues, au prorata temporis de leur valeur prévue à la présente convention. Si l'organisme de formation annule ou reporte la formation, aucune somme n'est due pour les prestations non dispensées.",
  );
  pdf.heading(`${next()} — Différends`);
  pdf.line(
    "Les parties recherchent d'abord une solution amiable. À défaut, le litige est porté devant le tribunal compétent du ressort du siège de l'organisme de formation.",
  );
}

/** Writes the convention or the contrat and answers its bytes. */
export function renderAgreement(input: AgreementInput): Promise<Buffer> {
  const { kind, centre, learner, formation } = input;
  const { title, subtitle } = TITLES[kind];
  let article = 0;
  const next = () => `Article ${++article}`;
  return renderLearnerPdf(
    {
      centre,
      title,
      subtitle,
      info: {
        title: `${title} — ${nameOf(learner)} — ${formation.title}`,
        subject: title,
      },
      today: input.today,
    },
    (pdf) => {
      writeParties(pdf, input);
      writeFormation(pdf, input, next);

      pdf.heading(`${next()} — Prix`);
      for (const text of priceLines(
        formation.price,
        formation.pricing,
        centre.vatStatus,
        input.covered.length,
      ))
        pdf.line(text);
      pdf.line(`Financement${NNBSP}: ${input.fundingLabel}.`);

      // A switch whose default is `never`: a new kind of agreement does not compile until it has its terms.
      switch (kind) {
        case "contrat":
          writeContractTerms(pdf, input, next);
          break;
        case "convention":
          writeConventionTerms(pdf, next);
          break;
        default: {
          const unhandled: never = kind;
          throw new Error(`agreement kind ${String(unhandled)}`);
        }
      }

      pdf.doc.moveDown(1);
      pdf.line(
        `Fait en deux exemplaires${centre.city ? `, à ${centre.city}` : ""}, le jour de la dernière signature. Annexe${NNBSP}: programme de la formation.`,
      );
      pdf.doc.moveDown(0.8);
      centreSignature(pdf, centre);
      if (input.payer) {
        pdf.strong(`Pour le financeur${NNBSP}: ${input.payer.name}`);
        pdf.line(`Nom et qualité de la personne qui signe${NNBSP}:`);
        pdf.line("Date, signature et cachet");
      } else {
        // A private person has no stamp: their own hand, after reading.
        pdf.strong(nameOf(learner));
        pdf.line(`Date et signature, précédées de la mention manuscrite ${quoted("lu et approuvé")}`);
      }
    },
  );
}
