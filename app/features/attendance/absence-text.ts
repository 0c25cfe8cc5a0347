// What the absence alerts say, the same in the e-mail, on the dashboard and on the learner's file.
import { plural } from "~/platform/plural";
import { ABSENCE_ALERT_KIND_LABELS, type AbsenceAlertKind } from "./vocabulary";

/** The address of a learner's absence follow-up in the console (the e-mail's and dashboard's link). */
export const followUpHref = (learnerId: string) => `/admin/stagiaires/${learnerId}/suivi`;

/** 'Absences consécutives : 3 créneaux' or 'Part des heures manquées : 12 %'. */
export const alertText = (kind: AbsenceAlertKind, observed: number) =>
  `${ABSENCE_ALERT_KIND_LABELS[kind]}\u00a0: ${kind === "consecutive" ? plural(observed, "créneau", "créneaux") : `${observed}\u00a0%`}`;
