/**
 * The agreement a learner's training is sold under, as an A4 PDF: a convention de formation between
 * the centre and the company or funder that pays (Code du travail, L. 6353-1 and D. 6353-1), or a
 * contrat de formation professionnelle with a learner who pays personally (L. 6353-3 to L. 6353-7,
 * with its 10-day withdrawal period and no payment before it ends). Both print the parties, the
 * formation, its objectives, dates, hours and place, how it runs and is assessed, the price
 * (excluding and including VAT, or the exemption's mention, as Paramètres says), the payment terms and
 * what happens on cancellation or abandon, then the signatures.
 */
import { formatDateRange } from "~/features/catalogue";
import {
  ACTIVITY_PENDING,
  type CentreIdentity,
  fullAddress,
  VAT_EXEMPTION_MENTION,
  VAT_RATE,
  type VatStatus,
} from "~/features/settings";
import { withVat } from "~/features/settings/index.server";
import { timeText } from "~/features/timetable";
import { NNBSP } from "~/platform/french";
import { formatEuros } from "~/platform/money";
import { type ConvocationSlot, writeTimetable } from "./convocation-pdf.server";
import { type PdfPage, renderLearnerPdf } from "./pdf.server";

export type AgreementKind = "convention" | "contrat";

export interface AgreementInput {
  kind: AgreementKind;
  centre: CentreIdentity & { vatStatus: VatStatus };
  learner: { firstName: string; lastName: string; email: string };
  /** The convention's other party; null for a contrat. */
  payer: {
    name: string;
    address: string;
    siret: string | null;
    contactName: string | null;
    contactEmail: string | null;
  } | null;
  /** 'Employeur ou OPCO', 'CPF (Mon Compte Formation)'… */
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
    /** The price per learner, and whether it is charged at all (catalogue/pricing.ts). */
    price: number;
    pricing: string | null;
  };
  session: { startDate: string; endDate: string; place: string; modeLabel: string };
  slots: readonly ConvocationSlot[];
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

/**
 * The price lines: free; or the amount net of tax with the exemption's mention; or excluding VAT, the
 * VAT at the normal rate and including VAT, each to the cent.
 */
export function priceLines(price: number, pricing: string | null, vatStatus: VatStatus): string[] {
  if (pricing === "gratuit" || price <= 0) return ["Formation gratuite : aucune somme n'est due."];
  if (vatStatus === "exempt") {
    return [`Prix de la formation${NNBSP}: ${formatEuros(price)} net de taxe.`, `${VAT_EXEMPTION_MENTION}.`];
  }
  const { vat, including } = withVat(price);
  return [
    `Prix hors taxes${NNBSP}: ${formatEuros(price)}`,
    `TVA (${VAT_RATE * 100}${NNBSP}%)${NNBSP}: ${formatEuros(vat)}`,
    `Prix toutes taxes comprises${NNBSP}: ${formatEuros(including)}`,
  ];
}

/** 'du 1er au 12 mars 2027, 70 h de formation (présentiel)'. */
function whenText(input: AgreementInput): string {
  const hours = input.plannedMinutes ? timeText(input.plannedMinutes) : input.formation.duration.trim();
  return `${formatDateRange(input.session.startDate, input.session.endDate)}${hours ? `, ${hours} de formation` : ""} (${input.session.modeLabel.toLowerCase()})`;
}

/** The parties, each with what identifies them. */
function writeParties(pdf: PdfPage, input: AgreementInput) {
  const { centre, learner, payer } = input;
  pdf.line("Entre les soussignés :");
  pdf.doc.moveDown(0.3);
  pdf.strong(centre.name);
  pdf.detail([centre.legalForm, fullAddress(centre), `SIRET ${centre.siret}`].filter(Boolean).join(" · "));
  pdf.detail(
    centre.activityNumber.trim()
      ? `Déclaration d'activité n° ${centre.activityNumber}${centre.activityRegion ? ` (région ${centre.activityRegion})` : ""}`
      : ACTIVITY_PENDING,
  );
  pdf.line("ci-après « l'organisme de formation »,");
  pdf.doc.moveDown(0.3);
  pdf.line("et");
  pdf.doc.moveDown(0.3);
  if (payer) {
    pdf.strong(payer.name);
    pdf.detail([payer.address, payer.siret ? `SIRET ${payer.siret}` : null].filter(Boolean).join(" · "));
    const contact = [payer.contactName, payer.contactEmail].filter(Boolean).join(" · ");
    if (contact) pdf.detail(`Représenté·e par${NNBSP}: ${contact}`);
    pdf.line(`ci-après « le financeur » (${input.fundingLabel}),`);
    pdf.doc.moveDown(0.3);
    pdf.line(
      `pour la formation de ${learner.firstName} ${learner.lastName}, ci-après « le ou la stagiaire ».`,
    );
  } else {
    pdf.strong(`${learner.firstName} ${learner.lastName}`);
    pdf.detail(learner.email);
    pdf.line("ci-après « le ou la stagiaire », qui finance personnellement sa formation.");
  }
}

