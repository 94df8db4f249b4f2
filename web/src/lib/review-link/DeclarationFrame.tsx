import { useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReplyError } from '@/lib/request';
import { useDeclareNoConflict, type SessionCall } from './session';

/**
 * The declaration of no conflict of interest, as every link asks it: who is to be reviewed (the
 * children), the box that must be ticked, and the call that records it. The material review and
 * the interview panels differ only in the list and the words.
 */
export function DeclarationFrame({ call, lead, box, confirmLabel, children }: { call: SessionCall; lead: ReactNode; box: string; confirmLabel: string; children: ReactNode }) {
  const { t } = useTranslation();
  const declare = useDeclareNoConflict(call);
  const [ticked, setTicked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!ticked) return setError(t('linkReview.declareRequired'));
    setError(null);
    try {
      await declare.mutateAsync();
    } catch (err) {
      setError(err instanceof ReplyError ? err.message : t('review.failed'));
    }
  };
  return (
    <section className="link-review__card link-review__card--wide" aria-labelledby="declare-title">
      <h1 id="declare-title" className="page__title">
        {t('linkReview.declareTitle')}
      </h1>
      {lead}
      {children}
      <Checkbox className="link-review__declare" checked={ticked} onChange={(e) => setTicked(e.target.checked)}>
        {box}
      </Checkbox>
      {error && <Alert className="link-review__error" type="error" showIcon title={error} role="alert" />}
      <Button type="primary" size="large" loading={declare.isPending} onClick={() => void confirm()}>
        {confirmLabel}
      </Button>
    </section>
  );
}
