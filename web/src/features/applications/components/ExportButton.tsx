import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApplicationExportRequest } from '@gradus/contract/api/staff-export';
import { ERROR_MESSAGE_SECONDS, ReplyCode } from '@gradus/contract/codes';
import { StaffButton } from '@gradus/contract/menus';
import { download } from '@/lib/download';
import { feedback } from '@/lib/feedback';
import { Permission } from '@/lib/permission';
import { promptRelogin, ReplyError } from '@/lib/request';
import { exportApplications } from '../api/export';

/**
 * Saves the list as the filters and sort show it, every page of it, as an Excel file. The server
 * decides the rows (the caller's scope), so the file never holds more than the list would. A role
 * denied the export (its F row) is not shown the button; the server refuses the call anyway.
 */
export function ExportButton({ filters }: { filters: ApplicationExportRequest }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await exportApplications(filters);
      download.save(blob, fileName);
    } catch (err) {
      if (err instanceof ReplyError && err.code === ReplyCode.SESSION_EXPIRED) promptRelogin();
      else feedback.message.error({ content: err instanceof ReplyError && err.message ? err.message : t('applications.export.failed'), duration: ERROR_MESSAGE_SECONDS });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Permission perms={StaffButton.EXPORT}>
      <Button icon={<DownloadOutlined aria-hidden />} loading={busy} onClick={() => void run()}>
        {busy ? t('applications.export.busy') : t('applications.export.button')}
      </Button>
    </Permission>
  );
}
