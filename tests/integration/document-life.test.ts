// A document's life after it left: the signed copy of a convention or a contrat received (a PDF, a
// JPEG or a PNG judged by its content, 5 Mo at most; anything else refused in French, nothing
// changed), kept on every learner the convention covers, shown 'Signée' on the learner's file and
// downloadable by whoever may see learners; then archived (an agreement once signed). The Stagiaires
// screen lists per session what is missing: agreements not returned signed, not sent, records
// without funding, and from the last day the attestations and certificats not sent. Anonymous
// visitors are sent to sign in, role-less accounts refused; nothing changes for them.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { DocumentSummary, SessionGaps } from "~/features/documents/index.server";
import { addDays, parisToday } from "~/platform/dates";
import * as signedCopyRoute from "~/routes/admin/learner-signed-copy";
import * as listRoute from "~/routes/admin/learners";
import { DRIVER } from "../support/db";
import { elf, pdf } from "../support/documents";
import { makeLearners } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { learnersPost, newSession, settled } from "../support/learner-documents";
import { queriesOn } from "../support/query";
import { fileRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);

const { rows } = queriesOn(t);
const post = learnersPost(t, moderator);

/** A session that ended last week: its closing documents are due. */
const ENDED = { start: addDays(parisToday(), -18), end: addDays(parisToday(), -7) };

/** Posts a file to the Stagiaires screen, as 'Déposer la copie signée' does (multipart). */
const deposit = (
  documentId: string,
  file: { bytes: Uint8Array; name: string; type: string },
  cookie = moderator.cookie,
) =>
  settled(() =>
    listRoute.action(
      routeArgs(t, fileRequest("/admin/stagiaires", { intent: "receive-signed", documentId }, file, cookie)),
    ),
  );

const signedCopy = (documentId: string, cookie = moderator.cookie) =>
  settled(() =>
    signedCopyRoute.loader(
      routeArgs(t, getRequest(`/admin/stagiaires/documents/${documentId}/copie-signee`, cookie), {
        documentId,
      }),
    ),
  );

/**
 * A session of its own that ended last week, and its learners: Karim and Lucie sent by the same
 * bakery (one convention), Élodie paying personally (a contrat), Noé on Mon Compte Formation, Inès
 * whose funding is not said.
 */
async function seed(tag: string) {
  const [formation] = await rows<{ id: string }>("select id from formations order by position limit 1");
  const sessionId = await newSession(t, formation?.id, ENDED);
  const bakery = {
    fundingSource: "opco" as const,
    payerName: "Boulangerie Dupain",
    payerAddress: "3 place du Marché, 69002 Lyon",
    payerContactName: "Sophie Dupain",
    payerContactEmail: `rh.life.${tag}@dupain.test`,
  };
  const [karim, lucie, elodie, noe, ines] = await makeLearners(t.app.db, [
    {
      sessionId,
      firstName: "Karim",
      lastName: `Benali-${tag}`,
      email: `karim.life.${tag}@example.test`,
      ...bakery,
    },
    {
      sessionId,
      firstName: "Lucie",
      lastName: `Colin-${tag}`,
      email: `lucie.life.${tag}@example.test`,
      ...bakery,
    },
    {
      sessionId,
      firstName: "Élodie",
      lastName: `Martin-${tag}`,
      email: `elodie.life.${tag}@example.test`,
      fundingSource: "personal",
      address: "8 rue Victor Hugo, 69002 Lyon",
    },
    {
      sessionId,
      firstName: "Noé",
      lastName: `Girard-${tag}`,
      email: `noe.life.${tag}@example.test`,
      fundingSource: "cpf",
    },
    { sessionId, firstName: "Inès", lastName: `Roux-${tag}`, email: `ines.life.${tag}@example.test` },
  ]);
  if (!karim || !lucie || !elodie || !noe || !ines) throw new Error("no learners");
  return { sessionId, karim, lucie, elodie, noe, ines };
}

