import { formatCents } from '@gradus/contract';
import { authorizeCommand, authorizeOnApplicant, commandActor } from '../../cli/actor';
import { UsageError, applicantByNumber, option, type AdminCommand } from '../../cli/args';
import { loadConfig } from '../../config';
import { AppError } from '../../lib/app-error';
import { translate } from '../../locales';
import { paymentProviders } from './providers';
import { injectTransport } from './sandbox/provider';
import { standaloneGateway } from './sandbox/routes';
import { paymentStatus, reconcilePending, recordOfflinePayment } from './staff';

const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());

/** Staff-side commands of the payment module, any area; the back office will call the same services. */
export const paymentCommands: AdminCommand[] = [
  {
    name: 'payment-status',
    usage: `  payment-status --applicant <no>
      Shows the applicant's payment orders, their ledger rows and every gateway notification received.`,
    async run(args, env) {
      const applicant = await applicantByNumber(env.db, args);
      await authorizeOnApplicant(env, applicant, 'payment.inspect');
      const views = await paymentStatus(env.db, applicant);
      const lines = [`${applicant.applicantNumber} ${applicant.name}`];
      if (views.length === 0) lines.push('  no payment order yet');
      for (const { order, ledger, notifications } of views) {
        lines.push(
          `  order ${order.order_no} ${order.purpose} ${order.currency} ${formatCents(order.amount_cents)} ${order.status}` +
            ` (provider ${order.provider}, trade ${order.provider_trade_no ?? '-'}, paid ${iso(order.paid_at)}, created ${iso(order.created_at)})`,
        );
        lines.push(
          ledger
            ? `    ledger #${ledger.id}: ${ledger.provider} ${ledger.provider_trade_no} ${formatCents(ledger.amount_cents)} paid ${iso(ledger.paid_at)} recorded ${iso(ledger.recorded_at)}`
            : '    ledger: none',
        );
        lines.push(`    notifications: ${notifications.length}`);
        for (const n of notifications) {
          lines.push(`      ${iso(n.received_at)} ${n.provider} signature ${n.signature_valid ? 'valid' : 'INVALID'} -> ${n.outcome}`);
        }
      }
      return lines.join('\n');
    },
  },
  {
    name: 'payment-reconcile',
    usage: `  payment-reconcile
      Asks the gateway about every pending order and settles those it reports paid (for
      notifications that never arrived).`,
    async run(_args, env) {
      authorizeCommand(await commandActor(env), { kind: 'payment.reconcile' });
      // The sandbox gateway lives in the portal's database: a standalone copy of it answers here,
      // so reconciling works whether or not the server is running.
      const config = loadConfig();
      const gateway = await standaloneGateway({ db: env.db, clock: { now: () => env.now }, baseUrl: config.publicUrl });
      try {
        const providers = paymentProviders({ db: env.db, clock: { now: () => env.now }, sandboxTransport: injectTransport(gateway), sandboxEnabled: config.paymentSandbox });
        const lines = await reconcilePending(env.db, env.now, providers);
        if (lines.length === 0) return 'no pending orders';
        const settled = lines.filter((l) => l.outcome === 'settled').length;
        return [...lines.map((l) => `${l.orderNo}: ${l.outcome}`), `${lines.length} pending, ${settled} settled`].join('\n');
      } finally {
        await gateway.close();
      }
    },
  },
  {
    name: 'payment-record',
    usage: `  payment-record --applicant <no> --reference <voucher no>
      Records an application fee paid outside the portal (e.g. a bank transfer finance confirmed).`,
    async run(args, env) {
      const applicant = await applicantByNumber(env.db, args);
      const reference = option(args, 'reference').trim();
      if (!/^[\w.-]{1,64}$/.test(reference)) throw new UsageError('--reference: 1 to 64 letters, digits, dot, dash or underscore');
      const { application, staff } = await authorizeOnApplicant(env, applicant, 'payment.record');
      try {
        const { order, outcome } = await recordOfflinePayment(env.db, env.now, { ...applicant, area: application.area }, reference, staff);
        return `${applicant.applicantNumber} (${applicant.name}): order ${order.order_no} ${order.status} - ${outcome}`;
      } catch (err) {
        if (err instanceof AppError) throw new UsageError(translate('en', err.messageKey, err.params));
        throw err;
      }
    },
  },
];
