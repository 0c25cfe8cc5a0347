import { eq } from "drizzle-orm";
import { data } from "react-router";
import type { SignedInUser } from "~/features/accounts/index.server";
import { COMPLAINT_RECEIVED_TITLE, complaintReceivedText, complaintSchema } from "~/features/complaints";
import { storeComplaint } from "~/features/complaints/index.server";
import { FieldRefusal } from "~/features/leads/index.server";
import { learners } from "~/features/learners/schema.server";
import { AdminInputError } from "~/platform/console/action.server";
import { fieldErrors } from "~/platform/form-schema";
import { readFormDataWithFiles } from "~/platform/http/body.server";
import { FILE_SIZE_LABEL, REQUEST_LIMITS } from "~/platform/request-limits";
import type { AppRuntime } from "~/platform/runtime.server";
import type { ToastMessage } from "~/platform/toast";
import { DOCUMENT_TYPES, readUploadedFile } from "~/platform/uploaded-file.server";
import { receiveRequestedDocument } from "./requested-documents.server";

// What a learner does in their space: send a document the centre asked for, and write a complaint
// about their session. The caller has passed the walls (learnerOf): `learnerId` is theirs.

/** The answer of the learner's page's action: a toast, and the fields' messages when refused. */
export interface LearnerSpaceResult {
  ok: boolean;
  intent: string;
  toast: ToastMessage;
  errors?: Record<string, string>;
  /** The typed text, put back when a complaint is refused. */
  values?: Record<string, string>;
  /** The requested document a file was sent for. */
  target?: string;
}

export const UPLOAD_ERRORS = {
  missing: "Choisissez le fichier à envoyer",
  empty: "Le fichier est vide",
  tooLarge: `Le fichier ne doit pas dépasser ${FILE_SIZE_LABEL}`,
  type: "Le document doit être un fichier PDF, DOC, DOCX ou ODT",
} as const;

/** A document and the multipart framing around it; past it we stop reading at once. */
const MAX_UPLOAD_BYTES = REQUEST_LIMITS.fileBytes + 64 * 1024;

const answer = (status: number, result: LearnerSpaceResult) => data(result, { status });

const refusal = (intent: string, title: string, description: string, errors?: Record<string, string>) => ({
  ok: false,
  intent,
  toast: { type: "error" as const, title, description },
  ...(errors ? { errors } : {}),
});

/** 'Envoyer' on one of the documents the centre awaits: the same checks as a candidate's CV. */
async function sendDocument(app: AppRuntime, user: SignedInUser, learnerId: string, form: FormData) {
  const intent = "send-document";
  const posted = form.get("id");
  const requestId = typeof posted === "string" ? posted : "";
  const refused = (status: number, description: string, errors?: Record<string, string>) =>
    answer(status, { ...refusal(intent, "Document non envoyé", description, errors), target: requestId });
  const read = await readUploadedFile(form.get("file"), DOCUMENT_TYPES, "document");
  const problem =
    read === null ? UPLOAD_ERRORS.missing : "problem" in read ? UPLOAD_ERRORS[read.problem] : null;
  if (problem || read === null || "problem" in read) {
    return refused(400, problem ?? "", { file: problem ?? "" });
  }
  if (!/^[0-9a-f-]{36}$/.test(requestId)) return refused(404, "Ce document n'est plus demandé.");
  try {
    await receiveRequestedDocument(app, { id: user.id, email: user.email }, learnerId, requestId, read);
  } catch (error) {
    if (!(error instanceof AdminInputError)) throw error;
    return refused(409, error.message);
  }
  return answer(200, {
    ok: true,
    intent,
    target: requestId,
    toast: { type: "success", title: "Document envoyé", description: "Le centre est prévenu." },
  });
}

/** 'Faire une réclamation': the complaints' form and checks, in the learner's name, about their session. */
async function writeComplaint(app: AppRuntime, learnerId: string, form: FormData) {
  const intent = "complaint";
  const [learner] = await app.db
    .select({
      firstName: learners.firstName,
      lastName: learners.lastName,
      email: learners.email,
      sessionId: learners.sessionId,
    })
    .from(learners)
    .where(eq(learners.id, learnerId));
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = { category: text("category"), description: text("description"), phone: text("phone") };
  // Who writes and about which session come from the learner's record, never from the form.
  const parsed = complaintSchema.safeParse({
    ...values,
    firstName: learner?.firstName ?? "",
    lastName: learner?.lastName ?? "",
    email: learner?.email ?? "",
    authorType: "stagiaire",
    session: learner?.sessionId,
  });
  const invalid = "Vérifiez les champs signalés.";
  if (!parsed.success) {
    return answer(400, {
      ...refusal(intent, "Réclamation non envoyée", invalid, fieldErrors(parsed.error)),
      values,
    });
  }
  try {
    const reference = await storeComplaint(app, parsed.data, learnerId);
    return answer(200, {
      ok: true,
      intent,
      toast: {
        type: "success",
        title: COMPLAINT_RECEIVED_TITLE,
        description: complaintReceivedText(reference),
      },
    });
  } catch (error) {
    if (!(error instanceof FieldRefusal)) throw error;
    const errors = { [error.field]: error.message };
    return answer(400, { ...refusal(intent, "Réclamation non envoyée", error.message, errors), values });
  }
}

/** The learner's page's action: the walls are passed; the form is read bounded, files included. */
export async function learnerSpaceAction(
  app: AppRuntime,
  user: SignedInUser,
  learnerId: string,
  request: Request,
) {
  const form = await readFormDataWithFiles(request, MAX_UPLOAD_BYTES);
  if (form === "too-large") {
    const tooLarge = refusal("", "Document non envoyé", UPLOAD_ERRORS.tooLarge, {
      file: UPLOAD_ERRORS.tooLarge,
    });
    return answer(413, tooLarge);
  }
  if (form === "unreadable") {
    return answer(400, refusal("", "Formulaire illisible", "Rechargez la page et réessayez."));
  }
  const intent = form.get("intent");
  if (intent === "send-document") return sendDocument(app, user, learnerId, form);
  if (intent === "complaint") return writeComplaint(app, learnerId, form);
  return answer(400, refusal(String(intent ?? ""), "Action inconnue", "Rechargez la page et réessayez."));
}