/** The learner's documents as the Stagiaires screen shows them, and the session's gaps. */
async function screen(sessionId: string) {
  const loaded = await listRoute.loader(
    routeArgs(t, getRequest(`/admin/stagiaires?session=${sessionId}`, moderator.cookie)),
  );
  return loaded as unknown as { documents: Record<string, DocumentSummary[]>; gaps: SessionGaps };
}

const life = (learnerId: string) =>
  rows<{ kind: string; signed: boolean; type: string | null; archived: boolean }>(
    `select kind, signed_at is not null as signed, signed_content_type as type, archived_at is not null as archived
       from learner_documents where learner_id = $1 order by created_at`,
    [learnerId],
  );

const png = () =>
  sharp({ create: { width: 40, height: 60, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();

describe(`a document's life on ${DRIVER}`, () => {
  it("the signed copy is judged by its content, kept on every learner the convention covers, shown 'Signée', downloadable; then archived", async () => {
    const { sessionId, karim, lucie, elodie } = await seed("a");
    expect(
      await post({ intent: "send-agreement", id: karim.id, requestKey: "click-life-conv" }),
    ).toMatchObject({
      data: { ok: true },
    });
    expect(
      await post({ intent: "send-agreement", id: elodie.id, requestKey: "click-life-contrat" }),
    ).toMatchObject({
      data: { ok: true },
    });
    expect(
      await post({ intent: "send-convocation", id: karim.id, requestKey: "click-life-convoc" }),
    ).toMatchObject({ data: { ok: true } });
    const before = await screen(sessionId);
    const convention = before.documents[karim.id]?.find((d) => d.kind === "convention");
    const convocation = before.documents[karim.id]?.find((d) => d.kind === "convocation");
    const contrat = before.documents[elodie.id]?.find((d) => d.kind === "contrat");
    if (!convention || !convocation || !contrat) throw new Error("documents not kept");
    expect(before.gaps.unsigned.map((g) => [g.name, g.kind])).toEqual([
      [`Karim Benali-a`, "convention"],
      [`Lucie Colin-a`, "convention"],
      [`Élodie Martin-a`, "contrat"],
    ]);

    // A program named '.pdf', an empty name's text file, a PDF on a convocation: refused, nothing kept.
    expect(
      await deposit(convention.id, { bytes: elf(), name: "convention-signee.pdf", type: "application/pdf" }),
    ).toMatchObject({
      init: { status: 400 },
      data: { errors: { file: "La copie signée doit être un PDF, une image JPEG ou PNG" } },
    });
    expect(
      await deposit(convention.id, {
        bytes: new TextEncoder().encode("signé"),
        name: "scan.png",
        type: "image/png",
      }),
    ).toMatchObject({ init: { status: 400 } });
    expect(
      await deposit(convention.id, {
        bytes: new Uint8Array(5 * 1024 * 1024 + 1),
        name: "gros.pdf",
        type: "application/pdf",
      }),
    ).toMatchObject({
      init: { status: 400 },
      data: { errors: { file: expect.stringContaining("ne doit pas dépasser") } },
    });
    expect(
      await deposit(convocation.id, { bytes: pdf(), name: "convocation.pdf", type: "application/pdf" }),
    ).toMatchObject({
      init: { status: 400 },
      data: {
        toast: { description: "Seuls une convention ou un contrat de formation se retournent signés." },
      },
    });
    // Nobody without a role, and nobody signed out.
    expect(
      statusOf(
        await deposit(
          convention.id,
          { bytes: pdf(), name: "c.pdf", type: "application/pdf" },
          roleless.cookie,
        ),
      ),
    ).toBe(403);
    expect(
      statusOf(await deposit(convention.id, { bytes: pdf(), name: "c.pdf", type: "application/pdf" }, "")),
    ).toBe(302);
    expect(await life(karim.id)).toEqual([
      { kind: "convention", signed: false, type: null, archived: false },
      { kind: "convocation", signed: false, type: null, archived: false },
    ]);

    // An agreement is archived once signed only.
    expect(await post({ intent: "archive-document", documentId: contrat.id })).toMatchObject({
      init: { status: 400 },
      data: { toast: { description: expect.stringContaining("Déposez d'abord la copie signée") } },
    });

    // The bakery's scan, a photo: kept on both learners' convention.
    const photo = await png();
    expect(
      await deposit(convention.id, { bytes: photo, name: "Convention signée.png", type: "image/png" }),
    ).toMatchObject({
      data: { ok: true, toast: { title: "Copie signée enregistrée" } },
    });
    for (const id of [karim.id, lucie.id]) {
      expect((await life(id)).find((d) => d.kind === "convention")).toEqual({
        kind: "convention",
        signed: true,
        type: "image/png",
        archived: false,
      });
    }
    const after = await screen(sessionId);
    expect(after.documents[lucie.id]?.[0]?.signedAt).toBeTruthy();
    expect(after.gaps.unsigned.map((g) => g.name)).toEqual(["Élodie Martin-a"]);
    const [audit] = await rows<{ details: { document: string; signedCopy: { fileName: string } } }>(
      "select details from audit_log where entity_id = $1 and details ? 'signedCopy'",
      [karim.id],
    );
    expect(audit?.details).toMatchObject({
      document: "convention",
      signedCopy: { fileName: "Convention signée.png" },
    });

    const download = (await signedCopy(convention.id)) as Response;
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect(Buffer.from(await download.arrayBuffer()).equals(photo)).toBe(true);
    expect(statusOf(await signedCopy(convention.id, roleless.cookie))).toBe(403);
    expect(((await signedCopy(contrat.id)) as Response).status).toBe(404);

    // Signed, it is archived, for both learners; an archived document no longer changes.
    expect(await post({ intent: "archive-document", documentId: convention.id })).toMatchObject({
      data: { ok: true, toast: { title: "Document archivé" } },
    });
    expect((await life(lucie.id)).find((d) => d.kind === "convention")?.archived).toBe(true);
    expect(
      await deposit(convention.id, { bytes: pdf(), name: "autre.pdf", type: "application/pdf" }),
    ).toMatchObject({
      init: { status: 400 },
      data: { toast: { description: "Ce document est archivé : il ne change plus." } },
    });
    expect(
      statusOf(await post({ intent: "archive-document", documentId: contrat.id }, roleless.cookie)),
    ).toBe(403);

    // Élodie's contrat, a PDF scan.
    expect(
      await deposit(contrat.id, { bytes: pdf(), name: "contrat.pdf", type: "application/pdf" }),
    ).toMatchObject({
      data: { ok: true },
    });
    expect(await life(elodie.id)).toEqual([
      { kind: "contrat", signed: true, type: "application/pdf", archived: false },
    ]);
  });

  it("the session's panel names what is missing: agreements not sent, funding not said, and once the session ended the attestations and certificats not sent; a CPF learner needs no agreement", async () => {
    const { sessionId, karim, noe } = await seed("b");
    expect(
      await post({ intent: "send-certificate", id: noe.id, requestKey: "click-life-cert" }),
    ).toMatchObject({
      data: { ok: true },
    });
    expect(
      await post({ intent: "send-attestation", id: karim.id, requestKey: "click-life-att" }),
    ).toMatchObject({
      data: { ok: true },
    });
    const { gaps } = await screen(sessionId);
    const names = (list: { name: string }[]) => list.map((g) => g.name);
    expect(gaps.ended).toBe(true);
    expect(names(gaps.unsigned)).toEqual([]);
    expect(names(gaps.agreementsToSend)).toEqual(["Karim Benali-b", "Lucie Colin-b", "Élodie Martin-b"]);
    expect(names(gaps.noFunding)).toEqual(["Inès Roux-b"]);
    expect(names(gaps.attestationsToSend)).toEqual([
      "Lucie Colin-b",
      "Noé Girard-b",
      "Élodie Martin-b",
      "Inès Roux-b",
    ]);
    expect(names(gaps.certificatesToSend)).toEqual([
      "Karim Benali-b",
      "Lucie Colin-b",
      "Élodie Martin-b",
      "Inès Roux-b",
    ]);
  });
});
