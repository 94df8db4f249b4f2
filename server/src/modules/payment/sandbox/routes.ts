import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { configValue } from '../../system-config/service';
import { acceptFormBodies } from '../form-body';
import { createTrade, findTrade, GATEWAY_PATHS, payTrade, queryTrade, type GatewayEnv } from './gateway';
import { checkoutPage, notFoundPage } from './page';
import { stringFields, type SignedFields } from './signature';

export interface GatewayRouteOptions {
  env: GatewayEnv;
  /** Called after a trade became paid, so its notification goes out at once. */
  onPaid?: () => void;
}

const TRADE_NO = /^SBX[0-9A-F]{20}$/;
const html = 'text/html; charset=utf-8';

/**
 * The sandbox gateway's HTTP face: the payer's checkout page and its form, and the signed API
 * (trade/create, query) merchants call. Served by the portal's own server, outside the session
 * tree: the gateway knows nothing of portal sessions.
 */
export const sandboxGatewayRoutes: FastifyPluginAsync<GatewayRouteOptions> = async (app, { env, onPaid }) => {
  acceptFormBodies(app);

  app.get(GATEWAY_PATHS.checkout, async (request, reply) => {
    const tradeNo = (request.query as Record<string, unknown>).trade;
    const trade = typeof tradeNo === 'string' && TRADE_NO.test(tradeNo) ? await findTrade(env.db, { tradeNo }) : undefined;
    reply.header('Cache-Control', 'no-store').type(html);
    if (!trade) return reply.status(404).send(notFoundPage(request.lang));
    const merchant = (await configValue(env.db, 'system', 'systemName')) || 'Gradus';
    return checkoutPage(request.lang, trade, merchant);
  });

  app.post(GATEWAY_PATHS.pay, async (request, reply) => {
    const fields = stringFields(request.body);
    const tradeNo = fields?.trade ?? '';
    const known = TRADE_NO.test(tradeNo) ? await findTrade(env.db, { tradeNo }) : undefined;
    if (!known || (fields?.action !== 'pay' && fields?.action !== 'cancel')) {
      return reply.status(404).header('Cache-Control', 'no-store').type(html).send(notFoundPage(request.lang));
    }
    const back = new URL(known.return_url);
    if (fields.action === 'cancel') {
      // The trade stays open: the payer may come back and pay it later.
      back.searchParams.set('payResult', 'cancelled');
    } else {
      const trade = await payTrade(env, tradeNo);
      if (trade?.status === 'paid') onPaid?.();
    }
    // 303: the browser follows with a GET, and a reload of the merchant page does not re-post.
    return reply.redirect(back.toString(), 303);
  });

  const api = (fn: (env: GatewayEnv, fields: SignedFields | null) => Promise<SignedFields>) => async (request: { body: unknown }) =>
    fn(env, stringFields(request.body));
  app.post(GATEWAY_PATHS.create, api(createTrade));
  app.post(GATEWAY_PATHS.query, api(queryTrade));
};

/**
 * The gateway on its own, in-process, for tools without the running portal (the admin CLI's
 * reconciliation): the same routes, reached through inject.
 */
export async function standaloneGateway(env: GatewayEnv): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorateRequest('lang', 'en');
  await app.register(sandboxGatewayRoutes, { env });
  await app.ready();
  return app;
}
