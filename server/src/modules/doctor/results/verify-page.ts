import { EXAM_TIME_ZONE, type Language, type TicketVerification } from '@gradus/contract';
import { escapeHtml, htmlPage } from '../../../lib/html-page';
import { translate, type MessageKey } from '../../../locales';

/**
 * The page a ticket's QR code opens: server-rendered, no script (the site's CSP allows inline
 * styles only), readable on a proctor's phone. It shows only what the door needs: the ticket
 * number, the masked name, the exam and its date.
 */

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI","PingFang SC","Hiragino Sans","Microsoft YaHei",sans-serif;background:#f3f5f8;color:#1f2329}
main{max-width:480px;margin:32px auto;padding:24px;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.12);border-top:6px solid #888}
main.genuine{border-top-color:#2e7d32}main.unknown{border-top-color:#c62828}
h1{font-size:1.1rem;margin:0 0 16px;color:#555}
.status{display:flex;align-items:center;gap:12px;font-size:1.35rem;font-weight:700;margin:0 0 20px}
.genuine .status{color:#2e7d32}.unknown .status{color:#c62828}
.mark{flex:none;display:inline-flex;align-items:center;justify-content:center;width:40px;height:40px;border-radius:50%;color:#fff;font-size:1.4rem}
.genuine .mark{background:#2e7d32}.unknown .mark{background:#c62828}
dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px;margin:0}dt{color:#666}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
p.hint{color:#555;line-height:1.5;margin:0}
@media (max-width:520px){main{margin:0;border-radius:0;min-height:100vh;box-sizing:border-box}}
`;

export function examDate(lang: Language, iso: string): string {
  return new Intl.DateTimeFormat(lang, { timeZone: EXAM_TIME_ZONE, dateStyle: 'long' }).format(new Date(iso));
}

function page(lang: Language, cls: string, body: string): string {
  const t = (key: MessageKey) => escapeHtml(translate(lang, key));
  return htmlPage({
    lang,
    title: t('verify.title'),
    style: STYLE,
    body: `<main class="${cls}">
<h1>${t('verify.title')}</h1>
${body}
</main>`,
  });
}

export function verificationPage(lang: Language, result: TicketVerification): string {
  const t = (key: MessageKey) => escapeHtml(translate(lang, key));
  if (!result.genuine) {
    return page(
      lang,
      'unknown',
      `<p class="status" role="status"><span class="mark" aria-hidden="true">✕</span>${t('verify.notFound')}</p>
<p class="hint">${t('verify.notFoundHint')}</p>`,
    );
  }
  const row = (label: MessageKey, value: string) => `<dt>${t(label)}</dt><dd>${escapeHtml(value)}</dd>`;
  return page(
    lang,
    'genuine',
    `<p class="status" role="status"><span class="mark" aria-hidden="true">✓</span>${t('verify.genuine')}</p>
<dl>
${row('verify.ticketNo', result.ticketNo)}
${row('verify.name', result.name)}
${row('verify.kind', translate(lang, `ticket.kind.${result.kind}`))}
${row('verify.examDate', examDate(lang, result.startsAt))}
</dl>`,
  );
}

export function throttledPage(lang: Language): string {
  return page(lang, 'unknown', `<p class="hint" role="status">${escapeHtml(translate(lang, 'verify.throttled'))}</p>`);
}
