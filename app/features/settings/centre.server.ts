import { eq, getTableColumns } from "drizzle-orm";
import { fallbackFormat, type MediaFacts, pictureHtml, variantPath, variantWidths } from "~/features/media";
import { media, pictureColumns } from "~/features/media/schema.server";
import { centreSettings } from "~/features/settings/schema.server";
import { formatDate, parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";

import type { EventBus } from "~/platform/events.server";
import {
  type CentreIdentity,
  type CentreLogo,
  type CentreSettings,
  type InternalRules,
  type PublicCentre,
  qualiopiCertified,
  qualiopiValid,
} from "./centre";
import { LEARNER_RETENTION } from "./retention";
import { ABSENCE_ALERT_BOUNDS } from "./settings-schema";

// Every column but the certificate's bytes and the règlement intérieur: the settings are read on
// every rendered public page, and neither is ever shown there.
const {
  certificateContent: _bytes,
  internalRules: _rules,
  internalRulesUpdatedAt: _rulesUpdated,
  ...SETTINGS_COLUMNS
} = getTableColumns(centreSettings);

// What the logo's pictures are made from (MediaFacts), read from the médiathèque's table in the same
// query. Taken from its table's file rather than its server face, which reaches the console and
// accounts: those read the settings, and the imports would go round in a circle.
const LOGO_COLUMNS = { id: media.id, ...pictureColumns };

/**
 * A centre nobody has described yet: what a new database starts with (staff fill it in Paramètres;
 * the embedded trial starts from the demonstration centre instead, features/demo), and what a public
 * page shows when the read fails. Never invented values: a blank field is left out of the pages.
 */
export const EMPTY_CENTRE: CentreIdentity = {
  name: "",
  legalForm: "",
  shareCapital: "",
  siret: "",
  rcs: "",
  foundedOn: null,
  street: "",
  postalCode: "",
  city: "",
  phone: "",
  email: "",
  openingHours: [],
  publicationDirector: "",
  host: "",
  activityNumber: "",
  activityRegion: "",
  qualiopiCertifier: "",
  qualiopiValidUntil: null,
  qualiopiCategories: [],
  mediatorName: "",
  mediatorWebsite: "",
  referentName: "",
  referentPhone: "",
  referentEmail: "",
};

/** The minimum a new centre starts with (the column's default). */
export const DEFAULT_MIN_RESULT_ANSWERS = 5;

/** The settings before the row exists, and what a public page shows when the read fails. */
export const startingSettings = (): CentreSettings => ({
  ...EMPTY_CENTRE,
  leadRecipient: "contact@localhost",
  minResultAnswers: DEFAULT_MIN_RESULT_ANSWERS,
  vatStatus: "exempt",
  complaintRecipient: "",
  learnerRetentionMonths: LEARNER_RETENTION.defaultMonths,
  signatoryName: "",
  signatoryTitle: "",
  certificate: null,
  logo: null,
});

type SettingsRow = Omit<
  typeof centreSettings.$inferSelect,
  "certificateContent" | "internalRules" | "internalRulesUpdatedAt"
>;

/** The logo's largest small variant (384 px at most), in JPEG or PNG: what e-mails and the PDF print. */
export const logoVariantWidth = (logo: Pick<MediaFacts, "width">) =>
  variantWidths(logo.width, "small").at(-1) ?? logo.width;

const toLogo = (image: MediaFacts & { id: string }): CentreLogo => ({
  ...image,
  // A decorative picture's text, if any was typed, is not its description.
  alt: image.decorative ? "" : image.alt,
  src: variantPath(image.hash, logoVariantWidth(image), fallbackFormat(image.hasAlpha)),
});

function fromRow(row: SettingsRow, image: (MediaFacts & { id: string }) | null): CentreSettings {
  const {
    id: _id,
    updatedAt: _updated,
    demo: _demo,
    logoId: _logo,
    certificateName,
    certificateSize,
    certificateUploadedAt,
    ...rest
  } = row;
  return {
    ...rest,
    certificate:
      certificateName && certificateSize !== null && certificateUploadedAt
        ? { fileName: certificateName, size: certificateSize, uploadedAt: certificateUploadedAt }
        : null,
    logo: image && toLogo(image),
  };
}

/**
 * The centre's identity as stored in the console's Paramètres: name, legal identity, address,
 * activity declaration, Qualiopi certificate (without its bytes), mediator, disability referent and
 * the address that receives lead notifications. The one function every reader calls (pages through
 * the root loader, e-mails, generated documents), with the logo's picture facts in the same read.
 * Before the row exists (a database created by hand), the values the site started with.
 */
export async function getCentreSettings(db: Db): Promise<CentreSettings> {
  const [row] = await db
    .select({ settings: SETTINGS_COLUMNS, logo: LOGO_COLUMNS })
    .from(centreSettings)
    .leftJoin(media, eq(media.id, centreSettings.logoId))
    .limit(1);
  return row ? fromRow(row.settings, row.logo) : startingSettings();
}

/** A copy kept this long at most, whatever the event bus says: a lost LISTEN connection heals. */
const CACHED_SETTINGS_MS = 30_000;

interface SettingsCopy {
  read: Promise<CentreSettings> | null;
  at: number;
}

// One copy per runtime (keyed by its event bus): tests build several runtimes in one process.
const copies = new WeakMap<EventBus, SettingsCopy>();

/**
 * getCentreSettings kept in memory for the paths that read it on every request of a burst (the
 * public forms: the notification's recipient, the e-mails' signature). Any change to the settings
 * or to a picture (the logo) empties the copy: Paramètres and the demonstration's removal publish
 * `centre_settings`, and on PostgreSQL the event bus brings other instances' changes through
 * NOTIFY, so a save on one instance reaches the others' copies within a round trip. A read still
 * in flight when the change is heard is not kept, so no copy outlives the change it missed.
 */
export function cachedCentreSettings(app: { db: Db; events: EventBus }): Promise<CentreSettings> {
  let copy = copies.get(app.events);
  if (!copy) {
    const created: SettingsCopy = { read: null, at: 0 };
    app.events.subscribe((event) => {
      if (event.table === "centre_settings" || event.table === "media") created.read = null;
    });
    copies.set(app.events, created);
    copy = created;
  }
  const now = Date.now();
  if (!copy.read || now - copy.at > CACHED_SETTINGS_MS) {
    const read = getCentreSettings(app.db);
    const current = copy;
    current.read = read;
    current.at = now;
    // A failed read is not kept: the next request tries again.
    read.catch(() => {
      if (current.read === read) current.read = null;
    });
  }
  return copy.read as Promise<CentreSettings>;
}

/**
 * How many minutes before each slot the server e-mails the learners their signing links; null: it
 * does not (the default), staff send them from the slot's page.
 */
export async function getAttendanceLinkMinutes(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ minutes: centreSettings.attendanceLinkMinutes })
    .from(centreSettings)
    .limit(1);
  return row?.minutes ?? null;
}

