// Generated from zh-CN by `npm run locales:zh-TW` (OpenCC, Taiwan phrases); do not edit.
import account from './account';
import auth from './auth';
import common from './common';
import layout from './layout';
import request from './request';
import route from './route';
import validation from './validation';
import publicity from './publicity';

/** What every screen needs, the sign-in screens included: loaded first, in one small chunk. */
export default { ...common, ...auth, ...layout, ...route, ...validation, ...request, ...account, ...publicity } as Record<string, string>;
