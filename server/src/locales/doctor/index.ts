import type { Language } from '@gradus/contract';
import { admissionMessages } from './admission';
import { formMessages } from './form';
import { journeyMessages } from './journey';
import { materialsMessages } from './materials';
import { paymentMessages } from './payment';
import { resultsMessages } from './results';

/** The doctoral journey's messages, one file per module so each module owns its own words. */
export const modules = [journeyMessages, formMessages, materialsMessages, paymentMessages, resultsMessages, admissionMessages];

export const doctorEn = Object.assign({}, ...modules.map((m) => m.en)) as MergedEnglish;
/** The languages translated by hand; zh-TW is generated from the merged zh-CN catalogue (../index.ts). */
export function doctorMessages(lang: Exclude<Language, 'zh-TW'>): Record<string, string> {
  return Object.assign({}, ...modules.map((m) => m[lang]));
}

type MergedEnglish = typeof journeyMessages.en &
  typeof formMessages.en &
  typeof materialsMessages.en &
  typeof paymentMessages.en &
  typeof resultsMessages.en &
  typeof admissionMessages.en;
