import admission from './admission';
import form from './form';
import journey from './journey';
import materials from './materials';
import payment from './payment';
import results from './results';
import time from './time';

/** The doctoral journey's pages: loaded with the signed-in frame, never by the sign-in screens. */
export default { ...journey, ...form, ...materials, ...payment, ...results, ...admission, ...time } as Record<string, string>;
