/**
 * The Qualiopi board's rules: for each of the 32 indicators, one small function of the centre's facts
 * (counted by board.server.ts in a few grouped queries) that says what the product holds as evidence,
 * whether that proves the indicator, what is missing in one French sentence, and where to fix it.
 * Pure and browser-safe. An indicator the product cannot evidence (premises, staff development…) is
 * never 'Prouvé': its sentence says which document to keep, and where.
 */
import { plural } from "~/platform/plural";
import { attendanceRule } from "./attendance-rule";
import type { Evidence, IndicatorState, QualityFacts, Rule } from "./facts";
import { needsAnalysed, positionedAtEntry } from "./positioning-rules";
import { INDICATORS, type Indicator, indicatorApplies, type QualityScope } from "./referential";
import { WATCH_KIND_LABELS, type WatchKind } from "./vocabulary";

export { type Evidence, INDICATOR_STATE_LABELS, type IndicatorState, type QualityFacts } from "./facts";

const FORMATIONS = { href: "/admin/formations", label: "Formations" };
const LEARNERS = { href: "/admin/stagiaires", label: "Stagiaires" };
const SETTINGS = { href: "/admin/parametres", label: "Paramètres" };
const WATCH = { href: "/admin/qualiopi/veille", label: "Veille" };
const PARTNERS = { href: "/admin/qualiopi/partenaires-handicap", label: "Partenaires handicap" };
const IMPROVEMENTS = { href: "/admin/qualiopi/ameliorations", label: "Améliorations" };

/** An indicator the product holds no record of: what to keep, outside the tool. */
const keptOutside =
  (what: string, fix = IMPROVEMENTS): Rule =>
  () => ({
    evidence: [{ text: "Aucune donnée dans l'outil pour cet indicateur" }],
    proven: false,
    missing: `${what} (à tenir hors de l'outil, et à citer au dossier de preuves).`,
    fix,
  });

/** All of `total` meet the rule (and there is at least one). */
const all = (done: number, total: number) => total > 0 && done === total;

const formationsRule =
  (count: (f: QualityFacts) => number, what: string): Rule =>
  (f) => ({
    evidence: [
      {
        text: `${plural(count(f), "formation publiée", "formations publiées")} sur ${f.formations.published} avec ${what}`,
        href: FORMATIONS.href,
      },
    ],
    proven: all(count(f), f.formations.published),
    missing:
      f.formations.published === 0
        ? "Aucune formation publiée\u00a0: publiez le catalogue."
        : `${plural(f.formations.published - count(f), "formation publiée", "formations publiées")} sans ${what}.`,
    fix: FORMATIONS,
  });

const watchRule =
  (kind: WatchKind): Rule =>
  (f) => {
    const { count, latest } = f.watch[kind];
    return {
      evidence: [
        {
          text: `${plural(count, "entrée", "entrées")} de veille ${WATCH_KIND_LABELS[kind].toLowerCase()} en 12\u00a0mois${latest ? `, la dernière le ${latest}` : ""}`,
          href: WATCH.href,
        },
      ],
      proven: count > 0,
      missing: `Aucune veille ${WATCH_KIND_LABELS[kind].toLowerCase()} notée depuis 12\u00a0mois\u00a0: ajoutez-en une au registre de veille.`,
      fix: WATCH,
    };
  };

