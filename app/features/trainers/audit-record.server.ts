// How the Journal d'activité speaks of trainers: registered by app/boot (features/audit/registry.ts).
// A trainer is a person: the Journal names them by a reference, never by name, as it outlives them.
import { inArray } from "drizzle-orm";
import { shortRef } from "~/features/audit";
import type { AuditDeclaration } from "~/features/audit/index.server";
import { trainers } from "./schema.server";

export const trainerAudit: AuditDeclaration = {
  entity: "trainer",
  kind: "Formateurs",
  label: "le formateur ou la formatrice",
  fields: {
    firstName: ["Prénom", false],
    lastName: ["Nom", false],
    email: ["E-mail", false],
    phone: ["Téléphone", false],
    skills: ["Compétences", false],
    qualification: ["Qualification", false],
    active: ["En activité", true],
  },
  find: async (db, ids) =>
    (await db.select({ id: trainers.id }).from(trainers).where(inArray(trainers.id, ids))).map(({ id }) => ({
      id,
      href: `/admin/formateurs/${id}`,
    })),
};

/** 'Formateur·rice (réf. 1a2b3c4d)': how the Journal names a trainer. */
export const trainerTitle = (id: string) => `Formateur·rice (réf. ${shortRef(id)})`;