/** The articles both agreements share: what, why, when and where, how it runs and ends. */
function writeFormation(pdf: PdfPage, input: AgreementInput, next: () => string) {
  const { formation, session, centre } = input;
  pdf.heading(`${next()} — Objet et nature de l'action`);
  pdf.line(
    `L'organisme de formation organise l'action de formation «${"\u00a0"}${formation.title}${"\u00a0"}», action concourant au développement des compétences au sens de l'article L. 6313-1 du Code du travail.`,
  );
  pdf.heading(`${next()} — Objectifs`);
  if (formation.objectives.length) pdf.bullets(formation.objectives);
  else pdf.line("Les objectifs sont ceux du programme de la formation, remis avec ce document.");
  if (formation.prerequisites) {
    pdf.heading(`${next()} — Prérequis`);
    pdf.line(formation.prerequisites);
  }
  pdf.heading(`${next()} — Dates, durée, horaires et lieu`);
  pdf.line(`La formation se déroule ${whenText(input)}.`);
  pdf.line(`Lieu${NNBSP}: ${session.place || fullAddress(centre)}.`);
  writeTimetable(pdf, session, input.slots);
  pdf.heading(`${next()} — Déroulement et sanction de la formation`);
  if (formation.teachingMethods) pdf.line(`Méthodes pédagogiques${NNBSP}: ${formation.teachingMethods}`);
  if (formation.assessmentMethods) pdf.line(`Évaluation des acquis${NNBSP}: ${formation.assessmentMethods}`);
  pdf.line(
    `L'assiduité est attestée par des feuilles d'émargement. Une attestation de fin de formation est remise au ou à la stagiaire${formation.certification ? `${NNBSP}; la formation prépare à la certification${NNBSP}: ${formation.certification}` : ""}.`,
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
        title: `${title} — ${learner.firstName} ${learner.lastName} — ${formation.title}`,
        subject: title,
      },
      today: input.today,
    },
    (pdf) => {
      writeParties(pdf, input);
      writeFormation(pdf, input, next);

      pdf.heading(`${next()} — Prix`);
      for (const text of priceLines(formation.price, formation.pricing, centre.vatStatus)) pdf.line(text);
      pdf.line(`Financement${NNBSP}: ${input.fundingLabel}.`);

      // A switch whose default is `never`: a new kind of agreement does not compile until it has its terms.
      switch (kind) {
        case "contrat": {
          pdf.heading(`${next()} — Délai de rétractation`);
          pdf.line(
            `À compter de la signature du présent contrat, le ou la stagiaire dispose d'un délai de ${WITHDRAWAL_DAYS} jours pour se rétracter, par lettre recommandée avec avis de réception (article L. 6353-5 du Code du travail). Dans ce cas, aucune somme ne peut lui être exigée.`,
          );
          pdf.heading(`${next()} — Modalités de paiement`);
          pdf.line(
            `Aucune somme ne peut être exigée avant l'expiration du délai de rétractation. À son terme, un premier versement d'au plus 30${NNBSP}% du prix peut être demandé${NNBSP}; le solde est payé au fur et à mesure du déroulement de la formation (article L. 6353-6 du Code du travail).`,
          );
          pdf.heading(`${next()} — Interruption, abandon, annulation`);
          pdf.line(
            "Si, par suite de force majeure dûment reconnue, le ou la stagiaire est empêché·e de suivre la formation, il ou elle peut rompre le contrat : seules les prestations effectivement dispensées sont alors dues, au prorata temporis de leur valeur prévue au contrat (article L. 6354-1 du Code du travail). Si l'organisme de formation annule ou interrompt la formation, les sommes versées pour les prestations non dispensées sont remboursées.",
          );
          break;
        }
        case "convention": {
          pdf.heading(`${next()} — Modalités de paiement`);
          pdf.line(
            "Le prix est facturé à l'issue de la formation, au vu des feuilles d'émargement, et payable à 30 jours à réception de la facture, par virement. Lorsque la formation est financée par un opérateur de compétences ou un autre financeur, l'entreprise lui adresse la demande de prise en charge avant le début de la formation.",
          );
          pdf.heading(`${next()} — Annulation, abandon`);
          pdf.line(
            "Toute annulation est notifiée par écrit. En cas d'abandon en cours de formation, seules les prestations effectivement dispensées sont dues, au prorata temporis de leur valeur prévue à la présente convention. Si l'organisme de formation annule ou reporte la formation, aucune somme n'est due pour les prestations non dispensées.",
          );
          break;
        }
        default: {
          const unhandled: never = kind;
          throw new Error(`agreement kind ${String(unhandled)}`);
        }
      }
      pdf.heading(`${next()} — Différends`);
      pdf.line(
        "Les parties recherchent d'abord une solution amiable. À défaut, le litige est porté devant le tribunal compétent du ressort du siège de l'organisme de formation.",
      );

      pdf.doc.moveDown(1);
      pdf.line(`Fait en deux exemplaires, à ${centre.city}, le jour de la dernière signature.`);
      pdf.doc.moveDown(0.8);
      pdf.strong(`Pour l'organisme de formation${NNBSP}: ${centre.name}`);
      pdf.doc.moveDown(2);
      pdf.strong(
        input.payer
          ? `Pour le financeur${NNBSP}: ${input.payer.name}`
          : `Le ou la stagiaire${NNBSP}: ${learner.firstName} ${learner.lastName}`,
      );
      pdf.line("(date, signature et, le cas échéant, cachet)");
    },
  );
}
