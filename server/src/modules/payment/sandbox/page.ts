import type { Language } from '@gradus/contract';
import { escapeHtml, htmlPage } from '../../../lib/html-page';
import { translate, type MessageKey } from '../../../locales';
import { GATEWAY_PATHS, type TradeRow } from './gateway';

/**
 * The sandbox gateway's checkout page: plain HTML and a form POST, so it works under the portal's
 * Content-Security-Policy (no script; inline styles are allowed). Labelled SANDBOX everywhere a
 * payer could look, so nobody mistakes it for a real cashier.
 */

export function amountText(lang: Language, cents: number): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency: 'CNY' }).format(cents / 100);
}

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;background:#f0f2f5;color:#1f1f1f}
.banner{background:#fa8c16;color:#fff;font-weight:700;text-align:center;padding:10px 12px;letter-spacing:.02em}
main{max-width:440px;margin:24px auto;padding:0 16px}
.card{background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.12);padding:20px}
h1{font-size:20px;margin:0 0 16px}
dl{margin:0 0 16px;display:grid;grid-template-columns:auto 1fr;gap:8px 16px}
dt{color:#595959}dd{margin:0;word-break:break-all}
.amount{font-size:28px;font-weight:700;color:#cf1322}
.actions{display:flex;gap:12px;flex-wrap:wrap}
button,.button{flex:1 1 140px;font-size:16px;padding:12px 16px;border-radius:6px;border:1px solid #d9d9d9;background:#fff;color:#1f1f1f;cursor:pointer;text-align:center;text-decoration:none}
button.pay,.button.primary{background:#1677ff;border-color:#1677ff;color:#fff}
p.hint{color:#595959;font-size:14px}
`;

function layout(lang: Language, body: string): string {
  const t = (k: MessageKey) => escapeHtml(translate(lang, k));
  return htmlPage({
    lang,
    title: t('sandbox.pageTitle'),
    style: STYLE,
    body: `<div class="banner" role="note">${t('sandbox.banner')}</div>
<main><div class="card">
<h1>${t('sandbox.pageTitle')}</h1>
${body}
</div></main>`,
  });
}

export function checkoutPage(lang: Language, trade: NonNullable<TradeRow>, merchant: string): string {
  const t = (k: MessageKey) => escapeHtml(translate(lang, k));
  const rows = `<dl>
<dt>${t('sandbox.merchant')}</dt><dd>${escapeHtml(merchant)}</dd>
<dt>${t('sandbox.subject')}</dt><dd>${escapeHtml(trade.subject)}</dd>
<dt>${t('sandbox.orderNo')}</dt><dd>${escapeHtml(trade.merchant_order_no)}</dd>
<dt>${t('sandbox.tradeNo')}</dt><dd>${escapeHtml(trade.trade_no)}</dd>
<dt>${t('sandbox.amount')}</dt><dd class="amount">${escapeHtml(amountText(lang, trade.amount_cents))}</dd>
</dl>`;
  if (trade.status === 'paid') {
    return layout(
      lang,
      `${rows}<p role="status">${t('sandbox.paid')}</p>
<div class="actions"><a class="button primary" href="${escapeHtml(trade.return_url)}">${t('sandbox.back')}</a></div>`,
    );
  }
  return layout(
    lang,
    `${rows}<form method="post" action="${GATEWAY_PATHS.pay}">
<input type="hidden" name="trade" value="${escapeHtml(trade.trade_no)}">
<p class="hint">${t('sandbox.hint')}</p>
<div class="actions">
<button type="submit" class="pay" name="action" value="pay">${t('sandbox.pay')}</button>
<button type="submit" name="action" value="cancel">${t('sandbox.cancel')}</button>
</div>
</form>`,
  );
}

export function notFoundPage(lang: Language): string {
  return layout(lang, `<p role="alert">${escapeHtml(translate(lang, 'sandbox.notFound'))}</p>`);
}
