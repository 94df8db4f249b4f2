import { useTranslation } from 'react-i18next';

/** Money and times in the reader's language; times in the reader's own zone. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return {
    money: (cents: number, currency: string) => new Intl.NumberFormat(lang, { style: 'currency', currency }).format(cents / 100),
    dateTime: (iso: string | null) => (iso ? new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : ''),
  };
}
