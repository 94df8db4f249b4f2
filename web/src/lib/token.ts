import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '@gradus/contract/codes';

/** The session token lives in the Admin-Token cookie (spec 9) so a reload keeps the session. */
export const getToken = (): string | undefined => Cookies.get(TOKEN_COOKIE);
export const setTokenCookie = (token: string): void => {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'Lax', secure: window.location.protocol === 'https:' });
};
export const removeTokenCookie = (): void => Cookies.remove(TOKEN_COOKIE);

/** Page-level actions that tests replace (jsdom cannot reload a page). */
export const pageActions = {
  reload: (): void => window.location.reload(),
};
