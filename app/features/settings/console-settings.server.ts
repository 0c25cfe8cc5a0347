import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { data } from "react-router";
import { diffFields, fieldLabel } from "~/features/audit";
import { auditedChange } from "~/features/audit/index.server";
import { assertImageExists } from "~/features/media/index.server";
import { centreSettings } from "~/features/settings/schema.server";
import {
  type AdminActionResult,
  AdminInputError,
  type AlsoPosted,
  attempt,
  consoleAction,
  failure,
  intentOf,
  invalid,
  unknownIntent,
} from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { sanitizeFileName } from "~/platform/file-name";
import { textFields } from "~/platform/form-data";
import { FILE_SIZE_LABEL, REQUEST_LIMITS } from "~/platform/request-limits";
import {
  EMPTY_CENTRE,
  getAbsenceThresholds,
  getAttendanceLinkMinutes,
  getCentreSettings,
  getInternalRules,
} from "./centre.server";
import {
  absenceAlertsSchema,
  attendanceLinksSchema,
  checkCentreSettings,
  internalRulesSchema,
} from "./settings-schema";

const EVENT = { table: "centre_settings", op: "update" } as const;

/** The certificate's bounds and messages, as for a candidate's files (one size limit), judged by content. */
export const CERTIFICATE_BYTES = REQUEST_LIMITS.fileBytes;
export const CERTIFICATE_ERRORS = {
  missing: "Choisissez le certificat à envoyer (PDF)",
  empty: "Le fichier est vide",
  tooLarge: `Le fichier ne doit pas dépasser ${FILE_SIZE_LABEL}`,
  type: "Le certificat doit être un fichier PDF",
  none: "Aucun certificat n'est enregistré : il n'y a rien à supprimer.",
} as const;

/** The row when it is missing (a database created by hand): the starting values under the new ones. */
const startingRow = (leadRecipient: string) => ({ ...EMPTY_CENTRE, leadRecipient, id: 1 });

async function saveSettings(
  db: Db,
  values: Partial<typeof centreSettings.$inferInsert>,
  leadRecipient: string,
) {
  await db
    .insert(centreSettings)
    .values({ ...startingRow(leadRecipient), ...values })
    .onConflictDoUpdate({ target: centreSettings.id, set: { ...values, updatedAt: new Date() } });
}

/**
 * Checks the posted certificate: present, not empty, within the file limit, and a PDF by its content (never
 * its name or declared type). The file ready to store, or the French message.
 */
