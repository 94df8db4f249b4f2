import { useTranslation } from 'react-i18next';

const MAX_DEPTH = 3;
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
/** Detail fields whose values are role keys: named as the role, as the rest of the back office does. */
const ROLE_FIELDS = new Set(['roleKey', 'roleKeys']);

/**
 * What an audit entry recorded, as "field: value" lines: lists joined, nested objects (a change's
 * before and after) indented beneath their field. Field names the log knows are translated; any
 * other is shown as recorded, so nothing is hidden.
 */
export function AuditDetail({ detail, depth = 0 }: { detail: Record<string, unknown>; depth?: number }) {
  const { t } = useTranslation();
  const entries = Object.entries(detail);
  if (entries.length === 0) return <span className="logs__secondary">—</span>;

  const plain = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return t(value ? 'logs.detail.yes' : 'logs.detail.no');
    if (typeof value === 'string' && ROLE_FIELDS.has(field)) return t(`role.${value}`, { defaultValue: value });
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    return JSON.stringify(value);
  };
  const valueOf = (field: string, value: unknown) => {
    if (isRecord(value) && depth < MAX_DEPTH) return <AuditDetail detail={value} depth={depth + 1} />;
    if (Array.isArray(value) && !value.some((v) => isRecord(v) || Array.isArray(v))) {
      return value.length ? value.map((v) => plain(field, v)).join(t('logs.detail.separator')) : '—';
    }
    return plain(field, value);
  };

  return (
    <dl className="logs-detail">
      {entries.map(([field, value]) => (
        <div key={field} className={isRecord(value) ? 'logs-detail__row logs-detail__row--nested' : 'logs-detail__row'}>
          <dt>{t(`logs.detail.field.${field}`, { defaultValue: field })}</dt>
          <dd>{valueOf(field, value)}</dd>
        </div>
      ))}
    </dl>
  );
}
