import { DEFAULT_LANGUAGE, pickLanguage, type Language } from '@gradus/contract';
import { doctorEn, doctorMessages } from './doctor';
import { en as baseEn } from './en';
import { es } from './es';
import { interviewMessages } from './interview';
import { reviewMessages } from './review';
import { reviewLinkMessages } from './review-link';
import { reviewNoticeMessages } from './review-notices';
import { staffMessages } from './staff';
import { staffAccountMessages } from './staff-accounts';
import { logMessages } from './logs';
import { configMessages } from './config';
import { publicityMessages } from './publicity';
import { campAdmissionMessages } from './camp-admission';
import { campPlaceMessages } from './camp-places';
import { releaseMessages } from './releases';
import { examMessages } from './exams';
import { cycleMessages } from './cycle';
import { scoreMessages } from './scores';
import { recheckMessages } from './rechecks';
import { roleMessages } from './roles';
import { campMessages } from './camps';
import { campFormMessages } from './camp-form';
import { tmsFormMessages } from './tms-form';
import { tmsInterviewMessages } from './tms-interview';
import { campMaterialMessages } from './camp-materials';
import { offlinePaymentMessages } from './offline-payments';
import { ja } from './ja';
import { zhCN } from './zh-CN';
import { zhTW } from './zh-TW.generated';

const en = { ...baseEn, ...doctorEn, ...staffMessages.en, ...reviewMessages.en, ...interviewMessages.en, ...reviewLinkMessages.en, ...reviewNoticeMessages.en, ...staffAccountMessages.en, ...logMessages.en, ...configMessages.en, ...publicityMessages.en, ...releaseMessages.en, ...scoreMessages.en, ...examMessages.en, ...cycleMessages.en, ...recheckMessages.en, ...roleMessages.en, ...offlinePaymentMessages.en, ...campMessages.en, ...campFormMessages.en, ...campMaterialMessages.en, ...campAdmissionMessages.en, ...campPlaceMessages.en, ...tmsFormMessages.en, ...tmsInterviewMessages.en };
export type MessageKey = keyof typeof en;
export const catalogues: Record<Language, Record<MessageKey, string>> = {
  en,
  'zh-CN': { ...zhCN, ...doctorMessages('zh-CN'), ...staffMessages['zh-CN'], ...reviewMessages['zh-CN'], ...interviewMessages['zh-CN'], ...reviewLinkMessages['zh-CN'], ...reviewNoticeMessages['zh-CN'], ...staffAccountMessages['zh-CN'], ...logMessages['zh-CN'], ...configMessages['zh-CN'], ...publicityMessages['zh-CN'], ...releaseMessages['zh-CN'], ...scoreMessages['zh-CN'], ...examMessages['zh-CN'], ...cycleMessages['zh-CN'], ...recheckMessages['zh-CN'], ...roleMessages['zh-CN'], ...offlinePaymentMessages['zh-CN'], ...campMessages['zh-CN'], ...campFormMessages['zh-CN'], ...campMaterialMessages['zh-CN'], ...campAdmissionMessages['zh-CN'], ...campPlaceMessages['zh-CN'], ...tmsFormMessages['zh-CN'], ...tmsInterviewMessages['zh-CN'] } as Record<MessageKey, string>,
  // Generated from the whole zh-CN catalogue above (npm run locales:zh-TW); locales.test.ts fails when it is out of date.
  'zh-TW': zhTW as Record<MessageKey, string>,
  es: { ...es, ...doctorMessages('es'), ...staffMessages.es, ...reviewMessages.es, ...interviewMessages.es, ...reviewLinkMessages.es, ...reviewNoticeMessages.es, ...staffAccountMessages.es, ...logMessages.es, ...configMessages.es, ...publicityMessages.es, ...releaseMessages.es, ...scoreMessages.es, ...examMessages.es, ...cycleMessages.es, ...recheckMessages.es, ...roleMessages.es, ...offlinePaymentMessages.es, ...campMessages.es, ...campFormMessages.es, ...campMaterialMessages.es, ...campAdmissionMessages.es, ...campPlaceMessages.es, ...tmsFormMessages.es, ...tmsInterviewMessages.es } as Record<MessageKey, string>,
  ja: { ...ja, ...doctorMessages('ja'), ...staffMessages.ja, ...reviewMessages.ja, ...interviewMessages.ja, ...reviewLinkMessages.ja, ...reviewNoticeMessages.ja, ...staffAccountMessages.ja, ...logMessages.ja, ...configMessages.ja, ...publicityMessages.ja, ...releaseMessages.ja, ...scoreMessages.ja, ...examMessages.ja, ...cycleMessages.ja, ...recheckMessages.ja, ...roleMessages.ja, ...offlinePaymentMessages.ja, ...campMessages.ja, ...campFormMessages.ja, ...campMaterialMessages.ja, ...campAdmissionMessages.ja, ...campPlaceMessages.ja, ...tmsFormMessages.ja, ...tmsInterviewMessages.ja } as Record<MessageKey, string>,
};

/** Chinese, Simplified or Traditional: names kept in Chinese (nameZh) are shown as they are. */
export const isChinese = (lang: Language): boolean => lang === 'zh-CN' || lang === 'zh-TW';

/** Languages written with CJK punctuation: lists join with '、' (and '；'), not ', '; Chinese names suit them too. */
export const writesCjk = (lang: Language): boolean => isChinese(lang) || lang === 'ja';

/** The caller's language from Accept-Language (first tag we ship), else English. */
export function languageFrom(acceptLanguage: string | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const lang = pickLanguage(part.split(';')[0]);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}

export function translate(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = catalogues[lang][key] ?? en[key];
  // Most messages have no parameters (every success says 'ok.success'): nothing to fill in.
  if (!template.includes('{{')) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export function isMessageKey(key: string): key is MessageKey {
  return key in en;
}

/** A mail in the sender's language, followed by English when that is another: the reader may read either. */
export function bilingual(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  const first = translate(lang, key, params);
  return lang === 'en' ? first : `${first}\n\n----\n\n${translate('en', key, params)}`;
}
