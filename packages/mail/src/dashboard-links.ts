/**
 * The dashboard's setup page for a one-time link's token: in the fragment, so it never reaches a
 * server log or a Referer. `publicBaseUrl`: PUBLIC_BASE_URL (or the default), with or without a
 * trailing slash.
 */
export function setupLinkUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}/dashboard/setup#token=${token}`;
}

/** The dashboard's sign-in page, entering `userId`'s dashboard once signed in (when a member). */
export function signInPageUrl(publicBaseUrl: string, userId: string): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}/dashboard/sign-in?user=${encodeURIComponent(userId)}`;
}
