/**
 * The centre's logo at the top of each e-mail: `src` a path of our origin (/media/…, a JPEG or PNG,
 * which every mail client shows), made absolute with PUBLIC_URL by the mail worker as it sends;
 * `width` and `height` give its proportions.
 */
export interface MailLogo {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** What every e-mail names of the centre (Paramètres decides it), read when the message is queued. */
export interface MailCentre {
  name: string;
  phone: string;
  email: string;
  openingHours: string[];
  logo?: MailLogo | null;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/**
 * Where a candidate's or a visitor's reply goes: the centre's address from Paramètres (the lead
 * recipient should it be empty). E-mails leave from MAIL_FROM (often a no-reply address), and
 * those that invite an answer ('répondez à ce message') must not lose it.
 */
export function centreReplyTo(centre: { email: string } & { leadRecipient?: string }): string {
  return centre.email.trim() || (centre.leadRecipient ?? "");
}

const signatureOf = (centre: MailCentre) => `${centre.name} · ${centre.phone} · ${centre.email}`;

/**
 * The logo's <img>, at most 192 × 64 px, or nothing. Its alternative text is the médiathèque's, or
 * the centre's name: many clients block pictures until asked, and show this text instead.
 */
function logoHtml(centre: MailCentre): string {
  const { logo } = centre;
  if (!logo) return "";
  const width = Math.max(1, Math.min(192, Math.round((64 * logo.width) / logo.height)));
  const height = Math.max(1, Math.round((width * logo.height) / logo.width));
  const alt = logo.alt.trim() || centre.name;
  return `<p><img src="${escapeHtml(logo.src)}" alt="${escapeHtml(alt)}" width="${width}" height="${height}" style="display:block;border:0;width:${width}px;height:${height}px"></p>\n`;
}

/**
 * A message whose text staff wrote (or approved) in the console, greeting and closing included:
 * sent as typed, with the centre's signature; the HTML copy keeps its paragraphs and line breaks.
 */
export function renderWrittenMail(centre: MailCentre, subject: string, written: string): RenderedMail {
  const signature = signatureOf(centre);
  const body = written.replace(/\r\n?/g, "\n").trim();
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replaceAll("\n", "<br>")}</p>`)
    .join("\n");
  return {
    subject,
    text: `${body}\n\n—\n${signature}`,
    html: `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
${logoHtml(centre)}${paragraphs}
<p style="font-size:12px;color:#6b7280">${escapeHtml(signature)}</p>
</body></html>`,
  };
}

/** What an acknowledgement says last: its address was typed by a visitor, maybe not its owner. */
export const NOT_YOU_LINE =
  "Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer ce message.";

/**
 * The acknowledgement a public form sends to the address a visitor typed (contact, callback,
 * complaint): the common layout, ending with NOT_YOU_LINE. Anyone can type anyone's address, so what
 * it quotes must be the centre's own words or the visitor's choices among the centre's lists, never
 * their free text (a link in it would reach a stranger under the centre's name).
 */
export function renderAcknowledgement(centre: MailCentre, options: Parameters<typeof renderMail>[1]) {
  return renderMail(centre, { ...options, paragraphs: [...options.paragraphs, NOT_YOU_LINE] });
}

/** One French layout for every message: a heading, paragraphs, an optional button, the signature. */
export function renderMail(
  centre: MailCentre,
  options: {
    subject: string;
    heading: string;
    paragraphs: string[];
    action?: { label: string; url: string };
    rows?: [string, string][];
  },
): RenderedMail {
  const { subject, heading, paragraphs, action, rows = [] } = options;
  const signature = signatureOf(centre);
  const text = [
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...rows.map(([label, value]) => `${label} : ${value}`),
    ...(rows.length ? [""] : []),
    ...(action ? [`${action.label} : ${action.url}`, ""] : []),
    "—",
    signature,
  ].join("\n");
  const html = `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
${logoHtml(centre)}<h1 style="font-size:20px;color:#1e3a8a">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${
  rows.length
    ? `<table style="border-collapse:collapse">${rows
        .map(
          ([label, value]) =>
            `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table>`
    : ""
}
${
  action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#6b7280">Si le bouton ne fonctionne pas, copiez ce lien : ${escapeHtml(action.url)}</p>`
    : ""
}
<p style="font-size:12px;color:#6b7280">${escapeHtml(signature)}</p>
</body></html>`;
  return { subject, text, html };
}

export function verificationMail(centre: MailCentre, firstName: string, url: string): RenderedMail {
  return renderMail(centre, {
    subject: "Confirmez votre adresse e-mail",
    heading: `Bonjour ${firstName},`,
    paragraphs: [
      "Merci pour votre inscription sur notre site.",
      "Pour activer votre compte, confirmez votre adresse e-mail. Ce lien est valable 24 heures.",
    ],
    action: { label: "Confirmer mon adresse e-mail", url },
  });
}

/** To an address someone tried to sign up with again: it already has an account. */
export function accountExistsMail(
  centre: MailCentre,
  firstName: string,
  signInUrl: string,
  resetUrl: string,
): RenderedMail {
  return renderMail(centre, {
    subject: "Vous avez déjà un compte",
    heading: firstName ? `Bonjour ${firstName},` : "Bonjour,",
    paragraphs: [
      `Quelqu'un, sans doute vous, a demandé à créer un compte sur notre site avec cette adresse e-mail. Un compte existe déjà pour elle : aucun autre n'a été créé.`,
      "Connectez-vous avec votre mot de passe. Si vous n'avez pas encore confirmé votre adresse, le formulaire de connexion vous propose de recevoir un nouveau lien.",
      `Mot de passe oublié ? Choisissez-en un nouveau ici : ${resetUrl}`,
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre compte reste inchangé.",
    ],
    action: { label: "Me connecter", url: signInUrl },
  });
}

/** A sign-in link asked for on the personal space's sign-in page ('Recevoir un lien de connexion'). */
export function signInLinkMail(
  centre: MailCentre,
  firstName: string,
  url: string,
  minutes: number,
): RenderedMail {
  return renderMail(centre, {
    subject: "Votre lien de connexion",
    heading: firstName ? `Bonjour ${firstName},` : "Bonjour,",
    paragraphs: [
      `Voici votre lien pour entrer dans votre espace personnel. Il est valable ${minutes}\u00a0minutes et ne sert qu'une fois.`,
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message\u00a0: personne n'entre dans votre espace sans ce lien.",
    ],
    action: { label: "Me connecter à mon espace", url },
  });
}

export function resetPasswordMail(centre: MailCentre, firstName: string, url: string): RenderedMail {
  return renderMail(centre, {
    subject: "Réinitialisation de votre mot de passe",
    heading: `Bonjour ${firstName},`,
    paragraphs: [
      "Vous avez demandé à réinitialiser votre mot de passe. Ce lien est valable une heure.",
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
    ],
    action: { label: "Choisir un nouveau mot de passe", url },
  });
}
