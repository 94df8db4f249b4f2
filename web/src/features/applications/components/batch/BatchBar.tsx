import { useState, type ReactNode } from 'react';
import { Button, Space, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, RollbackOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { departmentReviews, type AdmissionArea } from '@gradus/contract/areas';
import { BATCH_MAX, type BatchAbilities, type BatchResult } from '@gradus/contract/api/staff-batch';
import { selectedCount, type BatchSelection } from '../../batch-selection';
import { BatchDialog, type BatchAction } from './BatchDialogs';
import { BatchResults } from './BatchResults';

interface Props {
  selection: BatchSelection;
  /** The applications the list's filter matches now (the server's total). */
  total: number;
  /** More than `total` match: the server stopped counting at the batch limit. */
  totalCapped: boolean;
  allowed: BatchAbilities;
  viewer: string;
  /** The list's area filter: a return offers that area's form sections. */
  area?: AdmissionArea | undefined;
  onSelectAll: () => void;
  onClear: () => void;
}

/**
 * Above the list while something is selected: how many, "all N matching this filter", and the batch
 * actions the server says the viewer may take. The server checks each application again.
 */
export function BatchBar({ selection, total, totalCapped, allowed, viewer, area, onSelectAll, onClear }: Props) {
  const { t } = useTranslation();
  const [action, setAction] = useState<BatchAction | null>(null);
  const [result, setResult] = useState<BatchResult | null>(null);
  const count = selectedCount(selection);
  const everything = selection.kind === 'filter';
  const tooMany = totalCapped || total > BATCH_MAX;
  // Where the school reviews first (the summer camp), each step is decided on its own review page.
  const decides = allowed.decide && !(area && departmentReviews(area));
  const actions: { key: BatchAction; icon: ReactNode; danger?: boolean; shown: boolean }[] = [
    { key: 'pass', icon: <CheckOutlined aria-hidden />, shown: decides },
    { key: 'fail', icon: <CloseOutlined aria-hidden />, danger: true, shown: decides },
    { key: 'return', icon: <RollbackOutlined aria-hidden />, shown: allowed.returnForm },
    { key: 'assign', icon: <UserAddOutlined aria-hidden />, shown: allowed.assign },
  ];
  const done = (r: BatchResult) => {
    setAction(null);
    setResult(r);
  };

  return (
    <>
      {count > 0 && (
        <section className="batch" aria-label={t('batch.region')}>
          <div className="batch__status">
            <Typography.Text strong aria-live="polite">
              {everything && selection.except.size === 0 ? t('batch.selectedAll', { count }) : t('batch.selected', { count })}
            </Typography.Text>
            {!everything && total > count && !tooMany && (
              <Button type="link" className="batch__link" onClick={onSelectAll}>
                {t('batch.selectAll', { count: total })}
              </Button>
            )}
            {!everything && tooMany && <Typography.Text type="secondary">{t('batch.tooMany', { max: BATCH_MAX })}</Typography.Text>}
            <Button type="link" className="batch__link" onClick={onClear}>
              {t('batch.clear')}
            </Button>
          </div>
          <Space wrap className="batch__actions">
            {actions
              .filter((a) => a.shown)
              .map((a) => (
                <Button key={a.key} icon={a.icon} danger={a.danger} onClick={() => setAction(a.key)}>
                  {t(`batch.action.${a.key}`)}
                </Button>
              ))}
          </Space>
        </section>
      )}
      {action && <BatchDialog action={action} selection={selection} count={count} viewer={viewer} area={area} onClose={() => setAction(null)} onDone={done} />}
      {result && (
        <BatchResults
          result={result}
          onClose={() => {
            setResult(null);
            // What was done is done: the selection goes, and the list (fetched again) shows the new states.
            onClear();
          }}
        />
      )}
    </>
  );
}
