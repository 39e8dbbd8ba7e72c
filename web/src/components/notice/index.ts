/** The notice bell, the shared announcement detail dialog and the notice requests (001 §2, contract §8.2). */
export { NoticeBell, PriorityTag, PRIORITY_TAG } from './NoticeBell';
export { AnnouncementDetail, NOTICE_MSG, type NoticeDetail } from './AnnouncementDetail';
export { useOpenNotice, type OpenableNotice } from './useOpenNotice';
export * from './api';
