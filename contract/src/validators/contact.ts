/** Contact-detail formats shared by forms and server. */
export const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,63}$/;
/** Mainland mobile numbers; Hong Kong, Macao, Taiwan and abroad may prefix a country code. */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
export const INTERNATIONAL_MOBILE = /^\+?\d{6,20}$/;
/** Names: Chinese characters, Latin letters (with accents), spaces, middle dot, apostrophe, hyphen. */
export const PERSON_NAME = /^[\p{Script=Han}\p{L}][\p{Script=Han}\p{L}\s·.'-]{0,49}$/u;
