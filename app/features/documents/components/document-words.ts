// Each document's words on the Stagiaires screen (its titles, its links, its intents) and the key of
// one click, read by a learner's documents and by the session-wide sending.
import { Award, BadgeCheck, FileSignature, type LucideIcon, Send } from "lucide-react";
import type { AgreementKind, DocumentType } from "../types";

/** What the Stagiaires list knows of a kept document (the loader's DocumentSummary, serialised). */
export interface SentDocument {
  id: string;
  kind: string;
  createdAt: string | Date;
  sentAt: string | Date | null;
  sentTo: string | null;
  signedAt: string | Date | null;
  signedFileName: string | null;
  archivedAt: string | Date | null;
}

/** Each kept kind as its link reads ('Convention de formation envoyée le …'). */
export const KIND_LABELS: Record<string, string> = {
  convocation: "Convocation envoyée",
  convention: "Convention de formation envoyée",
  contrat: "Contrat de formation envoyé",
  attestation: "Attestation de fin de formation envoyée",
  certificate: "Certificat de réalisation envoyé",
};

/**
 * The key of one click: the server keeps it with the document, so that the same click posted
 * twice (a retry, two instances) sends one e-mail.
 */
export const clickKey = () =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** Each document's words and intents on the Stagiaires screen. */
export const TYPE_WORDS: Record<
  DocumentType,
  {
    title: string;
    kinds: string[];
    none: string;
    one: string;
    session: string;
    sendAll: string;
    allName: string;
    icon: LucideIcon;
  }
> = {
  convocation: {
    title: "Convocation",
    kinds: ["convocation"],
    none: "Pas encore envoyée",
    one: "send-convocation",
    session: "send-convocations",
    sendAll: "Envoyer les convocations",
    allName: "la convocation",
    icon: Send,
  },
  agreement: {
    title: "Convention ou contrat",
    kinds: ["convention", "contrat"],
    none: "Pas encore envoyé",
    one: "send-agreement",
    session: "send-agreements",
    sendAll: "Envoyer les conventions et contrats",
    allName: "sa convention ou son contrat",
    icon: FileSignature,
  },
  attestation: {
    title: "Attestation de fin de formation",
    kinds: ["attestation"],
    none: "Pas encore envoyée",
    one: "send-attestation",
    session: "send-attestations",
    sendAll: "Envoyer les attestations",
    allName: "l'attestation de fin de formation",
    icon: Award,
  },
  certificate: {
    title: "Certificat de réalisation",
    kinds: ["certificate"],
    none: "Pas encore envoyé",
    one: "send-certificate",
    session: "send-certificates",
    sendAll: "Envoyer les certificats de réalisation",
    allName: "le certificat de réalisation",
    icon: BadgeCheck,
  },
};

export const AGREEMENT_TITLES: Record<AgreementKind, string> = {
  convention: "Convention de formation",
  contrat: "Contrat de formation",
};
