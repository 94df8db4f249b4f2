import { HourglassOutlined } from '@ant-design/icons';
import type { PhotoReviewView } from '@gradus/contract/doctor/materials-api';
import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ReplyError } from '@/lib/request';
import { useUniversityTime } from '@/lib/university-time';
import { usePhotoReview } from '../api/photoReview';
import { PhotoThumbnail } from '@/lib/materials/PhotoPreview';
import '@/lib/materials/materials.css';

/** Where a new photo is uploaded: the materials page, whose photo card offers the replacement. */
export const MATERIALS_ROUTE = '/doctorRegister/fileManage';

type Published = Extract<PhotoReviewView, { published: true }>;
const RESULT_STATUS = { approved: 'success', rejected: 'error', uploaded: 'info', none: 'warning' } as const;

function Outcome({ review }: { review: Published }) {
  const { t } = useTranslation();
  const { moment } = useUniversityTime();
  const navigate = useNavigate();
  const reviewedAt = review.reviewedAt ? moment(review.reviewedAt) : null;
  return (
    <Card className="materials__review">
      <Result
        status={RESULT_STATUS[review.status]}
        title={t(`materials.review.${review.status}.title`)}
        subTitle={reviewedAt ? t('materials.review.reviewedAt', { date: reviewedAt }) : t(`materials.review.${review.status}.hint`)}
        extra={
          review.canReplace ? (
            <Button type="primary" onClick={() => navigate(MATERIALS_ROUTE)}>
              {t(review.status === 'none' ? 'materials.review.upload' : 'materials.review.replace')}
            </Button>
          ) : undefined
        }
      >
        <div className="materials__review-body">
          {review.filePath && <PhotoThumbnail filePath={review.filePath} />}
          {review.status === 'rejected' && (
            <div className="materials__review-reason">
              <strong>{t('materials.review.reason')}</strong>
              <p className="materials__reason">{review.reason}</p>
              <p>{t(review.canReplace ? 'materials.review.rejected.hint' : 'materials.review.closed')}</p>
            </div>
          )}
        </div>
      </Result>
    </Card>
  );
}

/** /partInfo/photoExamine: the photo review result, shown only once staff publish it. */
export default function PhotoReviewPage() {
  const { t } = useTranslation();
  const query = usePhotoReview();
  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 4 }} aria-label={t('common.loading')} />;
  else if (query.isError)
    body = (
      <Result
        status="error"
        title={t('materials.review.loadFailed')}
        subTitle={query.error instanceof ReplyError ? query.error.message : undefined}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  else if (!query.data.published)
    body = <Result icon={<HourglassOutlined aria-hidden />} title={t('materials.review.notPublished.title')} subTitle={t('materials.review.notPublished.hint')} />;
  else body = <Outcome review={query.data} />;
  return (
    <div className="page materials">
      <h1 className="page__title">{t('menu.partInfo.photoExamine')}</h1>
      {body}
    </div>
  );
}