/** Indicator number → its rule. */
export const RULES: Readonly<Record<number, Rule>> = {
  1: (f) => {
    const complete = f.formations.published - f.formations.incomplete.length;
    const first = f.formations.incomplete[0];
    return {
      evidence: [
        {
          text: `${plural(complete, "formation publiée", "formations publiées")} sur ${f.formations.published} avec une fiche complète${f.formations.latestUpdate ? ` (dernière mise à jour le ${f.formations.latestUpdate})` : ""}`,
          href: FORMATIONS.href,
        },
      ],
      proven: all(complete, f.formations.published),
      missing:
        f.formations.published === 0
          ? "Aucune formation publiée\u00a0: publiez le catalogue."
          : `${plural(f.formations.incomplete.length, "fiche incomplète", "fiches incomplètes")}${first ? `, dont «\u00a0${first.title}\u00a0» (${first.missing.join(", ")})` : ""}.`,
      fix: first ? { href: `/admin/formations/${first.id}`, label: "Compléter la fiche" } : FORMATIONS,
    };
  },
  2: (f) => ({
    evidence: [
      {
        text: `${plural(f.results.shown, "formation publiée", "formations publiées")} sur ${f.results.published} affichant un résultat`,
        href: "/admin/statistiques",
      },
    ],
    proven: f.results.shown > 0,
    missing:
      "Aucun résultat publié\u00a0: il faut des stagiaires en fin de session et des réponses aux enquêtes (ou des résultats archivés).",
    fix: { href: "/admin/statistiques", label: "Statistiques" },
  }),
  3: (f) => ({
    evidence: [
      {
        text: `${plural(f.formations.certifyingComplete, "formation certifiante", "formations certifiantes")} sur ${f.formations.certifying} avec code, certificateur, passerelles et débouchés`,
        href: FORMATIONS.href,
      },
      {
        text: `${plural(f.certificationOutcomes, "résultat de certification noté", "résultats de certification notés")} en 12\u00a0mois`,
      },
    ],
    proven: all(f.formations.certifyingComplete, f.formations.certifying),
    missing:
      f.formations.certifying === 0
        ? "Aucune formation certifiante publiée\u00a0: renseignez le code RNCP ou RS des formations concernées."
        : `${plural(f.formations.certifying - f.formations.certifyingComplete, "formation certifiante", "formations certifiantes")} sans toutes les informations de certification.`,
    fix: FORMATIONS,
  }),
  4: (f) => needsAnalysed(f.entries, f.applications),
  5: formationsRule((f) => f.formations.withObjectives, "objectifs"),
  6: formationsRule((f) => f.formations.withContent, "programme et méthodes"),
  7: (f) => ({
    evidence: [
      {
        text: `${plural(f.formations.certifyingComplete, "formation certifiante", "formations certifiantes")} sur ${f.formations.certifying} avec blocs de compétences et certificateur`,
        href: FORMATIONS.href,
      },
    ],
    proven: all(f.formations.certifyingComplete, f.formations.certifying),
    missing:
      "Montrez, formation par formation, que le programme couvre le référentiel de la certification (tableau de correspondance à joindre au dossier).",
    fix: FORMATIONS,
  }),
  8: (f) => positionedAtEntry(f.entries),
  9: (f) => ({
    evidence: [
      {
        text: `${plural(f.convocations.convoked, "stagiaire convoqué·e", "stagiaires convoqué·es")} avant le premier jour sur ${f.convocations.learners} (sessions commencées en 12\u00a0mois)`,
        href: LEARNERS.href,
      },
    ],
    proven: all(f.convocations.convoked, f.convocations.learners),
    missing:
      f.convocations.learners === 0
        ? "Aucune session commencée avec des stagiaires en 12\u00a0mois."
        : `${plural(f.convocations.learners - f.convocations.convoked, "stagiaire", "stagiaires")} sans convocation envoyée avant le début\u00a0: envoyez-les depuis Stagiaires.`,
    fix: LEARNERS,
  }),
  10: (f) => ({
    evidence: [
      {
        text: `${plural(f.slots.withAttendance, "créneau émargé", "créneaux émargés")} sur ${f.slots.past} passés en 12\u00a0mois`,
        href: FORMATIONS.href,
      },
    ],
    proven: all(f.slots.withAttendance, f.slots.past),
    missing:
      f.slots.past === 0
        ? "Aucun créneau passé avec des stagiaires en 12\u00a0mois\u00a0: planifiez les sessions et faites émarger."
        : `${plural(f.slots.past - f.slots.withAttendance, "créneau passé", "créneaux passés")} sans émargement\u00a0: ouvrez leur page d'émargement.`,
    fix: FORMATIONS,
  }),
  11: (f) => ({
    evidence: [
      {
        text: `${plural(f.attestations.attested, "attestation envoyée", "attestations envoyées")} sur ${f.attestations.learners} stagiaires en fin de session (12\u00a0mois)`,
        href: LEARNERS.href,
      },
    ],
    proven: all(f.attestations.attested, f.attestations.learners),
    missing:
      f.attestations.learners === 0
        ? "Aucune session terminée avec des stagiaires en 12\u00a0mois."
        : `${plural(f.attestations.learners - f.attestations.attested, "stagiaire", "stagiaires")} sans attestation de fin de formation envoyée.`,
    fix: LEARNERS,
  }),
  12: attendanceRule,
  13: keptOutside(
    "La coordination centre-entreprise (livret d'apprentissage ou de suivi, visites, échanges avec le tuteur)",
  ),
  14: keptOutside("L'accompagnement socio-professionnel, éducatif et citoyen des apprentis"),
  15: keptOutside(
    "L'information des apprentis sur leurs droits et devoirs, la santé et la sécurité au travail (livret d'accueil signé)",
  ),
  16: (f) => ({
    evidence: [
      {
        text: `${plural(f.certificationOutcomes, "résultat de certification noté", "résultats de certification notés")} en 12\u00a0mois`,
        href: LEARNERS.href,
      },
    ],
    proven: f.certificationOutcomes > 0,
    missing:
      "Aucun résultat de certification noté en 12\u00a0mois\u00a0: notez dans Stagiaires qui s'est présenté·e et qui a été certifié·e.",
    fix: LEARNERS,
  }),
  17: keptOutside(
    "Les locaux, équipements et moyens techniques adaptés (plans, inventaire, contrats de location, registre d'accessibilité)",
  ),
  18: (f) => ({
    evidence: [
      {
        text: `${plural(f.slots.withTrainer, "créneau", "créneaux")} sur ${f.slots.planned} avec un formateur du registre (12\u00a0mois et à venir)`,
        href: "/admin/formateurs",
      },
    ],
    proven: all(f.slots.withTrainer, f.slots.planned),
    missing:
      f.slots.planned === 0
        ? "Aucun créneau planifié\u00a0: saisissez le planning des sessions avec leurs formateurs."
        : `${plural(f.slots.planned - f.slots.withTrainer, "créneau", "créneaux")} sans formateur\u00a0: choisissez-le dans le planning de la session.`,
    fix: FORMATIONS,
  }),
  19: (f) => ({
    evidence: [
      {
        text: `${plural(f.articles, "article publié", "articles publiés")} dans Ressources`,
        href: "/admin/articles",
      },
    ],
    proven: f.articles > 0,
    missing:
      "Aucune ressource publiée\u00a0: publiez des articles, guides ou supports dans Ressources (les supports remis en salle restent à citer hors de l'outil).",
    fix: { href: "/admin/articles", label: "Articles" },
  }),
  20: (f) => ({
    evidence: [
      {
        text: f.referentName
          ? `Référent handicap\u00a0: ${f.referentName}`
          : "Aucun référent handicap dans Paramètres",
      },
    ],
    proven: false,
    missing: f.referentName
      ? "Le référent mobilité et le conseil de perfectionnement (nomination, comptes rendus) sont à tenir hors de l'outil."
      : "Nommez le référent handicap dans Paramètres\u00a0; le référent mobilité et le conseil de perfectionnement sont à tenir hors de l'outil.",
    fix: SETTINGS,
  }),
  21: (f) => ({
    evidence: [
      {
        text: `${plural(f.trainers.qualified, "formateur actif", "formateurs actifs")} sur ${f.trainers.active} avec CV et diplôme à jour`,
        href: "/admin/formateurs",
      },
    ],
    proven: all(f.trainers.qualified, f.trainers.active),
    missing:
      f.trainers.active === 0
        ? "Aucun formateur au registre\u00a0: ajoutez l'équipe pédagogique dans Formateurs."
        : `${plural(f.trainers.active - f.trainers.qualified, "formateur actif", "formateurs actifs")} sans CV ou diplôme valide\u00a0: déposez-les sur leur fiche.`,
    fix: { href: "/admin/formateurs", label: "Formateurs" },
  }),
  22: keptOutside(
    "Le plan de développement des compétences des salariés (entretiens professionnels, formations suivies)",
  ),
  23: watchRule("legal"),
  24: watchRule("jobs"),
  25: watchRule("pedagogy"),
  26: (f) => ({
    evidence: [
      {
        text: `${plural(f.partners, "partenaire handicap", "partenaires handicap")} à l'annuaire`,
        href: PARTNERS.href,
      },
      {
        text: f.referentName
          ? `Référent handicap\u00a0: ${f.referentName}`
          : "Aucun référent handicap dans Paramètres",
      },
    ],
    proven: f.partners > 0 && f.referentName !== "",
    missing:
      f.partners === 0
        ? "Aucun partenaire handicap (Agefiph, Cap emploi, MDPH…)\u00a0: ajoutez-les à l'annuaire."
        : "Nommez le référent handicap dans Paramètres.",
    fix: f.partners === 0 ? PARTNERS : SETTINGS,
  }),
  27: keptOutside(
    "Les contrats de sous-traitance ou de portage et le contrôle du respect du référentiel par les sous-traitants",
  ),
  28: keptOutside(
    "Le réseau des entreprises partenaires accueillant les périodes en situation de travail (conventions, contacts)",
  ),
  29: keptOutside(
    "Les actions pour l'insertion professionnelle ou la poursuite d'études (ateliers, entreprises rencontrées)",
  ),
  30: (f) => ({
    evidence: [
      {
        text: `${plural(f.stakeholders.learnersAnswered, "réponse", "réponses")} de stagiaires en 12\u00a0mois`,
        href: "/admin/enquetes",
      },
      {
        text:
          f.stakeholders.othersGroups.length > 0
            ? `${plural(f.stakeholders.othersAnswered, "réponse", "réponses")} d'autres parties prenantes (${f.stakeholders.othersGroups.join(", ")})`
            : "Aucune réponse d'employeurs, de formateurs ou de financeurs",
      },
    ],
    proven: f.stakeholders.learnersAnswered > 0 && f.stakeholders.othersAnswered > 0,
    missing:
      f.stakeholders.learnersAnswered === 0
        ? "Aucune réponse de stagiaires en 12\u00a0mois\u00a0: envoyez les questionnaires à chaud et à froid."
        : "Interrogez aussi les employeurs, les formateurs ou les financeurs\u00a0: aucune réponse de leur part en 12\u00a0mois.",
    fix: { href: "/admin/enquetes", label: "Enquêtes" },
  }),
  31: (f) => ({
    evidence: [
      {
        text: `Registre des réclamations tenu\u00a0: ${plural(f.complaints.recent, "réclamation", "réclamations")} en 12\u00a0mois, dont ${f.complaints.late} hors du délai de ${f.complaints.delayDays}\u00a0jours`,
        href: "/admin/reclamations",
      },
    ],
    proven: f.complaints.late === 0,
    missing: `${plural(f.complaints.late, "réclamation", "réclamations")} sans réponse dans le délai de ${f.complaints.delayDays}\u00a0jours que le centre s'est fixé\u00a0: traitez-les.`,
    fix: { href: "/admin/reclamations", label: "Réclamations" },
  }),
  32: (f) => ({
    evidence: [
      {
        text: `${plural(f.improvements.doneWithResult, "action réalisée", "actions réalisées")} avec un résultat en 12\u00a0mois, ${plural(f.improvements.open, "en cours ou proposée", "en cours ou proposées")}`,
        href: IMPROVEMENTS.href,
      },
    ],
    proven: f.improvements.doneWithResult > 0,
    missing:
      "Aucune action d'amélioration réalisée avec son résultat depuis 12\u00a0mois\u00a0: notez celles qui répondent aux réclamations et aux enquêtes.",
    fix: IMPROVEMENTS,
  }),
};

