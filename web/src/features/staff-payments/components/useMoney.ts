import { useTranslation } from 'react-i18next';

/** An amount in the reader's language, from whole cents (integer arithmetic until the end). */
export function useMoney() {
  const { i18n } = useTranslation();
  return (cents: number, currency: string) => new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(cents / 100);
}
