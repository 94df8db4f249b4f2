import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd/dist/reset.css';
import './app/global.css';
import { App } from './app/App';
import { errorLogStore, installErrorLog, logError } from './lib/error-log';
import { initI18n } from './lib/i18n';
import { installThemeVariables } from './lib/theme-vars';
import { installTouchZoomGuard } from './lib/touch';

installThemeVariables();
installTouchZoomGuard();
if (errorLogStore.get().enabled) installErrorLog();
await initI18n();

createRoot(document.getElementById('root') as HTMLElement, {
  onUncaughtError: (error, info) => logError(error, 'root', info.componentStack ?? ''),
  onCaughtError: (error, info) => logError(error, 'boundary', info.componentStack ?? ''),
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
