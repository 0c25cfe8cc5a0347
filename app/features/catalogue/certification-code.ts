/**
 * A certification's code in the national registers (RNCP, RS) as the console stores it and the course
 * page and programme publish it. Apart from the completeness check (qualiopi.ts) because the course
 * page needs only this.
 */
export type CertificationRegister = "rncp" | "rs";

export interface CertificationCode {
  register: CertificationRegister;
  /** The number in its register, digits only ("35030"). */
  number: string;
}

const CODE_PATTERN = /^(RNCP|RS)\s*(\d{1,6})$/i;

/** 'RNCP 35030', 'rncp35030', 'RS5826' → the register and number; anything else → null. */
export function parseCertificationCode(value: string | null | undefined): CertificationCode | null {
  const match = CODE_PATTERN.exec((value ?? "").trim());
  if (!match?.[1] || !match[2]) return null;
  return { register: match[1].toLowerCase() as CertificationRegister, number: match[2] };
}

/** The code as published: 'RNCP 35030', 'RS 5826'. */
export function formatCertificationCode(code: CertificationCode): string {
  return `${code.register.toUpperCase()} ${code.number}`;
}

/** The certification's public record on France Compétences (a plain link: nothing is fetched). */
export function franceCompetencesUrl(code: CertificationCode): string {
  return `https://www.francecompetences.fr/recherche/${code.register}/${code.number}/`;
}
