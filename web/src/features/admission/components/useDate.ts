import { useTranslation } from 'react-i18next';

/** Formats ISO dates in the reader's language; `dateOnly` for deadlines and posting days. */
export function useDate() {
  const { i18n } = useTranslation();
  return (iso: string | null, dateOnly = false): string =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, dateOnly ? { dateStyle: 'long' } : { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
      : '';
}
