import { useTranslation } from 'react-i18next';

/** Schools, departments and programmes have Chinese and English names: Chinese readers get the Chinese one. */
export function useLocalName() {
  const { i18n } = useTranslation();
  const chinese = i18n.language.startsWith('zh');
  return (named: { nameZh: string; nameEn: string }) => (chinese ? named.nameZh : named.nameEn);
}
