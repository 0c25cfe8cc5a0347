import type { CallbackSource } from "./content";

/** Where a contact request came from (contact_requests.source): the contact form or a callback button. */
export type ContactSource = "contact_form" | CallbackSource;

/**
 * Each source as staff say it: the one table the console's list and details, the CSV export, the
 * staff e-mail and Statistiques read, so a source never shows as its stored code.
 */
export const CONTACT_SOURCE_LABELS: Record<ContactSource, string> = {
  contact_form: "Formulaire de contact",
  callback_home_hero: "Rappel – accueil",
  callback_home_testimonials: "Rappel – témoignages",
  callback_course_page: "Rappel – page formation",
  callback_ready_card: "Rappel – encart « Prêt·e ? »",
  callback_contact_page: "Rappel – page contact",
  callback_financing_page: "Rappel – financements",
  callback_catalogue: "Rappel – catalogue",
};

/** The French label of a source; a code no form sends any more reads as words, not as a code. */
export function sourceLabel(source: string): string {
  return CONTACT_SOURCE_LABELS[source as ContactSource] ?? source.replaceAll("_", " ");
}
