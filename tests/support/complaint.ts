/** A funder's complaint, as the public form stores it (storeComplaint's input). */
export const FUNDER_COMPLAINT = {
  firstName: "Inès",
  lastName: "Garcia",
  email: "ines.garcia@example.test",
  authorType: "financeur" as const,
  organisation: "OPCO Mobilités",
  category: "contenu" as const,
  description: "Le programme suivi ne correspond pas à celui qui a été financé.",
};
