import { useTranslation } from 'react-i18next';

/** A key's name in words where the portal knows it; otherwise the key as stored, so nothing is hidden. */
export function useKeyLabel() {
  const { t } = useTranslation();
  return (key: string) => t(`config.key.${key}.label`, { defaultValue: key });
}
