// The complaints register's fixed lists: the database enforces the statuses as an enum, so this file
// imports nothing (drizzle-kit reads it too).

/** 'Reçue' → 'En cours' → 'Traitée' → 'Close': the register's statuses, in their order. */
export const COMPLAINT_STATUSES = ["received", "in_progress", "treated", "closed"] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export const COMPLAINT_STATUS_LABELS: Readonly<Record<ComplaintStatus, string>> = {
  received: "Reçue",
  in_progress: "En cours",
  treated: "Traitée",
  closed: "Close",
};

/** Statuses that end the handling: the handling delay runs from receipt to the first of them. */
export const HANDLED_STATUSES: readonly ComplaintStatus[] = ["treated", "closed"];

/** Months after closing at which a complaint's personal data are erased (3 years; the privacy policy says so). */
export const COMPLAINT_RETENTION_MONTHS = 36;

/**
 * How a complaint reached the centre: the site's public form, or the learner's personal space. Kept
 * on the complaint (the register's 'Canal'), since the learner it names is emptied with the author's data.
 */
export const COMPLAINT_CHANNELS = ["site", "space"] as const;
export type ComplaintChannel = (typeof COMPLAINT_CHANNELS)[number];

export const COMPLAINT_CHANNEL_LABELS: Readonly<Record<ComplaintChannel, string>> = {
  site: "Formulaire du site",
  space: "Espace stagiaire",
};
