import type { CatalogueView, IntendedSection } from '@gradus/contract/doctor/form';

/** Chinese names for a Chinese page, English names otherwise (the catalogue holds both). */
export const localName = (lang: string, zh: string, en: string): string => (lang.startsWith('zh') ? zh : en);

/** The names of an intended choice, for the read-only view. */
export function intendedNames(catalogue: CatalogueView | undefined, intended: Partial<IntendedSection> | undefined, lang: string) {
  const department = catalogue?.departments.find((d) => d.id === intended?.departmentId);
  const programme = department?.programmes.find((p) => p.id === intended?.programmeId);
  const direction = programme?.directions.find((d) => d.id === intended?.directionId);
  const supervisor = direction?.supervisors.find((s) => s.id === intended?.supervisorId);
  const name = (x?: { nameZh: string; nameEn: string }) => (x ? localName(lang, x.nameZh, x.nameEn) : '');
  return {
    department: name(department),
    programme: programme ? `${name(programme)} ${programme.code}` : '',
    direction: name(direction),
    supervisor: supervisor ? `${supervisor.name} (${localName(lang, supervisor.titleZh, supervisor.titleEn)})` : '',
  };
}