export interface IndicatorRow extends Indicator {
  state: IndicatorState;
  evidence: Evidence[];
  /** The sentence of what is missing, null when proven or not applicable. */
  missing: string | null;
  fix: { href: string; label: string } | null;
}

/** Every indicator's state for a centre with `scopes`, in the référentiel's order. */
export function boardRows(facts: QualityFacts, scopes: ReadonlySet<QualityScope>): IndicatorRow[] {
  return INDICATORS.map((indicator) => {
    if (!indicatorApplies(indicator, scopes)) {
      return { ...indicator, state: "not_applicable", evidence: [], missing: null, fix: null };
    }
    const rule = RULES[indicator.number];
    if (!rule) throw new Error(`No rule for Qualiopi indicator ${indicator.number}`);
    const outcome = rule(facts);
    return {
      ...indicator,
      state: outcome.proven ? "proven" : "incomplete",
      evidence: outcome.evidence,
      missing: outcome.proven ? null : outcome.missing,
      fix: outcome.proven ? null : outcome.fix,
    };
  });
}

/** 'N indicateurs prouvés sur M' (M: those that apply). */
export function provenCount(rows: readonly IndicatorRow[]): { proven: number; applicable: number } {
  return {
    proven: rows.filter((r) => r.state === "proven").length,
    applicable: rows.filter((r) => r.state !== "not_applicable").length,
  };
}
