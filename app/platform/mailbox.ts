/**
 * A staff mailbox (the lead recipient, first set from CONTACT_NOTIFY_EMAIL): unlike a visitor's
 * address, its domain may be one name without a dot (contact@localhost, equipe@intranet), which a
 * centre's own mail server or a development machine delivers to, and which the app's own default
 * is. The configuration checks CONTACT_NOTIFY_EMAIL with this same rule, so Paramètres always
 * accepts the address the app wrote. No comma, quote or bracket: it goes into a To: header as is.
 */
const MAILBOX_PATTERN = /^[^\s@",;:<>()[\]\\]+@[^\s@",;:<>()[\]\\.]+(?:\.[^\s@",;:<>()[\]\\.]+)*$/;

export const isMailbox = (value: string) => value.length <= 254 && MAILBOX_PATTERN.test(value);
