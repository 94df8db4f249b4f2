import type { Language } from '@gradus/contract/codes';
import { feedback } from './feedback';
import { changeLanguage, t } from './i18n';

/** Switches the UI language and says so (spec 1: 'Switch Language Success'). */
export async function switchLanguage(lang: Language): Promise<void> {
  await changeLanguage(lang);
  feedback.message.success(t('navbar.switchLanguageSuccess'));
}
