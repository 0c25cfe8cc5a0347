import { getCentreSettings } from "~/features/settings/centre.server";
import type { Db } from "~/platform/db/client.server";

/**
 * The form as the screen posts it, from what is stored, with `changes` on top; as a record it holds
 * the first Qualiopi category only (settingsFormData posts them all).
 */
export async function settingsForm(
  db: Db,
  changes: Record<string, string> = {},
): Promise<Record<string, string>> {
  const s = await getCentreSettings(db);
  return {
    intent: "update",
    name: s.name,
    legalForm: s.legalForm,
    shareCapital: s.shareCapital,
    siret: s.siret,
    rcs: s.rcs,
    foundedOn: s.foundedOn ?? "",
    street: s.street,
    postalCode: s.postalCode,
    city: s.city,
    phone: s.phone,
    email: s.email,
    openingHours: s.openingHours.join("\n"),
    publicationDirector: s.publicationDirector,
    host: s.host,
    activityNumber: s.activityNumber,
    activityRegion: s.activityRegion,
    qualiopiCertifier: s.qualiopiCertifier,
    qualiopiValidUntil: s.qualiopiValidUntil ?? "",
    qualiopiCategories: s.qualiopiCategories[0] ?? "",
    mediatorName: s.mediatorName,
    mediatorWebsite: s.mediatorWebsite,
    referentName: s.referentName,
    referentPhone: s.referentPhone,
    referentEmail: s.referentEmail,
    leadRecipient: s.leadRecipient,
    complaintRecipient: s.complaintRecipient,
    learnerRetentionMonths: String(s.learnerRetentionMonths),
    minResultAnswers: String(s.minResultAnswers),
    vatStatus: s.vatStatus,
    logoId: s.logo?.id ?? "",
    ...changes,
  };
}

/**
 * The same form with every ticked Qualiopi category, as the screen posts them: for a test that a
 * refused field leaves the stored row exactly as it was (Paramètres saves whatever else is valid).
 */
export async function settingsFormData(
  db: Db,
  changes: Record<string, string> = {},
): Promise<URLSearchParams> {
  const form = new URLSearchParams(await settingsForm(db, changes));
  form.delete("qualiopiCategories");
  for (const category of (await getCentreSettings(db)).qualiopiCategories)
    form.append("qualiopiCategories", category);
  return form;
}
