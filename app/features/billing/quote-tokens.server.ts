import { createHash, createHmac } from "node:crypto";

/**
 * A quote's acceptance link: the HMAC of its id under the server's AUTH_SECRET (43 base64url
 * characters nobody guesses without the secret). The database keeps only its SHA-256, so a copy of
 * the database accepts no quote; the token can be derived again to send the e-mail anew.
 */
export function quoteToken(secret: string, quoteId: string): string {
  return createHmac("sha256", secret).update(`quote:${quoteId}`).digest("base64url");
}

export const hashQuoteToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** What a token looks like; anything else is refused before the database is asked. */
export const QUOTE_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The public page where the payer reads and accepts the quote. */
export const quoteUrl = (publicUrl: string, token: string) => `${publicUrl}/devis/${token}`;
