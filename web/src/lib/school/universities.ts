import { useTranslation } from 'react-i18next';
import { UNIVERSITIES, universityOf } from '@gradus/contract/summer-camp/universities';
import { localName } from '@/lib/catalogue-names';

/**
 * The listed universities as every form picks them (an undergraduate school, a recommending
 * university): found by either name or by code, in the page's language.
 */
export interface UniversityOption {
  value: string;
  label: string;
  /** What a search matches; empty for an option that always stays (a way out of the list). */
  search: string;
}

export function useUniversityOptions(): UniversityOption[] {
  const { i18n } = useTranslation();
  return UNIVERSITIES.map((u) => ({ value: u.code, label: localName(i18n.language, u.nameZh, u.nameEn), search: `${u.nameZh} ${u.nameEn} ${u.code}`.toLowerCase() }));
}

/** A select's filter over those options: a group is never matched itself (a kept group keeps all its schools); an option without search text always stays. */
export function matchUniversity(input: string, option: unknown): boolean {
  const o = option as { options?: unknown[]; search?: string } | undefined;
  if (!o || o.options) return false;
  return !o.search || o.search.includes(input.trim().toLowerCase());
}

/** A listed university's name in the page's language; the bare code when the list no longer has it. */
export function useUniversityName() {
  const { i18n } = useTranslation();
  return (code: string | undefined | null) => {
    const university = code ? universityOf(code) : undefined;
    return university ? localName(i18n.language, university.nameZh, university.nameEn) : (code ?? '');
  };
}
