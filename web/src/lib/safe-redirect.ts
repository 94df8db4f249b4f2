/** Pages a person never wants to land on again after signing in (spec 2: logout from /resetPassword). */
const NO_RETURN = ['/resetPassword'];

/** Builds the login URL that brings the user back to `fullPath` (path + query), URL-encoded. */
export function loginPathFor(fullPath: string | null | undefined): string {
  if (!fullPath || fullPath === '/' || fullPath.startsWith('/login')) return '/login';
  const path = fullPath.split(/[?#]/)[0] ?? '';
  if (NO_RETURN.includes(path)) return '/login';
  return `/login?redirect=${encodeURIComponent(fullPath)}`;
}

/** Follows a redirect parameter only when it is a same-origin path; otherwise null. */
export function safeRedirect(raw: string | null | undefined, origin: string = window.location.origin): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Control characters (tabs, newlines) are dropped by URL parsers and can smuggle a scheme.
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin) return null;
    if (url.pathname.startsWith('/login')) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}
