import { grantsCall, ReplyCode, staffCallRule, type Action, type Actor } from '@gradus/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z, ZodType } from 'zod';
import type { AppContext } from '../context';
import { AppError } from '../lib/app-error';
import { ok } from '../lib/reply';
import { roleGrants } from '../modules/admissions/menu-authority';
import { actorOfSession } from '../modules/access/actor';
import { authorize, type Refusal } from '../modules/access/authorize';

/** What each step of a handler is given. */
export interface Call<I> {
  ctx: AppContext;
  request: FastifyRequest;
  /** For headers a step must set before the answer (e.g. closing a connection whose body was refused unread). */
  reply: FastifyReply;
  actor: Actor;
  /** The body as the route's contract schema parsed it. */
  input: I;
}

/** A route's input: what its body schema parses to. */
export type Input<S> = S extends ZodType ? z.output<S> : undefined;

export interface RouteDef<S extends ZodType | null, T, R> {
  method?: 'GET' | 'POST';
  url: string;
  /**
   * The body's schema from contract/, validated by Fastify (validate.ts) after authentication and
   * before the handler: a bad body is refused with a translated message and nothing runs. `null`
   * for a call without a JSON body (GET, multipart uploads that check their fields as they stream).
   */
  body: S;
  /** Loads what the action concerns; absent for actions about the caller alone. */
  load?: (call: Call<Input<S>>) => Promise<T> | T;
  /** The action to authorize on the loaded target (contract/policies.ts). */
  authorize: (target: T, call: Call<Input<S>>) => Action;
  /** How a refusal reads (authorize.ts). */
  refusal?: Refusal;
  /** The work, done by a service. */
  act: (target: T, call: Call<Input<S>>) => Promise<R> | R;
  /** The answer: by default the `{code, msg, data}` envelope around the result; files and texts send their own. */
  send?: (result: R, reply: FastifyReply, call: Call<Input<S>>) => unknown;
}

/**
 * Every call runs in one order: authenticate (the signed-in tree's onRequest hook), validate (the
 * route's schema), load, authorize(actor, action, target), for a back-office call the page it
 * belongs to (granted to the staff role, contract/staff-calls.ts), act through a service, answer
 * through a presenter. A route states each step; none can be skipped or reordered by accident. A step
 * that answers at once is not awaited: a call whose steps are all synchronous (getUserInfo from
 * its caches) goes through without a promise.
 */
export function route<S extends ZodType | null, T = undefined, R = unknown>(app: FastifyInstance, def: RouteDef<S, T, R>): void {
  const { ctx } = app;
  const page = staffCallRule(def.url);
  if (page === undefined) throw new Error(`${def.url}: a back-office call names its page in contract/src/staff-calls.ts`);
  const answer = (result: R, call: Call<Input<S>>) => (def.send ? def.send(result, call.reply, call) : ok(call.request, result));
  const decide = (target: T, call: Call<Input<S>>) => {
    authorize(call.actor, def.authorize(target, call), def.refusal);
    const work = () => then(def.act(target, call), (result) => answer(result, call));
    // The policy allowed it; the system administrator may have taken the page (or its button) from the role.
    if (!page || call.actor.kind !== 'staff') return work();
    return then(roleGrants(ctx, call.request.auth!.activeRoleId), (granted) => {
      if (!grantsCall(page, granted)) throw new AppError(ReplyCode.FORBIDDEN, 'error.pageDenied');
      return work();
    });
  };
  const handle = (actor: Actor, request: FastifyRequest, reply: FastifyReply) => {
    const call: Call<Input<S>> = { ctx, request, reply, actor, input: request.body as Input<S> };
    return def.load ? then(def.load(call), (target) => decide(target, call)) : decide(undefined as T, call);
  };
  app.route({
    method: def.method ?? 'POST',
    url: def.url,
    ...(def.body ? { schema: { body: def.body } } : {}),
    // Fastify sends what the handler returns, awaits a promise, and turns a throw into the error reply.
    // An external expert's review session (their own route tree) acts as the expert the link names.
    handler: (request, reply) => then(request.reviewSession?.actor ?? actorOfSession(ctx.db, request.auth), (actor) => handle(actor, request, reply)),
  });
}

/** `next(value)`, after the value if it is a promise, at once if it is not. */
function then<V, W>(value: V | Promise<V>, next: (value: V) => W | Promise<W>): W | Promise<W> {
  return value instanceof Promise ? value.then(next) : next(value);
}
