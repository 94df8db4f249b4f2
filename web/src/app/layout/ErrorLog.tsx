import { useState } from 'react';
import { Badge, Button, Empty, Modal } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { clearErrorLog, errorLogStore } from '@/lib/error-log';

/** The navbar badge listing captured errors (production only, spec 8). */
export function ErrorLog() {
  const { t } = useTranslation();
  const logs = errorLogStore.use((s) => s.logs);
  const [open, setOpen] = useState(false);
  if (logs.length === 0) return null;
  return (
    <>
      <Badge count={logs.length} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          danger
          icon={<BugOutlined aria-hidden />}
          aria-label={t('errorLog.open', { count: logs.length })}
          title={t('errorLog.open', { count: logs.length })}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <Modal
        open={open}
        title={t('errorLog.title')}
        onCancel={() => setOpen(false)}
        width={720}
        footer={[
          <Button key="clear" onClick={() => { clearErrorLog(); setOpen(false); }}>
            {t('errorLog.clear')}
          </Button>,
          <Button key="close" type="primary" onClick={() => setOpen(false)}>
            {t('common.close')}
          </Button>,
        ]}
      >
        {logs.length === 0 ? (
          <Empty />
        ) : (
          <ol className="error-log">
            {logs.map((log) => (
              <li key={`${log.time}-${log.error}`}>
                <strong>{log.error}</strong>
                <div>
                  {t('errorLog.url')}: <code>{log.url}</code>
                </div>
                {log.component && (
                  <div>
                    {t('errorLog.component')}: <code>{log.component}</code>
                  </div>
                )}
                {log.info && <pre className="error-log__info">{log.info}</pre>}
              </li>
            ))}
          </ol>
        )}
      </Modal>
    </>
  );
}
