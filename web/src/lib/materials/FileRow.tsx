import { DeleteOutlined, FileImageOutlined, FilePdfOutlined, SwapOutlined } from '@ant-design/icons';
import type { MaterialFileView } from '@gradus/contract/doctor/materials-api';
import { Button, Popconfirm, Tag, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '@/lib/download';
import { formatBytes } from './checks';

interface Props {
  file: MaterialFileView;
  accept: string;
  canReplace: boolean;
  canDelete: boolean;
  busy: boolean;
  onReplace: (file: File) => void;
  onDelete: () => void;
}

const STATUS_COLOR = { approved: 'success', rejected: 'error' } as const;

/** One stored file: open it (pdf and images in a new window), replace it, delete it. */
export function FileRow({ file, accept, canReplace, canDelete, busy, onReplace, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  const uploadedAt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(file.uploadedAt));
  return (
    <li className="materials__file">
      <span className="materials__file-icon" aria-hidden>
        {file.type === 'pdf' ? <FilePdfOutlined aria-hidden /> : <FileImageOutlined aria-hidden />}
      </span>
      <div className="materials__file-main">
        <Button
          type="link"
          className="materials__open"
          title={t('materials.file.open')}
          onClick={() => void downloadFile({ filePath: file.filePath, fileName: file.originalName, downName: file.originalName }).catch(() => {})}
        >
          {file.originalName}
        </Button>
        <span className="materials__file-meta">
          {formatBytes(file.sizeBytes)} · {t('materials.file.uploadedAt', { date: uploadedAt })}
          {file.status !== 'uploaded' && (
            <Tag className="materials__status" color={STATUS_COLOR[file.status]}>
              {t(`materials.status.${file.status}`)}
            </Tag>
          )}
        </span>
      </div>
      {(canReplace || canDelete) && (
        <span className="materials__file-actions">
          {canReplace && (
            <Upload
              accept={accept}
              showUploadList={false}
              disabled={busy}
              beforeUpload={(chosen) => {
                onReplace(chosen);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button size="small" icon={<SwapOutlined aria-hidden />} disabled={busy} aria-label={t('materials.file.replaceNamed', { name: file.originalName })}>
                {t('materials.file.replace')}
              </Button>
            </Upload>
          )}
          {canDelete && (
            <Popconfirm
              title={t('materials.file.confirmDelete', { name: file.originalName })}
              okText={t('materials.file.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={onDelete}
            >
              <Button size="small" danger icon={<DeleteOutlined aria-hidden />} disabled={busy} aria-label={t('materials.file.deleteNamed', { name: file.originalName })}>
                {t('materials.file.delete')}
              </Button>
            </Popconfirm>
          )}
        </span>
      )}
    </li>
  );
}
