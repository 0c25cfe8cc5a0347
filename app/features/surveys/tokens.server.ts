import { createHash, createHmac } from "node:crypto";

/**
 * An invitation's link token: the HMAC of its id under the server's AUTH_SECRET, 43 base64url
 * characters nobody can guess without the secret. The database keeps only its SHA-256
 * (`token_hash`), so a copy of the database opens no survey; the server derives the token again when
 * it sends the reminder. Changing AUTH_SECRET ends the links already sent (they answer 404).
 */
export function surveyToken(secret: string, invitationId: string): string {
  return createHmac("sha256", secret).update(`survey-invitation:${invitationId}`).digest("base64url");
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** What a token looks like; anything else is refused before the database is asked. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const surveyUrl = (publicUrl: string, token: string) => `${publicUrl}/enquete/${token}`;
