import { extractText, getDocumentProxy } from "unpdf";

/** A PDF's text (an e-mail's attachment, a download), pages joined, white space as single spaces. */
export const pdfText = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text.replace(/\s+/g, " ");
