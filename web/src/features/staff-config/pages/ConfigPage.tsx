import { useState } from 'react';
import { Alert, Button, Collapse, Skeleton, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SYSTEM_TYPES, type SystemType } from '@gradus/contract/codes';
import type { ConfigEntryView } from '@gradus/contract/api/staff-config';
import { ReplyError } from '@/lib/request';
import { useUniversityTime } from '@/lib/university-time';
import { useViewer } from '@/lib/viewer';
import { useConfig } from '../api/config';
import { AreaChoice } from '../components/AreaChoice';
import { ValueDialog } from '../components/ValueDialog';
import { useKeyLabel } from '../labels';
import '../staff-config.css';

const isArea = (v: string | null): v is SystemType => (SYSTEM_TYPES as readonly string[]).includes(v ?? '');

/**
 * staff/config: every area's configuration values in one editor (issue #10), the system
 * administrator's. An area at a time (in the address); each known key with its name, what it does and
 * its value. A key is changed here only when this is where it belongs: the notes are the admissions
 * office's page, a cycle's windows and release switches its timeline (a later slice: editing them
 * properly needs the stage timeline and the publish permission), and a key the portal does not
 * know is shown as stored, read-only.
 */
export default function ConfigPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const config = useConfig(viewer);
  const [params, setParams] = useSearchParams();
  const area = isArea(params.get('area')) ? (params.get('area') as SystemType) : 'system';
  const [editing, setEditing] = useState<ConfigEntryView | null>(null);

  return (
    <div className="page config">
      <h1 className="page__title">{t('menu.staff.config')}</h1>
      <p className="page__lead">{t('config.lead')}</p>
      {config.isError && <Alert className="config__notice" type="error" showIcon title={t('config.loadFailed')} description={config.error instanceof ReplyError ? config.error.message : undefined} />}
      {config.isPending ? (
        <Skeleton active />
      ) : (
        <>
          <AreaChoice areas={(config.data?.areas ?? []).map((a) => a.area)} value={area} onChange={(next) => setParams({ area: next })} />
          <AreaEntries entries={config.data?.areas.find((a) => a.area === area)?.entries ?? []} onEdit={setEditing} />
        </>
      )}
      {editing && <ValueDialog entry={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

/**
 * An area's keys; a cycle's per-year windows and release switches (dozens once a cycle runs) are
 * folded away below them: they are read here and changed on the cycle's own pages.
 */
function AreaEntries({ entries, onEdit }: { entries: ConfigEntryView[]; onEdit: (entry: ConfigEntryView) => void }) {
  const { t } = useTranslation();
  const perYear = entries.filter((e) => e.editing === 'cycle' && e.kind === null);
  const own = entries.filter((e) => !perYear.includes(e));
  return (
    <>
      <EntryList entries={own} onEdit={onEdit} />
      {perYear.length > 0 && (
        <Collapse
          className="config__cycle"
          items={[{ key: 'cycle', label: t('config.cycleKeys', { count: perYear.length }), children: <EntryList entries={perYear} onEdit={onEdit} /> }]}
        />
      )}
    </>
  );
}

function EntryList({ entries, onEdit }: { entries: ConfigEntryView[]; onEdit: (entry: ConfigEntryView) => void }) {
  const { t } = useTranslation();
  const label = useKeyLabel();
  const time = useUniversityTime();
  return (
    <ul className="config__list">
      {entries.map((entry) => {
        const name = label(entry.key);
        return (
          <li key={entry.key} className="config__entry">
            <div className="config__head">
              <h2 className="config__name">{name}</h2>
              <code className="config__key">{entry.key}</code>
              {entry.editing !== 'here' && <Tag>{t(`config.editing.${entry.editing}`)}</Tag>}
            </div>
            <p className="config__help">{t(`config.key.${entry.key}.help`, { defaultValue: t('config.noHelp') })}</p>
            <div className="config__value">
              <Value entry={entry} />
            </div>
            <div className="config__foot">
              <span className="config__updated">{entry.updatedAt ? t('config.updatedAt', { at: time.plain(entry.updatedAt) }) : t('config.neverSet')}</span>
              {entry.editing === 'here' ? (
                <Button size="small" onClick={() => onEdit(entry)} aria-label={t(entry.secret ? 'config.replaceNamed' : 'config.changeNamed', { name })}>
                  {t(entry.secret ? 'config.replace' : 'config.change')}
                </Button>
              ) : (
                <span className="config__elsewhere">{t(`config.elsewhere.${entry.editing}`)}</span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function Value({ entry }: { entry: ConfigEntryView }) {
  const { t } = useTranslation();
  const label = useKeyLabel();
  if (entry.secret) return <Tag color={entry.set ? 'green' : 'default'}>{t(entry.set ? 'config.secretSet' : 'config.secretUnset')}</Tag>;
  if (entry.value === null || entry.value === '') {
    return <span className="config__unset">{entry.fallback ? t('config.unsetFallback', { value: entry.fallback }) : t('config.unset')}</span>;
  }
  if (entry.kind === 'json' || entry.kind === 'html' || entry.value.length > 120) {
    // A long value scrolls in its own box, which the keyboard can reach and scroll too.
    return (
      <pre className="config__long" tabIndex={0} role="region" aria-label={t('config.valueOf', { name: label(entry.key) })}>
        {entry.value}
      </pre>
    );
  }
  return <span className="config__text">{entry.value}</span>;
}
