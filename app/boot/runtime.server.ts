import path from "node:path";
import { createAuth, ensureAdmin } from "~/features/accounts/auth.server";
import { requirePermission } from "~/features/accounts/current-user.server";
import { catalogueApplicationUses, offerFreedSeats } from "~/features/applications/index.server";
import { RetentionWorker } from "~/features/applications/retention.server";
import { articleVersions } from "~/features/articles/index.server";
import { AttendanceLinkScheduler } from "~/features/attendance/link-scheduler.server";
import { AttendanceSheetWorker } from "~/features/attendance/sheet-jobs.server";
import { ReminderScheduler } from "~/features/billing/reminders.server";
import { provideApplicationUses } from "~/features/catalogue/application-uses.server";
import { formationVersions, provideLheoResults } from "~/features/catalogue/index.server";
import { convertNextSessions, onSeatsRaised } from "~/features/catalogue/sessions.server";
import { DEMO_CENTRE } from "~/features/demo/fixtures/centre.server";
import { demoWanted, seedDemo } from "~/features/demo/seed.server";
import { lheoResultLines } from "~/features/indicators/index.server";
import { onLearnerAdmitted, onLearnersAnonymised } from "~/features/learners/index.server";
import { mediaBytesFor, sweepOrphanedBytes } from "~/features/media/index.server";
import { pageVersions } from "~/features/pages/page-versions.server";
import { erasePositionings, sendPositioningOnAdmission } from "~/features/positioning/index.server";
import { PublicationScheduler, scheduledPublishing } from "~/features/publishing/index.server";
import { packFolder, QualityPackWorker, sweepOrphanPacks } from "~/features/quality/index.server";
import { ensureCentreSettings, getCentreSettings } from "~/features/settings/centre.server";
import { learnerDocumentsToSign, provideSignerInvitation } from "~/features/signatures/index.server";
import { SignatureReminderScheduler } from "~/features/signatures/reminders.server";
import {
  inviteLearner,
  inviteSigner,
  isSpaceMemberEmail,
  provideDocumentsToSign,
} from "~/features/spaces/index.server";
import { SurveyScheduler } from "~/features/surveys/index.server";
import { TrainerExpiryScheduler } from "~/features/trainers/index.server";
import type { Config } from "~/platform/config.server";
import { provideConsolePermissionCheck } from "~/platform/console/access.server";
import { type Database, openDatabase } from "~/platform/db/client.server";
import { EventBus } from "~/platform/events.server";
import { afterResponse } from "~/platform/http/after-response.server";
import { createLogger, type Logger } from "~/platform/logger.server";
import { MailWorker } from "~/platform/mail/queue.server";
import { fileTransport, type MailTransport, smtpTransport } from "~/platform/mail/transport.server";
import type { AppRuntime } from "~/platform/runtime.server";
// The Journal's declarations of every kind of record, registered as this module loads.
import "./audit.server";
// Where each feature shows pictures, for the médiathèque's refusal to delete one in use.
import "./picture-uses.server";
// What each feature keeps about a learner beyond an erasure (a learner it names is anonymised, not deleted).
import "./learner-holds.server";

export { type AppRuntime, createLoadContext } from "~/platform/runtime.server";

// The console kit's permission check is accounts' (platform/console/access.server.ts says why).
provideConsolePermissionCheck(requirePermission);
// Seats staff add to a session go to its waiting list first (features/catalogue/sessions.server.ts).
onSeatsRaised(offerFreedSeats);
// Lowering seats or deleting a session or formation asks applications what it holds there
// (features/catalogue/application-uses.server.ts).
provideApplicationUses(catalogueApplicationUses);
// The Lhéo export carries each formation's published results; a survey answer may change them
// (features/catalogue/lheo/lheo.server.ts, features/indicators).
provideLheoResults({ read: lheoResultLines, tables: ["survey_invitations"] });
// An admitted candidate, once a learner, is invited into their personal space (features/spaces).
onLearnerAdmitted(inviteLearner);
// And sent the positioning questionnaire, once (features/positioning).
onLearnerAdmitted(sendPositioningOnAdmission);
// An anonymised learner's positioning answers go with their personal data (features/positioning).
onLearnersAnonymised(erasePositionings);
// A learner's space lists the contrats waiting for their signature (features/signatures).
provideDocumentsToSign(learnerDocumentsToSign);
// A demande de signature opens the door to the outside signer it names: their account, and the payer's
// space when they are the contact of a payer funding that learner (features/spaces).
provideSignerInvitation(inviteSigner);

export interface RuntimeOptions {
  /** An already open database (tests hand in their own). */
  database?: Database;
  transport?: MailTransport;
  logger?: Logger;
  /** Start the background workers, mail, retention and publication (tests run them by hand instead). */
  startMailWorker?: boolean;
  /** false: neither the demonstration centre nor the sessions of the formations' dates (tests). */
  seed?: boolean;
}

/**
 * Opens the database, migrates, seeds an empty one, ensures the admin and starts the background
 * workers (mail delivery, application retention, scheduled publication).
 */
