import { UserOutlined } from '@ant-design/icons';
import type { PhotoRules } from '@gradus/contract/doctor/materials';
import { useTranslation } from 'react-i18next';
import { usePhotoUrl } from '@/lib/photo-url';
import { formatKb } from '@/lib/format';

/** The photo as it will appear on the ticket, at ID-photo proportions; a placeholder until there is one. */
export function PhotoThumbnail({ filePath }: { filePath: string | null }) {
  const { t } = useTranslation();
  const { url } = usePhotoUrl(filePath);
  return (
    <div className="materials__thumb">
      {url ? <img src={url} alt={t('materials.photo.thumbnail')} /> : <UserOutlined aria-hidden className="materials__thumb-empty" />}
    </div>
  );
}

/** The photo rules from the configuration, in words. */
export function PhotoRulesList({ rules }: { rules: PhotoRules }) {
  const { t } = useTranslation();
  return (
    <ul className="materials__rules" aria-label={t('materials.photo.rulesTitle')}>
      <li>{t('materials.photo.ruleType')}</li>
      <li>{t('materials.photo.rulePixels', rules)}</li>
      <li>{t('materials.photo.ruleSize', { limit: formatKb(rules.maxKb) })}</li>
      <li>{t('materials.photo.ruleLook')}</li>
    </ul>
  );
}
