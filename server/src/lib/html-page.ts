import type { Language } from '@gradus/contract';

/**
 * The few pages the server renders itself (the sandbox gateway's checkout, the ticket verification
 * a QR code opens): plain HTML without script, as the site's Content-Security-Policy allows only
 * inline styles, readable on a phone, never indexed.
 */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `title` and `body` are HTML already escaped by the caller. */
export function htmlPage(page: { lang: Language; title: string; style: string; body: string }): string {
  return `<!doctype html>
<html lang="${page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${page.title}</title>
<style>${page.style}</style>
</head>
<body>
${page.body}
</body>
</html>
`;
}
