import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { logError } from '../error-log';

function PageError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('error.pageFailed')}
      subTitle={t('error.pageFailedHint')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/** Keeps a failing page from taking the shell down; the error goes to the error log. */
export class ErrorBoundary extends Component<{ children: ReactNode; name?: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logError(error, this.props.name ?? 'page', info.componentStack ?? '');
  }

  override render() {
    if (this.state.failed) return <PageError onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}
