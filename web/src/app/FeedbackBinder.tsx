import { App } from 'antd';
import { useEffect } from 'react';
import { bindFeedback } from '../components/feedback';

/** Gives the non-React callers (request client, stores) the themed message / notification / modal. */
export function FeedbackBinder() {
  const { message, notification, modal } = App.useApp();
  useEffect(() => {
    bindFeedback({ message, notification, modal });
  }, [message, notification, modal]);
  return null;
}
