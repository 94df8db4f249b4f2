import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@gradus/contract/codes';
import { appStore } from '../app-state';
import { isLanguage, LANGUAGE_NAMES } from '../i18n';
import { switchLanguage } from '../language';

/** The language menu of the navbar and the login screens. */
export function LanguageSelect({ showName = false }: { showName?: boolean }) {
  const { t } = useTranslation();
  const language = appStore.use((s) => s.language);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((l) => ({ key: l, label: <span lang={l}>{LANGUAGE_NAMES[l]}</span> })),
        onClick: ({ key }) => {
          if (isLanguage(key) && key !== language) void switchLanguage(key);
        },
      }}
    >
      <Button type="text" icon={<TranslationOutlined aria-hidden />} aria-label={t('navbar.language')} title={t('navbar.language')}>
        {showName ? LANGUAGE_NAMES[language] : null}
      </Button>
    </Dropdown>
  );
}