/** The absence alerts' thresholds of Paramètres (0: that alert is off); the defaults without a row. */
export async function getAbsenceThresholds(
  db: Db,
): Promise<{ absenceAlertSlots: number; absenceAlertPercent: number }> {
  const [row] = await db
    .select({
      absenceAlertSlots: centreSettings.absenceAlertSlots,
      absenceAlertPercent: centreSettings.absenceAlertPercent,
    })
    .from(centreSettings)
    .limit(1);
  return (
    row ?? {
      absenceAlertSlots: ABSENCE_ALERT_BOUNDS.slots.suggested,
      absenceAlertPercent: ABSENCE_ALERT_BOUNDS.percent.suggested,
    }
  );
}

/** The centre's règlement intérieur (Markdown, '' when nobody wrote it) and when it last changed. */
export async function getInternalRules(db: Db): Promise<InternalRules> {
  const [row] = await db
    .select({ text: centreSettings.internalRules, updatedAt: centreSettings.internalRulesUpdatedAt })
    .from(centreSettings)
    .limit(1);
  return row ?? { text: "", updatedAt: null };
}

/**
 * The site header's logo, 40 px high (128 px wide at most on a phone, 192 px from 640 px) before the centre's name. The name, kept
 * as text, names the link, so the picture is decorative there (alt=""). Above the fold, so loaded
 * at once, but never the page's largest element: no fetchpriority, the page's own picture keeps it.
 */
export function headerLogoHtml(logo: CentreLogo): string {
  const drawn = Math.min(192, Math.round((40 * logo.width) / logo.height));
  return pictureHtml(
    { ...logo, decorative: true },
    {
      sizes: `${drawn}px`,
      className: "h-10 w-auto max-w-32 object-contain sm:max-w-48",
      eager: true,
      widths: "small",
    },
  );
}

/**
 * What public pages may show: no recipients; the Qualiopi mention only while certified (a valid
 * certificate on file, with a category).
 */
export function publicCentre(settings: CentreSettings, today = parisToday()): PublicCentre {
  const {
    leadRecipient: _private,
    complaintRecipient: _complaints,
    minResultAnswers: _minimum,
    vatStatus,
    learnerRetentionMonths: _retention,
    signatoryName: _signatory,
    signatoryTitle: _signatoryTitle,
    certificate: _certificate,
    logo: _logo,
    ...identity
  } = settings;
  return {
    ...identity,
    qualiopiShown: qualiopiCertified(settings, today),
    vatExempt: vatStatus === "exempt",
  };
}

/** Where a new complaint is announced: its own recipient in Paramètres, else the leads'. */
export const complaintRecipient = (settings: Pick<CentreSettings, "complaintRecipient" | "leadRecipient">) =>
  settings.complaintRecipient.trim() || settings.leadRecipient;

/** The centre's name for the console's sidebar ('' until Paramètres names it, or when the read fails). */
export async function getCentreName(db: Db): Promise<string> {
  const [row] = await db.select({ name: centreSettings.name }).from(centreSettings).limit(1);
  return row?.name ?? "";
}

/**
 * Where the certificate stands, for the console: shown on the site, or expired (the console warns on
 * Paramètres and on the dashboard: the mention has left the site).
 */
export function qualiopiStatus(settings: CentreSettings, today = parisToday()) {
  const { qualiopiValidUntil: validUntil } = settings;
  const expired = validUntil !== null && !qualiopiValid(validUntil, today);
  return {
    shown: publicCentre(settings, today).qualiopiShown,
    expired,
    validUntil,
    message: expired
      ? `Le certificat Qualiopi a expiré le ${formatDate(validUntil)} : la mention Qualiopi n'est plus affichée sur le site. Envoyez le nouveau certificat et sa date de validité dans Paramètres.`
      : "",
  };
}

/**
 * Writes the starting values once, at every start (a no-op once the row exists, so staff edits are
 * never overwritten). The lead recipient starts as CONTACT_NOTIFY_EMAIL; the identity is blank
 * unless `start` gives one (the demonstration centre, marked `demo`).
 */
export async function ensureCentreSettings(
  db: Db,
  leadRecipient: string,
  start: { identity: CentreIdentity; demo: boolean } = { identity: EMPTY_CENTRE, demo: false },
): Promise<void> {
  await db
    .insert(centreSettings)
    .values({ ...start.identity, demo: start.demo, leadRecipient, id: 1 })
    .onConflictDoNothing();
}
