import { useMutation } from '@tanstack/react-query';
import { isMasterType } from '@gradus/contract/codes';
import type { TokenResponse } from '@gradus/contract/api/auth';
import { post } from '@/lib/request';

export type LoginValues =
  | { kind: 'staff'; loginName: string; password: string; code: string; uuid: string }
  | { kind: 'applicant'; userRegisterType: number; number: string; name?: string; password: string; code: string; uuid: string };

/** The register type decides the call: types 3 and 5 use masterLogin with the name (spec 7, 9). */
export function loginCall(v: LoginValues): { url: string; body: Record<string, unknown> } {
  if (v.kind === 'staff') {
    return { url: '/api/v1/client/loginRecruit', body: { loginName: v.loginName, password: v.password, code: v.code, uuid: v.uuid } };
  }
  if (isMasterType(v.userRegisterType)) {
    return {
      url: '/api/v1/client/masterLogin',
      body: { userRegisterType: v.userRegisterType, candidateNo: v.number, name: v.name, password: v.password, code: v.code, uuid: v.uuid },
    };
  }
  return {
    url: '/api/v1/client/loginRecruit',
    body: { userRegisterType: v.userRegisterType, registerNo: v.number, password: v.password, code: v.code, uuid: v.uuid },
  };
}

export async function login(v: LoginValues): Promise<string> {
  const { url, body } = loginCall(v);
  const res = await post<TokenResponse>(url, body);
  return res.token;
}

export const useLogin = () => useMutation({ mutationFn: login });
