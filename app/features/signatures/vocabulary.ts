// The words of signature requests (demandes de signature) on the screens: shared by the console, the
// signing page and the server's messages. Browser-safe.
import type { SignatureRequestState, SignerRole } from "./types";

export const SIGNATURE_STATE_LABELS: Record<SignatureRequestState, string> = {
  pending: "En cours",
  signed: "Signée",
  cancelled: "Annulée",
};

export const SIGNER_ROLE_LABELS: Record<SignerRole, string> = {
  learner: "Stagiaire",
  company: "Entreprise ou financeur",
  centre: "Centre de formation",
};

/** What 'Vérifier' answers. */
export const VERIFY_MESSAGES = {
  matches: "L'empreinte du fichier correspond à celle enregistrée.",
  differs: "L'empreinte du fichier ne correspond pas : le fichier a été modifié.",
} as const;

export const SIGNATURE_ERRORS = {
  unknownDocument: "Document introuvable.",
  unknownRequest: "Demande de signature introuvable.",
  notAgreement: "Seuls une convention ou un contrat de formation se signent en ligne.",
  archived: "Ce document est archivé : il ne change plus.",
  alreadySigned: "La copie signée de ce document est déjà enregistrée.",
  alreadyRequested: "Une demande de signature est déjà en cours ou signée pour ce document.",
  noCompanyEmail:
    "Aucune adresse e-mail de contact n'est renseignée pour l'entreprise ou le financeur (Modifier, rubrique Financement).",
  noLearnerEmail: "Ce ou cette stagiaire n'a pas d'adresse e-mail.",
  notPending: "Cette demande de signature n'est plus en cours.",
  centreSigned: "Le centre a déjà signé ce document.",
  unverified: "Votre adresse e-mail n'est pas vérifiée : la signature n'est pas possible.",
  changed:
    "Le document a changé depuis la demande : il ne peut pas être signé. Le centre vous enverra une nouvelle demande.",
  notAccepted: "Cochez « J'ai lu et j'accepte » pour signer.",
} as const;
