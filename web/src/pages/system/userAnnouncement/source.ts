/** 我的消息's list (`GET /sys/sysAnnouncementSend/getMyAnnouncementSend`), shared by the page and the route prefetch. */
import type { MyAnnouncementSend } from '@pk/contract';
import { listSource } from '../../../crud/listSource';
import { MY_NOTICES_KEY, NOTICE_URL } from '../../../components/notice/api';

/** The server orders unread first, then the newest (contract §8.2): no sort is sent. */
export const myNoticesSource = listSource<MyAnnouncementSend>({ key: MY_NOTICES_KEY, url: NOTICE_URL.mine, sortParams: false });
