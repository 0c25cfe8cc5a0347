import { extractText, getDocumentProxy } from "unpdf";
import type { Mail } from "./mail";

/** A PDF's text (an e-mail's attachment, a download), pages joined, white space as single spaces. */
export const pdfText = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text.replace(/\s+/g, " ");

/** The text of a message's `index`-th attached PDF. */
export const attachedPdfText = (mail: Mail, index = 0) =>
  pdfText(new Uint8Array(Buffer.from(mail.attachments[index]?.content ?? "", "base64")));
