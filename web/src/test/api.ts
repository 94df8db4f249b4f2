import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { MenuView, SessionUserView } from '@gradus/contract/api/user';
import { MENU_TREE } from '@gradus/contract/menus';
import { http } from '../lib/request';

export interface MockReply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}
export type Handler = (body: unknown, config: InternalAxiosRequestConfig) => MockReply | Promise<MockReply>;

export interface Call {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, unknown>;
}

/** Replaces axios' transport with handlers keyed by path; records every call. */
export function mockApi(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  http.defaults.adapter = async (config) => {
    const url = config.url ?? '';
    let body: unknown = config.data;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // leave as text
      }
    }
    calls.push({ url, method: (config.method ?? 'get').toUpperCase(), body, headers: { ...AxiosHeaders.from(config.headers).toJSON() } });
    const handler = routes[url];
    const reply: MockReply = handler ? await handler(body, config) : { status: 404, data: { code: 404, msg: 'not mocked' } };
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status ?? 200,
      statusText: String(reply.status ?? 200),
      headers: reply.headers ?? {},
      config,
      request: {},
    };
    if (config.validateStatus && !config.validateStatus(response.status)) {
      throw new AxiosError(`Request failed with status code ${response.status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
    }
    return response;
  };
  return calls;
}

export const ok = (data?: unknown): MockReply => ({ data: { code: 0, msg: 'OK', data } });
export const fail = (code: number, msg: string): MockReply => ({ data: { code, msg } });

let menuId = 1;
/** Menu rows as the server sends them, for the given contract menu names. */
export function menuRows(names: readonly string[], extra: Partial<MenuView> = {}): MenuView[] {
  return names.map((menuName, i) => ({
    menuId: menuId++,
    parentId: 0,
    menuName,
    path: '',
    component: null,
    menuType: 'C',
    perms: null,
    visible: '0',
    orderNum: i,
    icon: null,
    isCache: '0',
    ...extra,
  }));
}

export function groupRows(groupName: string): MenuView[] {
  const group = MENU_TREE.find((g) => g.name === groupName);
  if (!group) throw new Error(groupName);
  return menuRows([group.name, ...group.children.map((c) => c.name)]);
}

export function doctorUser(over: Partial<SessionUserView> = {}): SessionUserView {
  return {
    loginName: '2027100001',
    userName: '张伟',
    userId: 1,
    deptId: null,
    sex: '0',
    avatar: '',
    introduction: '',
    idNumber: '110***********002X',
    userRegisterType: 1,
    registerNo: '2027100001',
    roles: [{ roleId: 1, roleKey: 'zs_doctor', roleName: '博士考生' }],
    sysMenuList: [],
    systemDict: { recruitYear: '2027', registerType: 1 },
    summerCampDict: {},
    ...over,
  };
}

export function masterUser(over: Partial<SessionUserView> = {}): SessionUserView {
  return doctorUser({
    loginName: '2027300001',
    userName: '李娜',
    userId: 3,
    userRegisterType: 3,
    registerNo: undefined,
    candidateNo: '2027300001',
    roles: [{ roleId: 2, roleKey: 'zs_master', roleName: '硕士考生' }],
    systemDict: { recruitYear: '2027', registerType: 3 },
    ...over,
  });
}

export const systemConfigRows = [
  { systemType: 'system', systemKey: 'systemName', systemValue: 'Gradus University' },
  { systemType: 'system', systemKey: 'recruitYear', systemValue: '2027' },
  { systemType: 'doctor', systemKey: 'notice', systemValue: '<p>Doctoral notes</p><script>window.hacked = 1</script><img src=x onerror="window.hacked=2">' },
  { systemType: 'summerCamp', systemKey: 'notice', systemValue: '<p>Summer camp notes</p>' },
  { systemType: 'tms', systemKey: 'notice', systemValue: '<p>Tuimian notes</p>' },
  { systemType: 'gat', systemKey: 'notice', systemValue: '' },
  { systemType: 'system', systemKey: 'notice', systemValue: '<p>Staff notes</p>' },
];

/** A signed-in session's replies: user info, system configuration, logout, switchRole. */
export function sessionRoutes(user: SessionUserView | (() => SessionUserView)): Record<string, Handler> {
  return {
    '/mucgrs-service/system/user/getUserInfo': () => ok(typeof user === 'function' ? user() : user),
    '/mucgrs-service/grsjy/systemConfig/detail': () => ok(systemConfigRows),
    '/api/v1/client/logout': () => ok(),
    '/api/v1/client/portalInfo': () => ok({ recruitYear: '2027', systemName: 'Gradus University', registrationOpen: { 1: true, 2: true, 3: true, 4: true, 5: false }, resetByEmail: true }),
    '/api/v1/client/RandomImage': () => ok({ uuid: '00000000-0000-4000-8000-000000000001', img: 'data:image/png;base64,iVBORw0KGgo=' }),
  };
}
