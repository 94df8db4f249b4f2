import type { FastifyInstance } from 'fastify';

/** Bytes that are not UTF-8 (an overlong form, a truncated sequence, a lone continuation byte) are refused, never replaced. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** A lone surrogate (written as a \ud800 escape), or a control character other than tab and line breaks. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const UNREADABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const refused = (why: string) => Object.assign(new Error(why), { statusCode: 400 });

/** Whether any key or string in the parsed body is text no person typed; walked without recursion (a body may nest deeply). */
function holdsUnreadableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (typeof v === 'string') {
      if (UNREADABLE.test(v)) return true;
    } else if (v && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        if (UNREADABLE.test(k)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * JSON bodies as the portal accepts them: UTF-8 that decodes without a single replacement, no
 * `__proto__` or `constructor.prototype` keys (Fastify's secure parser, set to refuse), and no text
 * that cannot have been typed: lone surrogates and control characters would be stored, shown in
 * the back office, exported to Excel and printed on tickets. Each leaves as the translated
 * "unreadable body" reply (plugins/errors.ts), before any route runs.
 */
export function useStrictJson(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      return done(refused('the body is not UTF-8'), undefined);
    }
    parse(request, text, (err, value) => {
      if (err) return done(err, undefined);
      if (holdsUnreadableText(value)) return done(refused('the body holds text that cannot have been typed'), undefined);
      done(null, value);
    });
  });
}