export async function checkCertificate(
  value: FormDataEntryValue | null,
): Promise<{ fileName: string; content: Uint8Array } | { error: string }> {
  const file = value instanceof File && !(value.size === 0 && value.name === "") ? value : null;
  if (!file) return { error: CERTIFICATE_ERRORS.missing };
  if (file.size === 0) return { error: CERTIFICATE_ERRORS.empty };
  if (file.size > CERTIFICATE_BYTES) return { error: CERTIFICATE_ERRORS.tooLarge };
  const content = new Uint8Array(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(content).catch(() => undefined);
  if (detected?.mime !== "application/pdf") return { error: CERTIFICATE_ERRORS.type };
  return { fileName: sanitizeFileName(file.name, "pdf", "certificat-qualiopi"), content };
}

/** The certificate's bytes and name, for its public route; null when none is on file. */
export async function getCertificateFile(db: Db) {
  const [row] = await db
    .select({
      fileName: centreSettings.certificateName,
      content: centreSettings.certificateContent,
      validUntil: centreSettings.qualiopiValidUntil,
      categories: centreSettings.qualiopiCategories,
    })
    .from(centreSettings)
    .where(eq(centreSettings.id, 1));
  return row?.content && row.fileName ? { ...row, fileName: row.fileName, content: row.content } : null;
}

/**
 * Removes the certificate (withdrawn certification, wrong file) inside `tx`: the file and its
 * name, size and date. The row stays locked from the read to the write, so two removals at once
 * leave one journal entry and a French refusal, not two entries. The removed file, for the journal.
 */
async function removeCertificate(tx: Db) {
  const [current] = await tx
    .select({ fileName: centreSettings.certificateName, size: centreSettings.certificateSize })
    .from(centreSettings)
    .where(eq(centreSettings.id, 1))
    .for("update");
  if (!current?.fileName) throw new AdminInputError(CERTIFICATE_ERRORS.none);
  await tx
    .update(centreSettings)
    .set({
      certificateName: null,
      certificateSize: null,
      certificateUploadedAt: null,
      certificateContent: null,
      updatedAt: new Date(),
    })
    .where(eq(centreSettings.id, 1));
  return current;
}

/**
 * Paramètres: administrators save the form (`update`), send the Qualiopi certificate
 * (`certificate`) and remove it (`delete-certificate`), write the règlement intérieur
 * (`internal-rules`), turn the automatic signing links on or off (`attendance-links`), set the
 * absence alerts' thresholds (`absence-alerts`); moderators
 * read the screen only. Every
 * change is audited in the same transaction and announced, so open public pages and the page cache
 * show it at once. What `also` answers is another feature's card on the screen (the billing
 * settings), which the route adds: settings imports no feature that leans on it.
 */
export const settingsAction = <Result>(also: AlsoPosted<Result>) =>
  consoleAction(
    {
      update: "settings:write",
      certificate: "settings:write",
      "delete-certificate": "settings:write",
      "internal-rules": "settings:write",
      "attendance-links": "settings:write",
      "absence-alerts": "settings:write",
      ...also.permissions,
    },
    async (app, actor, form) => {
      const intent = intentOf(form);
      if (Object.hasOwn(also.permissions, intent)) return also.handle(app, actor, form);
      if (intent === "update") {
        const title = "Erreur lors de l'enregistrement des paramètres";
        const { values, errors } = checkCentreSettings({
          ...textFields(form),
          // No box ticked posts nothing; an empty value is no category either.
          qualiopiCategories: form.getAll("qualiopiCategories").filter((v) => v !== ""),
        });
        const left = Object.keys(errors);
        // The fields that changed, values only where they are not personal (see audit-changes.ts).
        const current = await getCentreSettings(app.db);
        const changed = diffFields(
          "centre_settings",
          { ...current, logoId: current.logo?.id ?? null },
          values,
        );
        // Nothing valid to store: the French messages, as for any refused form.
        if (changed.length === 0 && left.length > 0) {
          return failure(intent, title, 400, "Vérifiez les champs signalés.", errors);
        }
        const saved = await attempt(app, intent, title, "Paramètres enregistrés", async () => {
          // Saving an untouched form writes nothing and leaves no entry in the journal.
          if (changed.length === 0) return;
          await auditedChange(app, actor, EVENT, async (tx) => {
            await assertImageExists(tx, values.logoId ?? null);
            await saveSettings(tx, values, app.config.contactNotifyEmail);
            return {
              action: "update",
              entity: "centre_settings",
              entityId: "1",
              details: { title: "Paramètres du centre", changes: changed },
            };
          });
        });
        if (left.length === 0 || !saved.data.ok) return saved;
        // What was valid is stored; each field left out keeps what was typed on screen, with its message.
        return data<AdminActionResult>({
          ok: true,
          intent,
          toast: {
            type: "success",
            title: "Paramètres enregistrés en partie",
            description: `${left.length === 1 ? "Reste à compléter ou à corriger" : `Restent à compléter ou à corriger (${left.length})`} : ${left.map((field) => fieldLabel("centre_settings", field)).join(", ")}.`,
          },
          errors,
        });
      }
      if (intent === "attendance-links") {
        const title = "Émargement non enregistré";
        const parsed = attendanceLinksSchema.safeParse(textFields(form));
        if (!parsed.success) return invalid(intent, title, parsed.error);
        const { attendanceLinkMinutes } = parsed.data;
        const done = attendanceLinkMinutes
          ? `Liens d'émargement envoyés ${attendanceLinkMinutes} minutes avant chaque créneau`
          : "Envoi automatique des liens d'émargement arrêté";
        return attempt(app, intent, title, done, async () => {
          const before = await getAttendanceLinkMinutes(app.db);
          if (before === attendanceLinkMinutes) return;
          await auditedChange(app, actor, EVENT, async (tx) => {
            await saveSettings(tx, { attendanceLinkMinutes }, app.config.contactNotifyEmail);
            return {
              action: "update",
              entity: "centre_settings",
              entityId: "1",
              details: {
                title: "Émargement",
                changes: [
                  {
                    field: "attendanceLinkMinutes",
                    from: before === null ? "non" : String(before),
                    to: attendanceLinkMinutes === null ? "non" : String(attendanceLinkMinutes),
                  },
                ],
              },
            };
          });
        });
      }
      if (intent === "absence-alerts") {
        const title = "Suivi des absences non enregistré";
        const parsed = absenceAlertsSchema.safeParse(textFields(form));
        if (!parsed.success) return invalid(intent, title, parsed.error);
        return attempt(app, intent, title, "Suivi des absences enregistré", async () => {
          const changes = diffFields("centre_settings", await getAbsenceThresholds(app.db), parsed.data);
          if (changes.length === 0) return;
          await auditedChange(app, actor, EVENT, async (tx) => {
            await saveSettings(tx, parsed.data, app.config.contactNotifyEmail);
            return {
              action: "update",
              entity: "centre_settings",
              entityId: "1",
              details: { title: "Suivi des absences", changes },
            };
          });
        });
      }
      if (intent === "internal-rules") {
        const title = "Erreur lors de l'enregistrement du règlement intérieur";
        const parsed = internalRulesSchema.safeParse(textFields(form));
        if (!parsed.success) return invalid(intent, title, parsed.error);
        const { internalRules } = parsed.data;
        return attempt(app, intent, title, "Règlement intérieur enregistré", async () => {
          // An untouched text writes nothing: its date stays the one printed on the documents sent.
          if ((await getInternalRules(app.db)).text === internalRules) return;
          await auditedChange(app, actor, EVENT, async (tx) => {
            await saveSettings(
              tx,
              { internalRules, internalRulesUpdatedAt: new Date() },
              app.config.contactNotifyEmail,
            );
            // The text itself is not kept in the journal (long, and Paramètres holds it): its size is.
            return {
              action: "update",
              entity: "centre_settings",
              entityId: "1",
              details: {
                title: internalRules ? "Règlement intérieur" : "Règlement intérieur supprimé",
                changes: [{ field: "internalRules" }],
                characters: internalRules.length,
              },
            };
          });
        });
      }
      if (intent === "certificate") {
        const checked = await checkCertificate(form.get("certificate"));
        if ("error" in checked) {
          return failure(intent, "Certificat refusé", 400, checked.error, { certificate: checked.error });
        }
        return attempt(
          app,
          intent,
          "Erreur lors de l'envoi du certificat",
          "Certificat Qualiopi enregistré",
          () =>
            auditedChange(app, actor, EVENT, async (tx) => {
              await saveSettings(
                tx,
                {
                  certificateName: checked.fileName,
                  certificateSize: checked.content.byteLength,
                  certificateUploadedAt: new Date(),
                  certificateContent: checked.content,
                },
                app.config.contactNotifyEmail,
              );
              return {
                action: "update",
                entity: "centre_settings",
                entityId: "1",
                details: {
                  title: "Certificat Qualiopi",
                  certificate: { fileName: checked.fileName, size: checked.content.byteLength },
                },
              };
            }),
        );
      }
      if (intent === "delete-certificate") {
        return attempt(
          app,
          intent,
          "Erreur lors de la suppression du certificat",
          "Certificat supprimé",
          () =>
            auditedChange(app, actor, EVENT, async (tx) => ({
              action: "update",
              entity: "centre_settings",
              entityId: "1",
              details: { title: "Certificat Qualiopi supprimé", certificate: await removeCertificate(tx) },
            })),
        );
      }
      return unknownIntent(intent);
    },
    // The certificate, the other fields and the multipart framing; past it, reading stops.
    { upload: { maxBytes: REQUEST_LIMITS.settingsBytes, tooLarge: CERTIFICATE_ERRORS.tooLarge } },
  );
