/** A learner's Positionnement page: the questionnaire's answers and the adaptation decided. */
export const positioningHref = (learnerId: string) => `/admin/stagiaires/${learnerId}/positionnement`;
