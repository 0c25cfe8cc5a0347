/**
 * Indicator 12 (assiduité, prévention des abandons): attendance recorded, and each absence alert of
 * the last 12 months (Paramètres' thresholds, features/attendance) followed up on the learner's file.
 * Kept apart from rules.ts, which reads it as the indicator's rule; it takes the facts it needs by
 * shape, so this module imports nothing of rules.ts.
 */
import { followUpHref } from "~/features/attendance";
import { plural } from "~/platform/plural";

/** The alerts raised in 12 months, those followed up since, and the learner of the oldest still open. */
export interface AbsenceAlertFacts {
  alerts: number;
  followedUp: number;
  openLearnerId: string | null;
}

interface AttendanceFacts {
  slots: { withAttendance: number };
  absences: number;
  dropouts: number;
  absenceAlerts: AbsenceAlertFacts;
}

const LEARNERS = { href: "/admin/stagiaires", label: "Stagiaires" };

export function attendanceRule(f: AttendanceFacts) {
  const { alerts, followedUp, openLearnerId } = f.absenceAlerts;
  const open = alerts - followedUp;
  return {
    evidence: [
      { text: `${plural(f.slots.withAttendance, "créneau émargé", "créneaux émargés")} en 12\u00a0mois` },
      {
        text: `${plural(f.absences, "absence notée", "absences notées")}, ${plural(f.dropouts, "abandon", "abandons")}`,
      },
      {
        text: `${plural(alerts, "alerte d'absences", "alertes d'absences")} en 12\u00a0mois, ${plural(followedUp, "suivie", "suivies")}`,
        href: "/admin/parametres",
      },
    ],
    proven: f.slots.withAttendance > 0 && open === 0,
    missing:
      f.slots.withAttendance === 0
        ? "Aucun émargement en 12\u00a0mois\u00a0: l'assiduité n'est pas suivie. Faites émarger chaque créneau et notez les absences."
        : `${plural(open, "alerte d'absences", "alertes d'absences")} sans suivi\u00a0: notez l'appel, l'entretien ou l'abandon sur la fiche du ou de la stagiaire.`,
    fix:
      f.slots.withAttendance > 0 && openLearnerId
        ? { href: followUpHref(openLearnerId), label: "Suivi du ou de la stagiaire" }
        : LEARNERS,
  };
}
