import { message, Modal, notification, type App, type ModalFuncProps } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

/**
 * Toasts, notifications and dialogs for code outside React (the request layer, the session).
 * The app registers antd's context-aware instances (theme, locale) from <App>; until then the
 * static ones are used.
 */
export interface Feedback {
  message: Pick<AppApi['message'], 'success' | 'error' | 'warning' | 'info'>;
  notification: Pick<AppApi['notification'], 'error' | 'warning'>;
  modal: { confirm: (config: ModalFuncProps) => unknown };
}

export const feedback: Feedback = { message, notification, modal: { confirm: Modal.confirm } };

export function registerFeedback(next: Feedback): void {
  feedback.message = next.message;
  feedback.notification = next.notification;
  feedback.modal = next.modal;
}
