/** The few Gradus calls the bench makes outside the timed phases, through plain fetch. */

export const CAPTCHA_CODE = '2468';

/** A demo account the seed creates (server/src/db/seed/demo.ts). */
export const DEMO_LOGIN = { userRegisterType: 1, registerNo: '2027100001', password: 'Gradus-demo-2027' } as const;

export const PATHS = {
  captcha: '/api/v1/client/RandomImage',
  login: '/api/v1/client/loginRecruit',
  userInfo: '/mucgrs-service/system/user/getUserInfo',
} as const;

interface Envelope<T> {
  code: number;
  msg: string;
  data?: T;
}

export async function postJson<T>(url: string, body?: unknown, token?: string): Promise<{ envelope: Envelope<T>; text: string }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(url, { method: 'POST', headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await res.text();
  return { envelope: JSON.parse(text) as Envelope<T>, text };
}

export async function fetchCaptcha(base: string): Promise<string> {
  const { envelope } = await postJson<{ uuid: string }>(base + PATHS.captcha, {});
  if (envelope.code !== 0 || !envelope.data) throw new Error(`captcha failed: ${envelope.code} ${envelope.msg}`);
  return envelope.data.uuid;
}

export const loginBody = (uuid: string): string => JSON.stringify({ ...DEMO_LOGIN, code: CAPTCHA_CODE, uuid });

export async function signIn(base: string): Promise<string> {
  const uuid = await fetchCaptcha(base);
  const res = await fetch(base + PATHS.login, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody(uuid) });
  const envelope = (await res.json()) as Envelope<{ token: string }>;
  if (envelope.code !== 0 || !envelope.data) throw new Error(`sign-in failed: ${envelope.code} ${envelope.msg}`);
  return envelope.data.token;
}
