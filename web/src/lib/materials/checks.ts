import type { MaterialType } from '@gradus/contract/doctor/materials';
import type { MaterialCategoryView } from '@gradus/contract/doctor/materials-api';
import { formatKb } from '@/lib/format';

const EXTENSIONS: Record<MaterialType, readonly string[]> = { pdf: ['pdf'], jpg: ['jpg', 'jpeg'], png: ['png'] };
const MIME: Record<MaterialType, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' };

/** The `accept` filter of the file chooser: extensions and MIME types of the category's types. */
export function acceptOf(types: readonly MaterialType[]): string {
  return types.flatMap((t) => [...EXTENSIONS[t].map((e) => `.${e}`), MIME[t]]).join(',');
}

export type PrecheckProblem = { key: 'materials.check.type'; types: string } | { key: 'materials.check.size'; limit: string } | { key: 'materials.check.empty' };

/**
 * A fast answer before uploading: the name's extension and the size. Only a courtesy, so nobody
 * waits for 20 MB to go up to be told no; the server judges the content and has the last word.
 */
export function precheck(file: Pick<File, 'name' | 'size'>, category: Pick<MaterialCategoryView, 'types' | 'maxKb'>): PrecheckProblem | null {
  const ext = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!category.types.some((t) => EXTENSIONS[t].includes(ext))) return { key: 'materials.check.type', types: typeNames(category.types) };
  if (file.size === 0) return { key: 'materials.check.empty' };
  if (file.size > category.maxKb * 1024) return { key: 'materials.check.size', limit: formatKb(category.maxKb) };
  return null;
}

export const typeNames = (types: readonly MaterialType[]) => types.map((t) => t.toUpperCase()).join(' / ');


export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
