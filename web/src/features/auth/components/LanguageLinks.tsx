import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@gradus/contract/codes';
import { appStore } from '@/lib/app-state';
import { LANGUAGE_NAMES } from '@/lib/i18n';
import { switchLanguage } from '@/lib/language';

/**
 * The sign-in screens' language choice: one plain button per language, each name in its own language. (The
 * navbar uses a dropdown; this keeps the menu components off the first page an applicant loads.)
 */
export function LanguageLinks() {
  const { t } = useTranslation();
  const language = appStore.use((s) => s.language);
  return (
    <div role="group" aria-label={t('navbar.language')} className="language-links">
      {LANGUAGES.map((lang) => (
        <Button
          key={lang}
          type="link"
          size="small"
          lang={lang}
          aria-pressed={lang === language}
          className={lang === language ? 'is-current' : undefined}
          onClick={() => {
            if (lang !== language) void switchLanguage(lang);
          }}
        >
          {LANGUAGE_NAMES[lang]}
        </Button>
      ))}
    </div>
  );
}
