/**
 * Test helpers of the payment module (imported by its *.test.ts only): a forwarding HTTP server
 * that stands in for the portal's public address, so the sandbox notifier's real HTTP POSTs reach
 * the app under test, and short-cuts through the checkout flow.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { PaymentOrderView } from '@gradus/contract';
import { expect } from 'vitest';
import { call, captcha, type Reply, type TestApp } from '../../../test/harness';
import { withCheckDigit } from '../../db/seed/demo';
import { findTrade, notificationFor, type GatewayEnv } from './sandbox/gateway';
import { sandboxKey } from './sandbox/key';
import { signed, type SignedFields } from './sandbox/signature';

export interface Forwarder {
  url: string;
  /** 'forward' passes requests to the app; 'down' answers 503 as a merchant that is not up. */
  mode: 'forward' | 'down';
  received: number;
  close(): Promise<void>;
}

export async function startForwarder(app: () => FastifyInstance | undefined): Promise<Forwarder> {
  const state = { mode: 'forward' as Forwarder['mode'], received: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      state.received++;
      const target = app();
      if (state.mode === 'down' || !target) {
        res.writeHead(503).end('down');
        return;
      }
      const reply = await target.inject({
        method: req.method as 'POST',
        url: req.url ?? '/',
        headers: { 'content-type': req.headers['content-type'] ?? 'application/octet-stream' },
        payload: Buffer.concat(chunks),
      });
      res.writeHead(reply.statusCode, { 'content-type': String(reply.headers['content-type'] ?? 'text/plain') }).end(reply.rawPayload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return state.mode;
    },
    set mode(m) {
      state.mode = m;
    },
    get received() {
      return state.received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const gatewayEnv = (app: FastifyInstance): GatewayEnv => ({ db: app.ctx.db, clock: app.ctx.clock, baseUrl: app.ctx.config.publicUrl });

export async function feeOrder(app: FastifyInstance, token: string): Promise<PaymentOrderView> {
  const r = await call<PaymentOrderView>(app, '/mucgrs-service/doctor/payment/order', { token, body: {} });
  if (r.code !== 0) throw new Error(`order: ${r.code} ${r.msg}`);
  return r.data;
}

/** Checkout, then the trade number from the checkout URL the gateway handed out. */
export async function checkout(app: FastifyInstance, token: string, orderNo: string): Promise<string> {
  const r = await call<{ checkoutUrl: string }>(app, '/mucgrs-service/doctor/payment/checkout', { token, body: { orderNo } });
  if (r.code !== 0) throw new Error(`checkout: ${r.code} ${r.msg}`);
  return new URL(r.data.checkoutUrl).searchParams.get('trade')!;
}

/** The payer presses a button on the gateway page (a plain form POST, as a browser sends it). */
export function pressButton(app: FastifyInstance, trade: string, action: 'pay' | 'cancel') {
  return app.inject({
    method: 'POST',
    url: '/sandbox-gateway/pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ trade, action }).toString(),
  });
}

/** Posts fields to the merchant's notify URL as the gateway would (form encoded). */
export function notify(app: FastifyInstance, fields: SignedFields, provider = 'sandbox') {
  return app.inject({
    method: 'POST',
    url: `/api/v1/payment/notify/${provider}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The gateway's genuine notification for a paid trade. */
export async function genuineNotification(app: FastifyInstance, tradeNo: string): Promise<SignedFields> {
  const trade = await findTrade(app.ctx.db, { tradeNo });
  return notificationFor(gatewayEnv(app), trade!);
}

/** A notification signed with the real key but saying whatever the test wants. */
export async function forgedButSigned(app: FastifyInstance, fields: SignedFields): Promise<SignedFields> {
  return signed(fields, await sandboxKey(app.ctx.db, app.ctx.clock.now()));
}

let idSeq = 0;
/** Registers and signs in a new doctoral applicant (register type 1) through the real calls. */
export async function newDoctoralApplicant(app: FastifyInstance): Promise<string> {
  idSeq++;
  const idNumber = withCheckDigit(`110105199704${String(10 + (idSeq % 18)).padStart(2, '0')}${String(500 + idSeq).padStart(3, '0')}`);
  const password = 'Quiet-River-2027';
  const r = await call<{ registerNo: string }>(app, '/api/v1/client/recruitRegister', {
    body: {
      userRegisterType: 1,
      name: '赵敏',
      idType: '1',
      idNumber,
      sex: '1',
      email: `zhao.min${idSeq}@example.edu`,
      mobile: '13912345678',
      password,
      securityQuestion: 'Name of my first teacher?',
      securityAnswer: 'Ms Wang',
      ...(await captcha(app)),
    },
  });
  if (r.code !== 0) throw new Error(`register: ${r.code} ${r.msg}`);
  const login = await call<{ token: string }>(app, '/api/v1/client/loginRecruit', {
    body: { userRegisterType: 1, registerNo: r.data.registerNo, password, ...(await captcha(app)) },
  });
  if (login.code !== 0) throw new Error(`login: ${login.code} ${login.msg}`);
  return login.data.token;
}

/**
 * A bank-transfer refusal changes nothing (the applicant's and the office's tests alike): `refused`
 * runs the call, checks its code and message, and compares everything a receipt could change before
 * and after: receipts, stored files and their bytes, ledger rows, orders, payment audit entries.
 * The test app is read when called (it is built in beforeAll). `filesOnDisk` lists the stored bytes
 * (the materials' fixture storedFiles, passed in: only tests may borrow a journey's fixtures).
 */
export function receiptRefusals(test: () => TestApp, filesOnDisk: (dataDir: string) => string[]) {
  const db = () => test().app.ctx.db;
  async function snapshot() {
    const [receipts, files, ledger, orders, audits] = await Promise.all([
      db().selectFrom('payment_offline_receipt').selectAll().orderBy('id').execute(),
      db().selectFrom('stored_file').select('id').execute(),
      db().selectFrom('payment_ledger').selectAll().orderBy('id').execute(),
      db().selectFrom('payment_order').select(['order_no', 'status', 'amount_cents', 'provider', 'provider_trade_no']).orderBy('id').execute(),
      db().selectFrom('audit_event').select('id').where('event', 'like', 'payment.%').execute(),
    ]);
    return { receipts, files: files.length, bytes: filesOnDisk(test().dataDir), ledger, orders, audits: audits.length };
  }
  async function refused(attempt: () => Promise<Reply<unknown>>, code: number, msg: string | RegExp): Promise<void> {
    const before = await snapshot();
    const r = await attempt();
    expect(r.code, r.msg).toBe(code);
    if (typeof msg === 'string') expect(r.msg).toBe(msg);
    else expect(r.msg).toMatch(msg);
    expect(r.data ?? undefined).toBeUndefined();
    expect(await snapshot()).toEqual(before);
  }
  return { snapshot, refused };
}
