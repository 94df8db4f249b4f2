import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PhotoRules } from '@gradus/contract/doctor/materials';
import { formatKb } from '@/lib/format';

export interface MeasuredPhoto {
  width: number;
  height: number;
}

/**
 * The configured photo rules beside what this photo measures: the machine checks what it can
 * (pixels, size), the reviewer judges the rest (background, pose, headwear). Each line says in
 * words whether it holds, not by colour alone.
 */
export function PhotoChecks({ rules, sizeBytes, measured }: { rules: PhotoRules; sizeBytes: number; measured: MeasuredPhoto | null }) {
  const { t } = useTranslation();
  const kb = Math.ceil(sizeBytes / 1024);
  const pixelsOk = measured ? measured.width >= rules.minWidth && measured.height >= rules.minHeight && measured.width <= rules.maxWidth && measured.height <= rules.maxHeight : null;
  const sizeOk = kb <= rules.maxKb;
  const mark = (ok: boolean | null) =>
    ok === null ? null : ok ? (
      <CheckCircleFilled className="photo-checks__ok" aria-label={t('review.photo.ruleMet')} />
    ) : (
      <ExclamationCircleFilled className="photo-checks__bad" aria-label={t('review.photo.ruleNotMet')} />
    );
  return (
    <ul className="photo-checks" aria-label={t('review.photo.rules')}>
      <li>
        {mark(pixelsOk)}
        <span>
          {t('materials.photo.rulePixels', rules)}
          {measured && <strong className="photo-checks__value">{t('review.photo.measuredPixels', { width: measured.width, height: measured.height })}</strong>}
        </span>
      </li>
      <li>
        {mark(sizeOk)}
        <span>
          {t('materials.photo.ruleSize', { limit: formatKb(rules.maxKb) })}
          <strong className="photo-checks__value">{t('review.photo.measuredSize', { size: formatKb(kb) })}</strong>
        </span>
      </li>
      <li>
        <span className="photo-checks__judge" aria-hidden>
          ?
        </span>
        <span>{t('materials.photo.ruleLook')}</span>
      </li>
    </ul>
  );
}
