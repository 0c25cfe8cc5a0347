// Demandes de signature (simple electronic signature) of a learner's contrat or convention: staff ask
// for it on the learner's file, the kept PDF is frozen with its SHA-256 and the outside signer receives
// a link; only the signed-in account whose VERIFIED e-mail is the signer's sees the signing page (anyone
// else, signed in or not, gets 404 and nothing changes); each signature keeps its evidence (who, the
// verified e-mail, when, IP, browser, the SHA-256 recomputed from the frozen file); the centre signs in
// the console (administrators); the last signature writes the signed PDF (the frozen one, byte for
// byte, and one evidence page naming each signer, the date and the hash) and the learner's file reads
// 'Signée'. 'Vérifier' recomputes the SHA-256 of the stored files and says when one was altered, which
// also stops signing. One reminder after Paramètres' days. Anonymous visitors and role-less accounts
// are refused on every console action. A signed request never changes (a trigger refuses it).
import { createHash } from "node:crypto";
import { getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { DocumentSummary } from "~/features/documents/index.server";
import { pendingSignaturesFor } from "~/features/signatures/index.server";
import { VERIFY_MESSAGES } from "~/features/signatures/vocabulary";
import { formatDate } from "~/platform/dates";
import * as listRoute from "~/routes/admin/learners";
import * as settingsRoute from "~/routes/admin/settings";
import * as requestRoute from "~/routes/admin/signature-request";
import * as requestFileRoute from "~/routes/admin/signature-request-file";
import * as signingRoute from "~/routes/space/signature";
import * as signingFileRoute from "~/routes/space/signature-document";
import { DRIVER } from "../support/db";
import { makeLearners } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { frenchTypographyFaults } from "../support/french-text";
import { learnersPost, newSession, pdfText, queuedMails, settled } from "../support/learner-documents";
import { queriesOn } from "../support/query";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);
// The learner's own account, verified (as a magic link would); the learner's record writes it in
// another case.
const elodie = setUpSignedIn(t, null, { email: "elodie.signe@example.test", firstName: "Élodie" });
const company = setUpSignedIn(t, null, { email: "rh.signe@dupain.test" });
const stranger = setUpSignedIn(t, null);

const { rows, one } = queriesOn(t);
const post = learnersPost(t, moderator);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const UA = "Mozilla/5.0 (Linux; Android 14) Chrome/131 Mobile";
/**
 * Each test generates and sends two or three agreements (PDFs) and reads PDFs back: seconds alone,
 * more than Vitest's 30 s when the 2 shared cores run other files beside it.
 */
const SLOW = { timeout: 120_000 };

/** The signing page's post, as the browser sends it (its user agent, from its IP address). */
function signPost(requestId: string, fields: Record<string, string>, cookie: string) {
  const request = formRequest(`/espace/signatures/${requestId}`, fields, cookie);
  request.headers.set("user-agent", UA);
  return settled(() => signingRoute.action(routeArgs(t, request, { id: requestId }, "198.51.100.7")));
}

const signingPage = (requestId: string, cookie?: string) =>
  settled(() =>
    signingRoute.loader(
      routeArgs(t, getRequest(`/espace/signatures/${requestId}`, cookie), { id: requestId }),
    ),
  );

/** A click on the console's request page, from the staff member's IP address. */
const pagePost = (requestId: string, intent: string, cookie: string) =>
  settled(() =>
    requestRoute.action(
      routeArgs(
        t,
        formRequest(`/admin/signatures/${requestId}`, { intent }, cookie),
        { id: requestId },
        "203.0.113.9",
      ),
    ),
  );

const requestPage = (requestId: string, cookie?: string) =>
  settled(() =>
    requestRoute.loader(
      routeArgs(t, getRequest(`/admin/signatures/${requestId}`, cookie), { id: requestId }),
    ),
  );

