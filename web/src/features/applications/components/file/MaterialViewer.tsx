import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, List, Spin, Tag } from 'antd';
import { ExportOutlined, FileImageOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { StaffMaterialView } from '@gradus/contract/api/staff-file';
import { formatKb } from '@/lib/format';
import { useUniversityTime } from '@/lib/university-time';
import { useReviewChannel } from '../../review-channel';
import { StatusTag } from '../StatusTag';

/** The bytes of one stored file as an object URL for as long as it is shown (revoked when it is not). */
function useObjectUrl(filePath: string | null): { url: string | null; failed: boolean } {
  const channel = useReviewChannel();
  const blob = useQuery({ queryKey: [channel.root, 'files', 'blob', filePath], queryFn: () => channel.fileBlob(filePath!), enabled: !!filePath, staleTime: Infinity, gcTime: 60_000, retry: false });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url, failed: blob.isError };
}

/**
 * Every material with an inline viewer beside the list: images drawn, PDFs in the browser's own
 * viewer, nothing to download. The list is a set of buttons, so the arrow-free keyboard path is
 * Tab and Enter; the open file is marked for screen readers too.
 */
export function MaterialViewer({ materials }: { materials: StaffMaterialView[] }) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  const channel = useReviewChannel();
  const [openId, setOpenId] = useState<number | null>(materials[0]?.id ?? null);
  const open = materials.find((m) => m.id === openId) ?? null;
  const { url, failed } = useObjectUrl(open?.filePath ?? null);
  const category = (key: string) => t(`materials.category.${key}`, { defaultValue: key });
  if (materials.length === 0) return <Empty description={t('file.materials.none')} />;

  return (
    <div className="file-materials">
      <List
        className="file-materials__list"
        size="small"
        dataSource={materials}
        renderItem={(m) => (
          <List.Item className={m.id === openId ? 'file-materials__item file-materials__item--open' : 'file-materials__item'}>
            <button type="button" className="file-materials__pick" aria-current={m.id === openId ? 'true' : undefined} onClick={() => setOpenId(m.id)}>
              {m.type === 'pdf' ? <FilePdfOutlined aria-hidden /> : <FileImageOutlined aria-hidden />}
              <span className="file-materials__name">
                <strong>{category(m.category)}</strong>
                <span>{m.originalName}</span>
                <span className="file-materials__meta">
                  {formatKb(Math.max(1, Math.round(m.sizeBytes / 1024)))} · {time.plain(m.uploadedAt)}
                </span>
              </span>
            </button>
            {m.category === 'idPhoto' && <StatusTag kind="photo" value={m.status} />}
            {m.phase === 'supplementary' && <Tag>{t('file.materials.supplementary')}</Tag>}
          </List.Item>
        )}
      />
      <section className="file-materials__viewer" aria-label={open ? t('file.materials.viewing', { name: open.originalName }) : undefined}>
        {open && (
          <div className="file-materials__bar">
            <span>{open.originalName}</span>
            <Button size="small" icon={<ExportOutlined aria-hidden />} onClick={() => void channel.openFile(open.filePath, open.originalName)}>
              {t('file.materials.openWindow')}
            </Button>
          </div>
        )}
        {failed && <Alert type="error" showIcon title={t('file.materials.unreadable')} />}
        {!failed && !url && <Spin className="file-materials__loading" description={t('file.materials.loading')} />}
        {url && open?.type === 'pdf' && <iframe className="file-materials__pdf" src={url} title={open.originalName} />}
        {url && open && open.type !== 'pdf' && <img className="file-materials__image" src={url} alt={t('file.materials.imageOf', { name: category(open.category) })} />}
        {open?.status === 'rejected' && open.reviewReason && <Alert type="warning" showIcon title={t('file.materials.rejectedBecause', { reason: open.reviewReason })} />}
      </section>
    </div>
  );
}