export async function createRuntime(config: Config, options: RuntimeOptions = {}): Promise<AppRuntime> {
  const logger = options.logger ?? createLogger({ production: config.production, level: config.logLevel });
  const database = options.database ?? (await openDatabase(config));
  try {
    await database.migrate();
    // No invented centre on a real database: the demo is seeded on the embedded trial or when
    // DEMO_DATA=on, and its identity is written only into a settings row created by this start.
    const demo = options.seed !== false && demoWanted(config.demoData, database.driver);
    await ensureCentreSettings(
      database.db,
      config.contactNotifyEmail,
      demo ? { identity: DEMO_CENTRE, demo: true } : undefined,
    );
    if (options.seed !== false) {
      if (demo) await seedDemo(database.db, logger);
      const sessions = await convertNextSessions(database.db);
      if (sessions) logger.info({ sessions }, "seed: next-session dates turned into sessions");
    }
    // What uploads killed mid-write left in the picture folder, before anything is served.
    const orphans = await sweepOrphanedBytes(database.db, mediaBytesFor(config, database.driver)).catch(
      (error: unknown) => {
        logger.warn({ err: error }, "media: orphaned files could not be swept");
        return { folders: 0, temporaries: 0 };
      },
    );
    if (orphans.folders || orphans.temporaries) logger.info(orphans, "media: orphaned upload files removed");
    // Qualiopi evidence packs: files whose row was deleted, partial files a stopped build left.
    const packs = packFolder(config.dataDir);
    const orphanPacks = await sweepOrphanPacks(database.db, packs).catch((error: unknown) => {
      logger.warn({ err: error }, "quality: orphaned pack files could not be swept");
      return 0;
    });
    if (orphanPacks) logger.info({ files: orphanPacks }, "quality: orphaned pack files removed");
    const transport =
      options.transport ??
      (config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(path.join(config.dataDir, "outbox")));
    // Every message comes from MAIL_FROM under the centre's name, as recipients know it.
    const sender = async () => ({
      name: (await getCentreSettings(database.db)).name,
      address: config.mailFrom,
    });
    const mail = new MailWorker(
      database,
      transport,
      sender,
      logger,
      2_000,
      config.publicUrl,
      // Only SMTP needs the journal of accepted ids: a file written to the outbox is named after its
      // message and replaced if written again, and each append would be synchronous I/O per message.
      config.smtpUrl ? path.join(config.dataDir, "mail-accepted.log") : null,
    );
    // Work started once an answer is sent (a reset request's link and e-mail): closing waits for it.
    const pending = new Set<Promise<unknown>>();
    const background = (work: () => Promise<unknown>) =>
      afterResponse(() => {
        const task = work();
        pending.add(task);
        task.finally(() => pending.delete(task)).catch(() => {});
      });
    const auth = createAuth({
      db: database.db,
      config,
      logger,
      onMailQueued: () => mail.wake(),
      background,
      centre: getCentreSettings,
      // Sign-in links go to invited people only: those who hold a personal space.
      signInLinkAllowed: isSpaceMemberEmail,
    });
    if (config.adminEmail && config.adminPassword) {
      await ensureAdmin(auth, database.db, config.adminEmail, config.adminPassword);
    }
    const events = new EventBus(database, logger);
    await events.start();
    const retention = new RetentionWorker(database.db, config.applicationRetentionMonths, events, logger);
    const publishing = new PublicationScheduler(
      database.db,
      [
        scheduledPublishing(articleVersions),
        scheduledPublishing(formationVersions),
        scheduledPublishing(pageVersions),
      ],
      events,
      logger,
    );
    const surveys = new SurveyScheduler(
      database.db,
      { publicUrl: config.publicUrl, secret: config.authSecret },
      mail,
      events,
      logger,
    );
    // Reminders of unpaid invoices (features/billing/reminders.server.ts).
    const reminders = new ReminderScheduler(database.db, mail, logger);
    // Trainers' documents to renew, announced to the centre (features/trainers/expiry.server.ts).
    const trainerExpiry = new TrainerExpiryScheduler(database.db, config.publicUrl, mail, logger);
    // The one reminder of each demande de signature (features/signatures/reminders.server.ts).
    const signatureReminders = new SignatureReminderScheduler(database.db, config.publicUrl, mail, logger);
    // Émargement: the signing links e-mailed before each slot (when Paramètres says so), and the
    // signed sheets written in the background.
    const attendanceLinks = new AttendanceLinkScheduler({ db: database.db, config, mail }, logger);
    const attendanceSheets = new AttendanceSheetWorker(database.db, events, logger);
    // The Qualiopi evidence packs, built in the background into DATA_DIR/qualiopi.
    const qualityPacks = new QualityPackWorker(database.db, packs, events, logger);
    if (options.startMailWorker !== false) {
      mail.start();
      retention.start();
      publishing.start();
      surveys.start();
      reminders.start();
      trainerExpiry.start();
      signatureReminders.start();
      attendanceLinks.start();
      attendanceSheets.start();
      qualityPacks.start();
    }
    return {
      config,
      database,
      db: database.db,
      auth,
      mail,
      retention,
      publishing,
      surveys,
      reminders,
      trainerExpiry,
      signatureReminders,
      attendanceLinks,
      attendanceSheets,
      qualityPacks,
      events,
      logger,
      async close() {
        await Promise.allSettled([...pending]);
        await retention.stop();
        await publishing.stop();
        await surveys.stop();
        await reminders.stop();
        await trainerExpiry.stop();
        await signatureReminders.stop();
        await attendanceLinks.stop();
        await attendanceSheets.stop();
        await qualityPacks.stop();
        await mail.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
