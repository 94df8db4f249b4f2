import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Input, Skeleton } from 'antd';
import DOMPurify from 'dompurify';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NOTE_AREAS, NOTE_HTML, NOTE_MAX, type NoteArea, type NoteView } from '@gradus/contract/api/staff-config';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useUniversityTime } from '@/lib/university-time';
import { useViewer } from '@/lib/viewer';
import { useNotes, useUpdateNotes } from '../api/notes';
import '../staff-config.css';
import { AreaChoice } from '../components/AreaChoice';

const isArea = (v: string | null): v is NoteArea => (NOTE_AREAS as readonly string[]).includes(v ?? '');

/** The preview keeps what the server will keep (the same list of tags and attributes, contract NOTE_HTML). */
const preview = (html: string) =>
  DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...NOTE_HTML.tags],
    ALLOWED_ATTR: [...new Set(Object.values(NOTE_HTML.attributes).flat())],
    ALLOWED_URI_REGEXP: /^(https?:\/\/|mailto:|tel:|\/zsData\/)/i,
  });

/**
 * staff/notes: the notes each area's applicants read on their dashboard ('notes/precautions'),
 * written by the admissions office (issue #10). The source on one side, on the other a preview as
 * the applicant's dashboard draws it. The server keeps only safe markup and says what it took out.
 */
export default function NotesPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const notes = useNotes(viewer);
  const [params, setParams] = useSearchParams();
  const area = isArea(params.get('area')) ? (params.get('area') as NoteArea) : 'doctor';

  return (
    <div className="page notes">
      <h1 className="page__title">{t('menu.staff.notes')}</h1>
      <p className="page__lead">{t('notes.lead')}</p>
      {notes.isError && <Alert className="notes__notice" type="error" showIcon title={t('notes.loadFailed')} description={notes.error instanceof ReplyError ? notes.error.message : undefined} />}
      {notes.isPending ? (
        <Skeleton active />
      ) : (
        <>
          <AreaChoice areas={(notes.data?.notes ?? []).map((note) => note.area)} value={area} onChange={(next) => setParams({ area: next })} />
          {/* Every area's editor stays mounted: a draft survives a look at another area. */}
          {(notes.data?.notes ?? []).map((note) => (
            <div key={note.area} hidden={note.area !== area}>
              <NoteEditor note={note} />
            </div>
          ))}
        </>
      )}
    </div>
  );
}

function NoteEditor({ note }: { note: NoteView }) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  const update = useUpdateNotes();
  const [draft, setDraft] = useState(note.html);
  const [error, setError] = useState<string | null>(null);
  const [removed, setRemoved] = useState<string[]>([]);
  const shown = useMemo(() => preview(draft), [draft]);
  const sourceId = `notes-source-${note.area}`;
  const tooLong = draft.length > NOTE_MAX;
  const changed = draft !== note.html;

  const save = async () => {
    setError(null);
    if (tooLong) return setError(t('notes.tooLong', { max: NOTE_MAX }));
    try {
      const r = await update.mutateAsync({ area: note.area, html: draft, seenAt: note.updatedAt });
      setRemoved(r.removed);
      setDraft(r.note.html);
      feedback.message.success(t('notes.saved', { area: t(`config.area.${note.area}`) }));
    } catch (err) {
      setError(err instanceof ReplyError ? err.message : t('notes.failed'));
    }
  };

  return (
    <div>
      <p className="notes__who">{t(`notes.readBy.${note.area}`)}</p>
      {removed.length > 0 && (
        <Alert className="notes__notice" type="warning" showIcon closable onClose={() => setRemoved([])} title={t('notes.removed', { what: removed.join(t('notes.separator')) })} />
      )}
      {error && <Alert className="notes__notice" type="error" showIcon closable onClose={() => setError(null)} title={error} />}
      <div className="notes__editor">
        <div>
          <label htmlFor={sourceId} className="notes__preview-title">
            {t('notes.source')}
          </label>
          <p className="notes__hint" id={`${sourceId}-hint`}>
            {t('notes.allowed', { tags: NOTE_HTML.tags.join(' ') })}
          </p>
          <Input.TextArea
            id={sourceId}
            className="notes__source"
            aria-describedby={`${sourceId}-hint`}
            aria-invalid={tooLong || undefined}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            autoSize={{ minRows: 12, maxRows: 28 }}
            spellCheck={false}
            status={tooLong ? 'error' : undefined}
          />
          {tooLong && <p className="notes__error" role="alert">{t('notes.tooLong', { max: NOTE_MAX })}</p>}
          <div className="notes__actions">
            <Button type="primary" onClick={() => void save()} loading={update.isPending} disabled={!changed}>
              {t('notes.save')}
            </Button>
            <Button onClick={() => { setDraft(note.html); setError(null); }} disabled={!changed}>
              {t('notes.discard')}
            </Button>
            <span className="config__updated">{note.updatedAt ? t('config.updatedAt', { at: time.plain(note.updatedAt) }) : t('config.neverSet')}</span>
          </div>
        </div>
        <section aria-labelledby={`${sourceId}-preview`}>
          <h2 className="notes__preview-title" id={`${sourceId}-preview`}>
            {t('notes.preview')}
          </h2>
          <Card className="notice-card">
            {shown.trim() ? <div className="notice-content" data-testid="notes-preview" dangerouslySetInnerHTML={{ __html: shown }} /> : <Empty description={t('dashboard.empty')} />}
          </Card>
        </section>
      </div>
    </div>
  );
}
