import type { ModalFuncProps } from 'antd';
import type { ArgsProps as MessageArgs } from 'antd/es/message/interface';
import type { ArgsProps as NotificationArgs } from 'antd/es/notification/interface';
import type * as FeedbackAntd from './feedback-antd';

type Message = (config: MessageArgs | string) => unknown;
type Notify = (config: NotificationArgs) => unknown;

/** Toasts, notifications and dialogs for code outside React (the request layer, the session). */
export interface Feedback {
  message: { success: Message; error: Message; warning: Message; info: Message };
  notification: { error: Notify; warning: Notify };
  modal: { confirm: (config: ModalFuncProps) => unknown };
}

let antd: Promise<typeof FeedbackAntd> | null = null;
const load = () => (antd ??= import('./feedback-antd'));

const lazyMessage =
  (kind: 'success' | 'error' | 'warning' | 'info'): Message =>
  (config) =>
    void load().then((m) => m.message[kind](config as MessageArgs));

export const feedback: Feedback = {
  message: { success: lazyMessage('success'), error: lazyMessage('error'), warning: lazyMessage('warning'), info: lazyMessage('info') },
  notification: {
    error: (config) => void load().then((m) => m.notification.error(config)),
    warning: (config) => void load().then((m) => m.notification.warning(config)),
  },
  modal: { confirm: (config) => void load().then((m) => m.Modal.confirm(config)) },
};

/** Tests (and a future host app) may replace the implementations. */
export function registerFeedback(next: Feedback): void {
  feedback.message = next.message;
  feedback.notification = next.notification;
  feedback.modal = next.modal;
}
