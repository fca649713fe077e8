import { escapeHtml } from "./html";
import type { MailMessage } from "./mail-message";

/** `2026-11-29 08:15 UTC`: read by people, in any time zone. */
export function formatExpiry(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

interface Paragraph {
  text: string;
  /** a URL shown on its own line (in HTML, a link) */
  url?: string;
}

function message(to: string, subject: string, paragraphs: Paragraph[]): MailMessage {
  const text = paragraphs.map((p) => (p.url ? `${p.text}\n${p.url}` : p.text)).join("\n\n");
  const html = paragraphs
    .map((p) =>
      p.url
        ? `<p>${escapeHtml(p.text)}<br><a href="${escapeHtml(p.url)}">${escapeHtml(p.url)}</a></p>`
        : `<p>${escapeHtml(p.text)}</p>`,
    )
    .join("\n");
  return { to, subject, text: `${text}\n`, html: `<!doctype html>\n<html><body>\n${html}\n</body></html>\n` };
}

export interface InvitationMailInput {
  to: string;
  /** the user (tenant) that invites: its user_id */
  userId: string;
  /** the inviting account's email; null when the operator made it (`ctxlog accounts create`) */
  invitedBy: string | null;
  /** the invitation's one-time link (…/dashboard/setup#token=…) */
  link: string;
  expiresAt: Date;
  /** whether a person already signs in with this email: then "you were added; sign in" */
  personExists: boolean;
  /** the dashboard's sign-in page, opening on this user once signed in */
  signInUrl: string;
}

/**
 * The invitation, for the email's owner only. A new email sets a password with the link; an email
 * that already signs in (to another user's dashboard) is told it was added and signs in as usual,
 * the link being the way in when the password is forgotten.
 */
export function invitationMail(input: InvitationMailInput): MailMessage {
  const who = input.invitedBy ?? "The operator of ctxlog";
  const until = `It works once, until ${formatExpiry(input.expiresAt)}.`;
  const ignore: Paragraph = {
    text: "If you did not expect this mail, ignore it: nothing changes without you.",
  };
  if (!input.personExists) {
    return message(input.to, `You are invited to ${input.userId} on ctxlog`, [
      { text: `${who} invited you to the ctxlog dashboard of ${input.userId}.` },
      { text: `Set your password to join. ${until}`, url: input.link },
      ignore,
    ]);
  }
  return message(input.to, `You were added to ${input.userId} on ctxlog`, [
    { text: `${who} added you to the ctxlog dashboard of ${input.userId}.` },
    { text: "Sign in with your email and password to join it:", url: input.signInUrl },
    {
      text: `Forgot your password? This link sets a new one and joins ${input.userId} at once. ${until}`,
      url: input.link,
    },
    ignore,
  ]);
}

export interface SignInLinkMailInput {
  to: string;
  userId: string;
  link: string;
  expiresAt: Date;
}

/** A new sign-in link (`ctxlog accounts link`, e.g. a forgotten password), for the email's owner. */
export function signInLinkMail(input: SignInLinkMailInput): MailMessage {
  return message(input.to, "Your ctxlog sign-in link", [
    {
      text: `This link sets a new password for your ctxlog dashboard (${input.userId}) and signs you in. It works once, until ${formatExpiry(input.expiresAt)}; setting a password ends your other sessions.`,
      url: input.link,
    },
    { text: "If you did not ask for it, ignore this mail: your password stays as it is." },
  ]);
}
