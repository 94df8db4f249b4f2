import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Input, Radio, Result, Skeleton, Space, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, StepForwardOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PHOTO_REJECT_REASONS, type PhotoInQueue } from '@gradus/contract/api/staff-review';
import { feedback } from '@/lib/feedback';
import { usePhotoUrl } from '@/lib/photo-url';
import { ReplyError } from '@/lib/request';
import { useSession } from '@/lib/session';
import { useUniversityTime } from '@/lib/university-time';
import { usePhotoQueue } from '../api/photos';
import { decidePhoto } from '../api/review';
import { PhotoChecks, type MeasuredPhoto } from '../components/review/PhotoChecks';
import { useLocalName } from '@/lib/local-name';
import '../applications.css';
import '../review.css';

/** Keys that act when no text field has the focus: a reviewer with 300 photos keeps a hand on the keyboard. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || (target instanceof HTMLInputElement && !['radio', 'checkbox', 'button'].includes(target.type)));

/**
 * staff/photoReview: one waiting ID photo at a time beside the rules, approved or rejected with a
 * reason picked from the list or typed. Keys: A approves, 1–6 pick a reason, R rejects, S skips.
 * The next photo's bytes are fetched while this one is judged, so it shows at once.
 */
export default function PhotoReviewPage() {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.userId ?? 0);
  const role = useSession((s) => s.roles[0] ?? '');
  const [skip, setSkip] = useState<number[]>([]);
  const queue = usePhotoQueue(`${userId}:${role}`, skip);
  const [decided, setDecided] = useState(0);
  const photo = queue.data?.photo ?? null;

  if (queue.isError) return <Result status="warning" title={queue.error instanceof ReplyError ? queue.error.message : t('review.failed')} />;
  return (
    <div className="page photo-review">
      <h1 className="page__title">{t('menu.staff.photos')}</h1>
      <p className="page__lead" aria-live="polite">
        {queue.data ? t('review.photo.waiting', { count: queue.data.waiting }) : t('applications.loading')}
        {decided > 0 && ` ${t('review.photo.decidedHere', { count: decided })}`}
      </p>
      {!queue.data ? (
        <Skeleton active />
      ) : photo ? (
        <PhotoDecision
          key={photo.materialId}
          photo={photo}
          rules={queue.data.rules}
          onDone={() => {
            setDecided((n) => n + 1);
            void queue.refetch();
          }}
          onSkip={() => setSkip((s) => [...s, photo.materialId])}
        />
      ) : (
        <Result
          status="success"
          title={skip.length ? t('review.photo.onlySkipped', { count: skip.length }) : t('review.photo.allDone')}
          extra={skip.length ? <Button onClick={() => setSkip([])}>{t('review.photo.backToSkipped')}</Button> : null}
        />
      )}
    </div>
  );
}

function PhotoDecision({ photo, rules, onDone, onSkip }: { photo: PhotoInQueue; rules: NonNullable<ReturnType<typeof usePhotoQueue>['data']>['rules']; onDone: () => void; onSkip: () => void }) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  const localName = useLocalName();
  const { url, failed } = usePhotoUrl(photo.filePath);
  const [measured, setMeasured] = useState<MeasuredPhoto | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const reasonText = (key: string) => t(`review.photo.reason.${key}`);

  // A new photo takes the focus to its heading, so a screen reader announces whose it is.
  useEffect(() => heading.current?.focus(), []);

  const decide = async (outcome: 'approved' | 'rejected') => {
    if (busy) return;
    if (outcome === 'rejected' && !reason.trim()) {
      setError(t('review.photo.reasonFirst'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await decidePhoto({ materialId: photo.materialId, outcome, ...(outcome === 'rejected' ? { reason: reason.trim() } : {}) });
      feedback.message.success(t(outcome === 'approved' ? 'review.photo.approvedDone' : 'review.photo.rejectedDone', { who: photo.name }));
      onDone();
    } catch (err) {
      setError(err instanceof ReplyError ? err.message : t('review.failed'));
      setBusy(false);
    }
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      const key = e.key.toLowerCase();
      const picked = Number(key);
      if (key === 'a') void decide('approved');
      else if (key === 'r') void decide('rejected');
      else if (key === 's') onSkip();
      else if (picked >= 1 && picked <= PHOTO_REJECT_REASONS.length) setReason(reasonText(PHOTO_REJECT_REASONS[picked - 1]!));
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const picked = PHOTO_REJECT_REASONS.find((k) => reasonText(k) === reason) ?? null;
  return (
    <div className="photo-review__body">
      <Card className="photo-review__photo">
        {url ? (
          <img src={url} alt={t('review.photo.alt', { name: photo.name })} onLoad={(e) => setMeasured({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })} />
        ) : failed ? (
          <Alert type="error" showIcon title={t('file.materials.unreadable')} />
        ) : (
          <Skeleton.Image active />
        )}
      </Card>
      <div className="photo-review__side">
        <h2 className="photo-review__who" tabIndex={-1} ref={heading}>
          {photo.name} <Typography.Text type="secondary">{photo.applicantNumber}</Typography.Text>
        </h2>
        <p className="photo-review__meta">
          {photo.programme ? `${localName(photo.programme)} · ` : ''}
          {t('review.photo.uploadedAt', { time: time.moment(photo.uploadedAt) })} · <Link to={`/admissions/file?id=${photo.applicationId}`}>{t('review.openFile')}</Link>
        </p>
        <PhotoChecks rules={rules} sizeBytes={photo.sizeBytes} measured={measured} />
        <fieldset className="photo-review__reasons">
          <legend>{t('review.photo.reasonLegend')}</legend>
          <Radio.Group value={picked} onChange={(e) => setReason(reasonText(e.target.value as string))} className="photo-review__reason-list">
            {PHOTO_REJECT_REASONS.map((key, i) => (
              <Radio key={key} value={key}>
                <kbd>{i + 1}</kbd> {reasonText(key)}
              </Radio>
            ))}
          </Radio.Group>
          <label className="photo-review__typed">
            <span>{t('review.photo.typed')}</span>
            <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} rows={2} maxLength={500} />
          </label>
        </fieldset>
        {error && <Alert type="error" showIcon title={error} />}
        <Space wrap className="photo-review__actions">
          <Button type="primary" icon={<CheckOutlined aria-hidden />} loading={busy} onClick={() => void decide('approved')} aria-keyshortcuts="A">
            {t('review.photo.approve')}
          </Button>
          <Button danger icon={<CloseOutlined aria-hidden />} disabled={busy} onClick={() => void decide('rejected')} aria-keyshortcuts="R">
            {t('review.photo.reject')}
          </Button>
          <Button icon={<StepForwardOutlined aria-hidden />} disabled={busy} onClick={onSkip} aria-keyshortcuts="S">
            {t('review.photo.skip')}
          </Button>
        </Space>
        <p className="photo-review__keys">{t('review.photo.keys')}</p>
      </div>
    </div>
  );
}
