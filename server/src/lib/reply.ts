import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../context';
import { translate } from '../locales';

/** The success envelope. */
export function ok<T>(request: FastifyRequest, data?: T): { code: 0; msg: string; data?: T } {
  return data === undefined
    ? { code: 0, msg: translate(request.lang, 'ok.success') }
    : { code: 0, msg: translate(request.lang, 'ok.success'), data };
}

export function clientOf(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, ...(ua ? { userAgent: ua } : {}) };
}
