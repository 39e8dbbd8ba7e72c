/**
 * antd feedback functions usable outside React (the request client, stores).
 * They start as antd's static functions; `<FeedbackBinder/>` (inside antd `<App>`) swaps in the context-aware
 * instances from `App.useApp()` so notices follow the theme and locale.
 */
import { message, Modal, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { ModalFuncProps } from 'antd';

export interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: {
    confirm(config: ModalFuncProps): unknown;
    error(config: ModalFuncProps): unknown;
    info(config: ModalFuncProps): unknown;
  };
}

export const feedback: Feedback = {
  message,
  notification,
  modal: Modal,
};

export function bindFeedback(next: Feedback): void {
  feedback.message = next.message;
  feedback.notification = next.notification;
  feedback.modal = next.modal;
}
