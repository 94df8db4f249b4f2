import { useState } from 'react';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { PhotoRules } from '@gradus/contract/doctor/materials';
import type { MaterialCategoryView } from '@gradus/contract/doctor/materials-api';
import { Alert, Button, Card, Progress, Tag, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '@/lib/download';
import { feedback } from '@/lib/feedback';
import { formatKb } from '@/lib/format';
import { useDeleteMaterial, useUploadMaterial, type MaterialsEndpoints } from './api';
import { acceptOf, precheck, typeNames } from './checks';
import { FileRow } from './FileRow';
import { PhotoRulesList, PhotoThumbnail } from './PhotoPreview';

/** The category's name in the reader's language; a category added in the configuration shows its key. */
export function useCategoryName() {
  const { t } = useTranslation();
  return (key: string) => t(`materials.category.${key}`, { defaultValue: key });
}

/**
 * One material category: its rules, template, files and upload. Each card has its own upload, so
 * its progress and its message stay next to the category they belong to.
 */
export function CategoryCard({ category, photoRules, api }: { category: MaterialCategoryView; photoRules: PhotoRules | null; api: MaterialsEndpoints }) {
  const { t } = useTranslation();
  const categoryName = useCategoryName();
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadMaterial(api, setProgress);
  const remove = useDeleteMaterial(api);
  // A category that needs several files (two referee letters) says how many; one is enough otherwise.
  const needed = category.minFiles ?? 1;
  const busy = upload.isPending || remove.isPending;
  const name = categoryName(category.key);
  const accept = acceptOf(category.types);
  const full = category.files.length >= category.maxFiles;
  // A one-file category (the photo) is replaced from its file row; the main button is for adding.
  const showAdd = category.canUpload && !(category.maxFiles === 1 && category.files.length > 0);

  const start = (file: File, replaceFileId?: number) => {
    const found = precheck(file, category);
    if (found) {
      const { key, ...params } = found;
      setProblem(t(key, { ...params, name: file.name }));
      return;
    }
    setProblem(null);
    setProgress(0);
    upload.mutate(
      { category: category.key, file, ...(replaceFileId !== undefined ? { replaceFileId } : {}) },
      {
        onSuccess: () => feedback.message.success(t('materials.uploaded', { name: file.name })),
        // The server's words (a ReplyError is already translated); a dropped connection says so too.
        onError: (err) => setProblem(err.message || t('materials.uploadFailed')),
      },
    );
  };

  const latestPhoto = category.isPhoto ? (category.files.at(-1) ?? null) : null;
  return (
    <Card
      className={category.isPhoto ? 'materials__card materials__card--photo' : 'materials__card'}
      title={
        <span className="materials__card-title">
          <span>{name}</span>
          {category.required ? <Tag color="red">{t('materials.required')}</Tag> : <Tag>{t('materials.optional')}</Tag>}
          {needed > 1 && <Tag color={category.files.length >= needed ? 'green' : 'orange'}>{t('materials.fileCount', { done: category.files.length, total: needed })}</Tag>}
          {category.files.length >= needed && category.files.length > 0 && <Tag color="green">{t('materials.done')}</Tag>}
        </span>
      }
    >
      <p className="materials__limits">
        {t(category.maxFiles === 1 ? 'materials.limitsOne' : 'materials.limitsMany', { types: typeNames(category.types), limit: formatKb(category.maxKb), max: category.maxFiles })}
      </p>
      {category.template && (
        <Button
          type="link"
          className="materials__template"
          icon={<DownloadOutlined aria-hidden />}
          onClick={() => void downloadFile({ filePath: category.template! }).catch(() => {})}
        >
          {t('materials.template')}
        </Button>
      )}
      {category.isPhoto && photoRules && (
        <div className="materials__photo">
          <PhotoThumbnail filePath={latestPhoto?.filePath ?? null} />
          <PhotoRulesList rules={photoRules} />
        </div>
      )}
      {latestPhoto?.status === 'rejected' && (
        <Alert
          className="materials__alert"
          type="error"
          showIcon
          title={t('materials.photo.rejected')}
          description={
            <>
              <span className="materials__reason">{latestPhoto.reviewReason}</span>
              {category.canUpload && <span className="materials__hint">{t('materials.photo.replaceHint')}</span>}
            </>
          }
        />
      )}
      {category.files.length > 0 ? (
        <ul className="materials__files" aria-label={t('materials.filesOf', { name })}>
          {category.files.map((file) => (
            <FileRow
              key={file.id}
              file={file}
              accept={accept}
              busy={busy}
              canReplace={category.canUpload}
              canDelete={category.canDelete}
              onReplace={(chosen) => start(chosen, file.id)}
              onDelete={() =>
                remove.mutate(file.id, { onSuccess: () => feedback.message.success(t('materials.deleted', { name: file.originalName })) })
              }
            />
          ))}
        </ul>
      ) : (
        <p className="materials__none">{t('materials.noFiles')}</p>
      )}
      {upload.isPending && <Progress percent={progress} size="small" aria-label={t('materials.uploading', { name })} />}
      {problem && <Alert className="materials__alert" type="error" showIcon title={problem} closable onClose={() => setProblem(null)} />}
      {showAdd && (
        <div className="materials__add">
          <Upload
            accept={accept}
            showUploadList={false}
            disabled={busy || full}
            beforeUpload={(file) => {
              start(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined aria-hidden />} disabled={busy || full} aria-label={t('materials.uploadNamed', { name })}>
              {t('materials.upload')}
            </Button>
          </Upload>
          {full && <span className="materials__hint">{t('materials.full')}</span>}
        </div>
      )}
    </Card>
  );
}