const signers = (requestId: string) =>
  rows<{
    role: string;
    signed: boolean;
    verified_email: string | null;
    ip: string | null;
    user_agent: string | null;
    document_sha256: string | null;
    user_id: string | null;
  }>(
    `select role, signed_at is not null as signed, verified_email, ip, user_agent, document_sha256, user_id
       from signature_signers where request_id = $1 order by position`,
    [requestId],
  );

/** A session, Élodie paying her own training (a contrat) and Karim sent by a bakery (a convention). */
async function seed(tag: string) {
  const [formation] = await rows<{ id: string }>("select id from formations order by position limit 1");
  const sessionId = await newSession(t, formation?.id);
  const bakery = {
    fundingSource: "opco" as const,
    payerName: "Boulangerie Dupain",
    payerAddress: "3 place du Marché, 69002 Lyon",
    payerContactName: "Sophie Dupain",
    payerContactEmail: tag === "a" ? "RH.Signe@dupain.test" : `rh.${tag}@dupain.test`,
  };
  const [learner, karim, lucie] = await makeLearners(t.app.db, [
    {
      sessionId,
      firstName: "Élodie",
      lastName: `Martin-${tag}`,
      email: tag === "a" ? "Elodie.Signe@Example.TEST" : `elodie.${tag}@example.test`,
      fundingSource: "personal",
      address: "8 rue Victor Hugo, 69002 Lyon",
    },
    {
      sessionId,
      firstName: "Karim",
      lastName: `Benali-${tag}`,
      email: `karim.${tag}@example.test`,
      ...bakery,
    },
    // Sent by the same bakery: one convention covers both.
    {
      sessionId,
      firstName: "Lucie",
      lastName: `Colin-${tag}`,
      email: `lucie.${tag}@example.test`,
      ...bakery,
    },
  ]);
  if (!learner || !karim || !lucie) throw new Error("no learners");
  for (const [id, key] of [
    [learner.id, `click-sig-contrat-${tag}`],
    [karim.id, `click-sig-conv-${tag}`],
  ] as const) {
    expect(await post({ intent: "send-agreement", id, requestKey: key })).toMatchObject({
      data: { ok: true },
    });
  }
  const doc = (learnerId: string) =>
    one<{ id: string; pdf: Uint8Array }>("select id, pdf from learner_documents where learner_id = $1", [
      learnerId,
    ]);
  return {
    sessionId,
    learner,
    karim,
    lucie,
    contrat: await doc(learner.id),
    convention: await doc(karim.id),
    lucieConvention: await doc(lucie.id),
  };
}

/** 'Demander la signature' on a kept document; the request's id. */
async function ask(documentId: string) {
  expect(await post({ intent: "request-signature", documentId })).toMatchObject({
    data: { ok: true, toast: { title: "Demande de signature envoyée" } },
  });
  return (
    await one<{ id: string }>(
      "select id from signature_requests where document_id = $1 and state <> 'cancelled'",
      [documentId],
    )
  ).id;
}

