// What a person posts to sign: a drawn signature (a PNG checked whole) or a name typed instead, which
// must be the learner's own.

import sharp from "sharp";
import { NNBSP } from "~/platform/french";
import { SIGNATURE_MAX_BYTES } from "./signing-window";

const TYPED_NAME_MAX = 120;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const NOT_PNG = "La signature n'est pas une image PNG.";

/**
 * Whether `bytes` decode whole as a PNG. The header proves nothing of what follows (a PNG header
 * then junk would be kept as a legal record nobody can show). Not the médiathèque's bounded image
 * queue: a room of learners signs at once, and a signature (200 KB at most) decodes in milliseconds.
 */
async function decodesAsPng(bytes: Buffer): Promise<boolean> {
  try {
    const image = sharp(bytes, { failOn: "error", limitInputPixels: 4000 * 4000, sequentialRead: true });
    if ((await image.metadata()).format !== "png") return false;
    // Decoding into a tiny thumbnail reads every byte; the result is thrown away.
    await image.resize({ width: 16 }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

/** Said for a signature over SIGNATURE_MAX_BYTES, whether the body or the PNG is what is too large. */
export const SIGNATURE_TOO_LARGE = `La signature est trop lourde (200 Ko au plus)${NNBSP}: effacez-la et signez à nouveau.`;

/**
 * The PNG bytes of a posted signature ('data:image/png;base64,…' as the canvas gives it), or the
 * French reason it is refused: not a PNG, too large, too small to be a drawing, absurd dimensions.
 */
export async function signaturePng(posted: unknown): Promise<Uint8Array | string> {
  if (typeof posted !== "string" || posted === "") return "Signez dans le cadre avant de valider.";
  const base64 = posted.startsWith("data:image/png;base64,") ? posted.slice(22) : null;
  if (base64 === null || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return NOT_PNG;
  if ((base64.length * 3) / 4 > SIGNATURE_MAX_BYTES + 3) {
    return SIGNATURE_TOO_LARGE;
  }
  const bytes = Buffer.from(base64, "base64");
  if (bytes.byteLength > SIGNATURE_MAX_BYTES) {
    return SIGNATURE_TOO_LARGE;
  }
  // The signature, then the IHDR chunk: length 13, type, width, height.
  if (
    bytes.byteLength < 33 ||
    !bytes.subarray(0, 8).equals(PNG_MAGIC) ||
    bytes.toString("latin1", 12, 16) !== "IHDR"
  ) {
    return NOT_PNG;
  }
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 50 || height < 30 || width > 4000 || height > 4000)
    return "La signature n'a pas une taille valable.";
  return (await decodesAsPng(bytes)) ? new Uint8Array(bytes) : NOT_PNG;
}

/** A person's name as typed, trimmed and its spaces collapsed, or the French reason it is refused. */
export function personName(posted: unknown): string | { error: string } {
  const name = typeof posted === "string" ? posted.trim().replace(/\s+/g, " ") : "";
  if (name.length < 2) return { error: "Saisissez votre nom et votre prénom pour signer." };
  if (name.length > TYPED_NAME_MAX) return { error: "Ce nom est trop long." };
  return name;
}

/**
 * A name as compared: lower case, without accents, hyphens and apostrophes read as spaces, its words
 * in alphabetical order ('Nom Prénom' is the same person as 'Prénom Nom').
 */
const comparableName = (name: string) =>
  name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[-'’‐‑]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .sort()
    .join(" ");

/** Said when a typed name is not the one of the learner the signature is for. */
export const NAME_MISMATCH = `Ce nom n'est pas celui du ou de la stagiaire pour qui ce lien a été envoyé${NNBSP}: saisissez votre prénom et votre nom tels que le centre les a enregistrés.`;

/**
 * A typed name (instead of a drawing), trimmed, or the French reason it is refused. It signs for
 * `learner` only if it is their name (case, accents, extra spaces and the order of the words aside):
 * a typed name is the signature of the person it names.
 */
export function typedName(
  posted: unknown,
  learner: { firstName: string | null; lastName: string | null },
): string | { error: string } {
  const name = personName(posted);
  if (typeof name !== "string") return name;
  const expected = comparableName(`${learner.firstName ?? ""} ${learner.lastName ?? ""}`);
  if (comparableName(name) !== expected) return { error: NAME_MISMATCH };
  return name;
}
