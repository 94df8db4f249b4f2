// Generated from zh-CN by `npm run locales:zh-TW` (OpenCC, Taiwan phrases); do not edit.
import core from './core';
import portal from './portal';

/** Every message of the language (tests and key checks); the app loads core and portal as two chunks. */
export default { ...core, ...portal } as Record<string, string>;