describe(`signature requests on ${DRIVER}`, () => {
  it(
    "a contrat: frozen with its SHA-256, signed by the learner then the centre with their evidence; the signed PDF has one more page naming them; the file reads 'Signée'",
    SLOW,
    async () => {
      const { sessionId, learner, contrat } = await seed("a");
      const requestId = await ask(contrat.id);
      const frozen = await one<{ frozen_pdf: Uint8Array; document_sha256: string; state: string }>(
        "select frozen_pdf, document_sha256, state from signature_requests where id = $1",
        [requestId],
      );
      expect(frozen.state).toBe("pending");
      expect(frozen.document_sha256).toBe(sha256(contrat.pdf));
      expect(Buffer.from(frozen.frozen_pdf).equals(Buffer.from(contrat.pdf))).toBe(true);
      // The learner's e-mail, with the link to the signing page.
      const [mail] = (await queuedMails(t, "elodie.signe@example.test")).filter(
        (m) => m.kind === "signature_request",
      );
      expect(mail?.text).toContain(`/espace/signatures/${requestId}`);
      expect(frenchTypographyFaults(`${mail?.subject}\n${mail?.text}`)).toEqual([]);
      // Asked twice: refused, one request.
      expect(await post({ intent: "request-signature", documentId: contrat.id })).toMatchObject({
        init: { status: 400 },
        data: { toast: { description: expect.stringContaining("déjà en cours") } },
      });

      // Signed out: to the sign-in page and back. Another account, even signed in: 404, as an unknown id.
      const signedOut = (await signingPage(requestId)) as Response;
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get("location")).toBe(
        `/espace/connexion?redirectTo=${encodeURIComponent(`/espace/signatures/${requestId}`)}`,
      );
      expect(statusOf(await signingPage(requestId, stranger.cookie))).toBe(404);
      expect(statusOf(await signingPage(requestId, admin.cookie))).toBe(404);
      expect(statusOf(await signingPage(crypto.randomUUID(), elodie.cookie))).toBe(404);
      expect(statusOf(await signPost(requestId, { accept: "on" }, stranger.cookie))).toBe(404);
      const file = (cookie: string) =>
        settled(() =>
          signingFileRoute.loader(
            routeArgs(t, getRequest(`/espace/signatures/${requestId}/document.pdf`, cookie), {
              id: requestId,
            }),
          ),
        );
      expect(statusOf(await file(stranger.cookie))).toBe(404);
      // The learner's account with its e-mail not verified: the same 404.
      await t.app.database.query("update users set email_verified = false where id = $1", [elodie.userId]);
      expect(statusOf(await signingPage(requestId, elodie.cookie))).toBe(404);
      expect(statusOf(await signPost(requestId, { accept: "on" }, elodie.cookie))).toBe(404);
      await t.app.database.query("update users set email_verified = true where id = $1", [elodie.userId]);
      expect((await signers(requestId)).map((s) => s.signed)).toEqual([false, false]);

      // The signer's page: the PDF shown (the frozen one) and its SHA-256.
      const page = await bodyOf(await signingPage(requestId, elodie.cookie));
      expect(page).toMatchObject({
        found: true,
        request: { sha256: frozen.document_sha256, state: "pending" },
      });
      const shown = (await file(elodie.cookie)) as Response;
      expect(shown.status).toBe(200);
      expect(Buffer.from(await shown.arrayBuffer()).equals(Buffer.from(contrat.pdf))).toBe(true);

      // Not accepted: refused, nothing recorded. Then signed.
      expect(await signPost(requestId, { sha256: frozen.document_sha256 }, elodie.cookie)).toMatchObject({
        init: { status: 409 },
        data: { error: expect.stringContaining("J'ai lu et j'accepte") },
      });
      expect(
        await signPost(requestId, { accept: "on", sha256: frozen.document_sha256 }, elodie.cookie),
      ).toMatchObject({ data: { signed: true } });
      const [learnerSigner, centreSigner] = await signers(requestId);
      expect(learnerSigner).toEqual({
        role: "learner",
        signed: true,
        verified_email: "elodie.signe@example.test",
        ip: "198.51.100.7",
        user_agent: UA,
        document_sha256: frozen.document_sha256,
        user_id: elodie.userId,
      });
      expect(centreSigner?.signed).toBe(false);
      // Signed again: refused, the evidence unchanged (and the database refuses any change of it).
      expect(statusOf(await signPost(requestId, { accept: "on" }, elodie.cookie))).toBe(409);
      await expect(
        t.app.database.query(
          "update signature_signers set ip = '10.0.0.1' where request_id = $1 and role = 'learner'",
          [requestId],
        ),
      ).rejects.toThrow(/evidence can no longer be changed/);

      // The centre: an administrator signs in the console; a moderator may not.
      expect(statusOf(await pagePost(requestId, "sign-centre", moderator.cookie))).toBe(403);
      expect(await pagePost(requestId, "sign-centre", admin.cookie)).toMatchObject({
        data: { ok: true, toast: { title: "Document signé par tous les signataires" } },
      });
      const centre = (await signers(requestId))[1];
      expect(centre).toMatchObject({
        role: "centre",
        signed: true,
        verified_email: admin.email,
        ip: "203.0.113.9",
        document_sha256: frozen.document_sha256,
      });

      // The signed PDF: the frozen bytes, then one page naming each signer, the date and the hash.
      const done = await one<{
        state: string;
        signed_pdf: Uint8Array;
        signed_sha256: string;
        completed_at: Date;
      }>("select state, signed_pdf, signed_sha256, completed_at from signature_requests where id = $1", [
        requestId,
      ]);
      expect(done.state).toBe("signed");
      const signed = new Uint8Array(done.signed_pdf);
      expect(sha256(signed)).toBe(done.signed_sha256);
      expect(Buffer.from(signed.subarray(0, contrat.pdf.byteLength)).equals(Buffer.from(contrat.pdf))).toBe(
        true,
      );
      const pages = async (bytes: Uint8Array) => (await getDocumentProxy(new Uint8Array(bytes))).numPages;
      expect(await pages(signed)).toBe((await pages(contrat.pdf)) + 1);
      const last = await getDocumentProxy(new Uint8Array(signed));
      const lastPage = await last.getPage(last.numPages);
      const lastText = (await lastPage.getTextContent()).items
        .map((item) => ("str" in item ? item.str : ""))
        .join(" ")
        .replace(/\s+/g, " ");
      expect(lastText).toContain("Preuve des signatures électroniques");
      expect(lastText).toContain(`Élodie Martin-a`);
      expect(lastText).toContain("elodie.signe@example.test");
      expect(lastText).toContain(formatDate(done.completed_at));
      expect(lastText).toContain(frozen.document_sha256);
      expect(lastText).toContain("198.51.100.7");
      expect(await pdfText(signed)).toContain(admin.email);

      // The documents' signed-copy path: the learner's file reads 'Signée' with the signed PDF.
      const listed = (await listRoute.loader(
        routeArgs(t, getRequest(`/admin/stagiaires?session=${sessionId}`, moderator.cookie)),
      )) as unknown as {
        documents: Record<string, DocumentSummary[]>;
        signatures: Record<string, { state: string }>;
      };
      expect(listed.documents[learner.id]?.[0]).toMatchObject({
        kind: "contrat",
        signedAt: expect.any(Date),
      });
      expect(listed.signatures[contrat.id]).toMatchObject({ id: requestId, state: "signed" });
      const copy = await one<{ signed_file: Uint8Array; signed_content_type: string }>(
        "select signed_file, signed_content_type from learner_documents where id = $1",
        [contrat.id],
      );
      expect(copy.signed_content_type).toBe("application/pdf");
      expect(sha256(new Uint8Array(copy.signed_file))).toBe(done.signed_sha256);

      // 'Vérifier': the stored files match what was recorded.
      expect(await pagePost(requestId, "verify", moderator.cookie)).toMatchObject({
        data: { ok: true, toast: { description: VERIFY_MESSAGES.matches } },
      });
      // The console's page shows both signers with their evidence; the signed PDF downloads.
      const view = (await bodyOf(await requestPage(requestId, moderator.cookie))) as {
        view: { signers: { role: string; signedAt: Date | null; documentSha256: string | null }[] };
      };
      expect(view.view.signers.map((s) => [s.role, Boolean(s.signedAt), s.documentSha256])).toEqual([
        ["learner", true, frozen.document_sha256],
        ["centre", true, frozen.document_sha256],
      ]);
      const download = (await settled(() =>
        requestFileRoute.loader(
          routeArgs(t, getRequest(`/admin/signatures/${requestId}/signe.pdf`, moderator.cookie), {
            id: requestId,
          }),
        ),
      )) as Response;
      expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(done.signed_sha256);
      // A signed request never changes: the database refuses it.
      await expect(
        t.app.database.query("update signature_requests set file_name = 'autre.pdf' where id = $1", [
          requestId,
        ]),
      ).rejects.toThrow(/can no longer be changed/);
      // Each step in the Journal.
      const entries = await rows<{ action: string }>(
        "select action from audit_log where entity = 'signature_request' and entity_id = $1 order by created_at, id",
        [requestId],
      );
      expect(entries.map((j) => j.action)).toEqual(["create", "sign", "sign"]);
    },
  );

  it(
    "an altered stored PDF fails 'Vérifier' and can no longer be signed; the company's contact signs with its verified e-mail; a cancelled request leads nowhere",
    SLOW,
    async () => {
      const { convention } = await seed("b");
      const requestId = await ask(convention.id);
      // The company's contact (another address than the account's of test a): its account is not it.
      expect(statusOf(await signingPage(requestId, company.cookie))).toBe(404);
      expect(await pagePost(requestId, "verify", moderator.cookie)).toMatchObject({
        data: { ok: true, toast: { description: VERIFY_MESSAGES.matches } },
      });
      await t.app.database.query(
        "update signature_requests set frozen_pdf = frozen_pdf || '\\x0a25'::bytea where id = $1",
        [requestId],
      );
      expect(await pagePost(requestId, "verify", moderator.cookie)).toMatchObject({
        init: { status: 409 },
        data: { ok: false, toast: { description: VERIFY_MESSAGES.differs } },
      });
      expect(await pagePost(requestId, "sign-centre", admin.cookie)).toMatchObject({
        init: { status: 400 },
        data: { toast: { description: expect.stringContaining("Le document a changé") } },
      });
      expect((await signers(requestId)).map((s) => s.signed)).toEqual([false, false]);
      // Cancelled: a new request may be made; the old link shows nothing.
      expect(statusOf(await pagePost(requestId, "cancel", roleless.cookie))).toBe(403);
      expect(await pagePost(requestId, "cancel", moderator.cookie)).toMatchObject({ data: { ok: true } });
      expect(await pagePost(requestId, "cancel", moderator.cookie)).toMatchObject({ init: { status: 400 } });
      const again = await ask(convention.id);
      expect(again).not.toBe(requestId);
    },
  );

  it(
    "the company's contact signs a convention: any case of its verified e-mail; pending signatures are listed for the personal space",
    SLOW,
    async () => {
      const { sessionId, convention, lucieConvention } = await seed("a2");
      // The seed's contact address is rh.a2@dupain.test; the account signs with its own.
      await t.app.database.query(
        "update learners set payer_contact_email = 'RH.SIGNE@dupain.test' where id = (select learner_id from learner_documents where id = $1)",
        [convention.id],
      );
      const requestId = await ask(convention.id);
      expect(await pendingSignaturesFor(t.app.db, "rh.signe@DUPAIN.test")).toEqual([
        expect.objectContaining({
          requestId,
          role: "company",
          kind: "convention",
          path: `/espace/signatures/${requestId}`,
        }),
      ]);
      expect(await pendingSignaturesFor(t.app.db, stranger.email)).toEqual([]);
      // The convention covers Lucie too: her line shows the same request, and asking again from it is refused.
      const listed = (await listRoute.loader(
        routeArgs(t, getRequest(`/admin/stagiaires?session=${sessionId}`, moderator.cookie)),
      )) as unknown as { signatures: Record<string, { id: string }> };
      expect(listed.signatures[lucieConvention.id]).toMatchObject({ id: requestId });
      expect(await post({ intent: "request-signature", documentId: lucieConvention.id })).toMatchObject({
        init: { status: 400 },
      });
      expect(await signPost(requestId, { accept: "on" }, company.cookie)).toMatchObject({
        data: { signed: true },
      });
      expect((await signers(requestId))[0]).toMatchObject({
        role: "company",
        signed: true,
        verified_email: "rh.signe@dupain.test",
      });
      expect(await pendingSignaturesFor(t.app.db, "rh.signe@dupain.test")).toEqual([]);
    },
  );

  it(
    "one reminder per signer who has not signed, after Paramètres' days (set by an administrator), never twice",
    SLOW,
    async () => {
      const { contrat } = await seed("c");
      const requestId = await ask(contrat.id);
      const reminders = () =>
        rows<{ kind: string }>(
          "select kind from mail_outbox where to_address = $1 and kind = 'signature_reminder'",
          ["elodie.c@example.test"],
        );
      // Paramètres › Signatures en ligne: 7 days by default, 1 to 60, administrators only.
      const settings = (fields: Record<string, string>, cookie: string) =>
        settled(() =>
          settingsRoute.action(
            routeArgs(t, formRequest("/admin/parametres", { intent: "signatures", ...fields }, cookie)),
          ),
        );
      expect(statusOf(await settings({ reminderDays: "3" }, moderator.cookie))).toBe(403);
      expect(await settings({ reminderDays: "0" }, admin.cookie)).toMatchObject({
        init: { status: 400 },
        data: { errors: { reminderDays: "Indiquez un nombre de jours entre 1 et 60." } },
      });
      await t.app.signatureReminders.runOnce(new Date(Date.now() + 4 * 86_400_000));
      expect(await reminders()).toHaveLength(0);
      expect(await settings({ reminderDays: "3" }, admin.cookie)).toMatchObject({ data: { ok: true } });
      await t.app.signatureReminders.runOnce(new Date(Date.now() + 2 * 86_400_000));
      expect(await reminders()).toHaveLength(0);
      await t.app.signatureReminders.runOnce(new Date(Date.now() + 4 * 86_400_000));
      expect(await reminders()).toHaveLength(1);
      await t.app.signatureReminders.runOnce(new Date(Date.now() + 20 * 86_400_000));
      expect(await reminders()).toHaveLength(1);
      // The centre is never reminded; the reminder's date shows on the request's page.
      const [outside, centre] = await rows<{ reminder_sent_at: Date | null }>(
        "select reminder_sent_at from signature_signers where request_id = $1 order by position",
        [requestId],
      );
      expect(outside?.reminder_sent_at).not.toBeNull();
      expect(centre?.reminder_sent_at).toBeNull();
    },
  );

  it(
    "anonymous visitors and role-less accounts are refused on every console action and page; nothing changes",
    SLOW,
    async () => {
      const { contrat } = await seed("d");
      const requestId = await ask(contrat.id);
      for (const cookie of ["", roleless.cookie]) {
        const expected = cookie ? 403 : 302;
        expect(statusOf(await post({ intent: "request-signature", documentId: contrat.id }, cookie))).toBe(
          expected,
        );
        for (const intent of ["sign-centre", "verify", "cancel"]) {
          expect(statusOf(await pagePost(requestId, intent, cookie))).toBe(expected);
        }
        expect(statusOf(await requestPage(requestId, cookie))).toBe(expected);
        for (const file of ["document.pdf", "signe.pdf"]) {
          expect(
            statusOf(
              await settled(() =>
                requestFileRoute.loader(
                  routeArgs(t, getRequest(`/admin/signatures/${requestId}/${file}`, cookie), {
                    id: requestId,
                  }),
                ),
              ),
            ),
          ).toBe(expected);
        }
      }
      const state = await one<{ state: string; count: number }>(
        `select r.state, (select count(*)::int from signature_signers s where s.request_id = r.id and s.signed_at is not null) as count
         from signature_requests r where r.id = $1`,
        [requestId],
      );
      expect(state).toEqual({ state: "pending", count: 0 });
    },
  );
});
