/**
 * What the Bilan pédagogique et financier (cerfa 10443, section F-3) cannot read from a formation's
 * certification: a certifying formation with an RNCP code counts by its exit level, one with an RS
 * code as RS, any other as 'autre formation professionnelle'. Staff say it only for a CQP registered
 * in neither register, a skills assessment or a VAE support (null: read from the certification).
 * Plain constants without imports: the database schema builds its enum from them.
 */
export const FORMATION_BPF_OBJECTIVES = ["cqp", "skills_assessment", "vae"] as const;
export type FormationBpfObjective = (typeof FORMATION_BPF_OBJECTIVES)[number];

export const FORMATION_BPF_OBJECTIVE_LABELS: Record<FormationBpfObjective, string> = {
  cqp: "CQP non enregistré au RNCP ni au RS",
  skills_assessment: "Bilan de compétences",
  vae: "Accompagnement à la VAE",
};
