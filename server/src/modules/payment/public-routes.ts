import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { acceptFormBodies } from './form-body';
import { paymentProviders } from './providers';
import { SandboxNotifier } from './sandbox/notifier';
import { injectTransport } from './sandbox/provider';
import { sandboxGatewayRoutes } from './sandbox/routes';
import { NOTIFY_PATH } from './service';
import { receiveNotification } from './settlement';
import { route } from '../../http/route';

const MINUTE = 60_000;
const notifiers = new WeakMap<AppContext, SandboxNotifier>();
/** The running app's sandbox notifier (tests drive its passes on a fake clock). */
export const sandboxNotifierOf = (ctx: AppContext): SandboxNotifier | undefined => notifiers.get(ctx);

/** Calls without a session: the gateway's signed notification and the sandbox gateway's own pages. */
export const paymentPublicRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const env = { db: ctx.db, clock: ctx.clock, baseUrl: ctx.config.publicUrl };
  const notifier = new SandboxNotifier(env, { log: ctx.log });
  notifiers.set(ctx, notifier);
  // Runs while the app runs; stopped (and its delivery in flight awaited) before the database closes.
  app.addHook('onReady', async () => notifier.start());
  app.addHook('onClose', async () => notifier.stop());

  // No sandbox pages at all where it is switched off (production): nothing to pay there for free.
  if (ctx.config.paymentSandbox) await app.register(sandboxGatewayRoutes, { env, onPaid: () => notifier.wake() });

  await app.register(async (merchant) => {
    acceptFormBodies(merchant);
    const providers = paymentProviders({ db: ctx.db, clock: ctx.clock, sandboxTransport: injectTransport(app), sandboxEnabled: ctx.config.paymentSandbox });
    // The gateway's own protocol: a form body whose signature is the authentication, a text answer.
    route(merchant, {
      url: `${NOTIFY_PATH}/:provider`,
      body: null,
      authorize: () => ({ kind: 'portal.public' }),
      act: async (_none, { request }): Promise<{ status: number; text: string }> => {
        // Public and unauthenticated: an address that keeps sending what no gateway signed is refused
        // for a while before any work (no key lookup, no row). The gateway's signed ones never count.
        const throttleKey = `client:paymentNotify:${request.ip}`;
        const limit = ctx.limits.clientPerMinute;
        if ((await ctx.throttle.blockedFor(throttleKey, limit)) > 0) return { status: 429, text: 'too many requests' };
        const provider = providers((request.params as { provider: string }).provider);
        if (!provider) {
          await ctx.throttle.hit(throttleKey, limit, MINUTE);
          return { status: 404, text: 'unknown provider' };
        }
        const result = await receiveNotification(ctx.db, ctx.clock.now(), provider, request.body);
        if (!result.signatureValid) await ctx.throttle.hit(throttleKey, limit, MINUTE);
        if (result.settledUserId !== null) ctx.applicantChanged.changed(result.settledUserId);
        if (result.outcome !== 'settled' && result.outcome !== 'alreadyPaid') {
          ctx.log.warn({ provider: provider.name, outcome: result.outcome }, 'payment: notification not accepted as is');
        }
        return { status: 200, text: result.answer };
      },
      send: ({ status, text }, reply) => reply.status(status).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(text),
    });
  });
};
