import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How the sandbox gateway and its merchants sign what they send each other, in the style of the
 * Chinese gateways: the non-empty fields except `sign`, sorted by name, as `k=v` joined by `&`,
 * then HMAC-SHA256 with the shared key, in lower-case hex. Both sides use this one function, as a
 * real merchant uses the gateway's SDK.
 */
export type SignedFields = Record<string, string>;

export function canonical(fields: SignedFields): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign' && fields[k] !== undefined && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

export function signature(fields: SignedFields, key: string): string {
  return createHmac('sha256', key).update(canonical(fields), 'utf8').digest('hex');
}

export function signed(fields: SignedFields, key: string): SignedFields {
  return { ...fields, sign: signature(fields, key) };
}

/** Constant-time comparison, so a forger learns nothing from how long a refusal takes. */
export function verifySignature(fields: SignedFields, key: string): boolean {
  const given = fields.sign;
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(signature(fields, key), 'hex'));
}

/** Only string fields take part; a body with arrays or objects (a repeated field) is not a signed message. */
export function stringFields(body: unknown): SignedFields | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const out: SignedFields = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (typeof v !== 'string') return null;
    out[k] = v;
  }
  return out;
}
