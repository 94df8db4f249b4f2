/**
 * Content-Disposition with both an ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 5987),
 * so 张伟-准考证.pdf arrives as 张伟-准考证.pdf in every browser.
 */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const clean = sanitizeFileName(fileName) || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Drops control characters, path separators and quotes a client might put in a download name. */
export function sanitizeFileName(name: string): string {
  return name
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[/\\:*?"<>|]/g, '_')
    .trim()
    .slice(0, 200);
}
