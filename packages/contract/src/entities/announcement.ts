import { defineEntity } from '../entity';

/**
 * 系统通告 (sys_announcement) — contract §8.1, §8.2. `titile` keeps the contract's spelling; `msgContent` is rich
 * HTML that the server sanitises on save. Publish (`doReleaseData`) and revoke (`doReovkeData`) are row actions with
 * their own codes. Deletion is logical (`delFlag` "1").
 */
export const announcementEntity = defineEntity({
  key: 'announcement',
  title: '系统通告',
  api: '/sys/annountCement',
  table: 'sys_announcement',
  perm: 'annountCement',
  menu: {
    group: 'system',
    name: '系统通告',
    url: '/isystem/annountCement',
    component: 'system/SysAnnouncementList',
    sort: 6,
    buttons: [
      { action: 'release', name: '发布' },
      { action: 'revoke', name: '撤销' },
    ],
  },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'titile', label: '标题', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'msgCategory', label: '消息类型', type: 'string', dict: 'msg_category', filter: 'eq', sort: true, required: true, maxLength: 10 },
    { prop: 'sender', label: '发布人', type: 'string', filter: 'like', sort: true, form: false, maxLength: 100 },
    { prop: 'priority', label: '优先级', type: 'string', dict: 'priority', filter: 'eq', sort: true, maxLength: 255 },
    { prop: 'msgType', label: '通告对象类型', type: 'string', dict: 'msg_type', filter: 'eq', sort: true, required: true, maxLength: 10 },
    { prop: 'sendStatus', label: '发布状态', type: 'string', dict: 'send_status', filter: 'eq', sort: true, form: false, maxLength: 10 },
    { prop: 'sendTime', label: '发布时间', type: 'datetime', sort: true, form: false },
    { prop: 'cancelTime', label: '撤销时间', type: 'datetime', sort: true, form: false },
    { prop: 'startTime', label: '开始时间', type: 'datetime', sort: true, list: false },
    { prop: 'endTime', label: '结束时间', type: 'datetime', sort: true, list: false },
    { prop: 'msgContent', label: '内容', type: 'text', list: false, maxLength: 200_000 },
    { prop: 'msgAbstract', label: '摘要', type: 'text', list: false, excel: false, maxLength: 2000 },
    { prop: 'userIds', label: '指定用户', type: 'text', list: false, excel: false, maxLength: 100_000 },
    { prop: 'openType', label: '打开方式', type: 'string', list: false, excel: false, maxLength: 20 },
    { prop: 'openPage', label: '打开页面', type: 'string', list: false, excel: false, maxLength: 255 },
    { prop: 'busType', label: '业务类型', type: 'string', list: false, excel: false, maxLength: 20 },
    { prop: 'busId', label: '业务ID', type: 'string', list: false, excel: false, maxLength: 50 },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false, excel: false, list: false },
  ],
});

/** The send rows' standard routes (`/sys/sysAnnouncementSend`, contract §8.2): behind the 系统通告 codes, no menu. */
export const announcementSendEntity = defineEntity({
  key: 'announcementSend',
  title: '用户通告阅读标记',
  api: '/sys/sysAnnouncementSend',
  table: 'sys_announcement_send',
  perm: 'annountCement',
  omitRoutes: ['exportXls', 'importExcel'],
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'anntId', label: '通告ID', type: 'string', filter: 'eq', sort: true, required: true, maxLength: 32 },
    { prop: 'userId', label: '用户ID', type: 'string', filter: 'eq', sort: true, required: true, maxLength: 32 },
    { prop: 'readFlag', label: '阅读状态', type: 'string', filter: 'eq', sort: true, maxLength: 10 },
    { prop: 'readTime', label: '阅读时间', type: 'datetime', sort: true },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false, list: false },
  ],
});

/** An announcement as the bell and 我的消息 read it (contract §8.1, the rows of listByUser). */
export interface AnnouncementItem {
  id: string;
  titile: string | null;
  msgContent: string | null;
  sender: string | null;
  priority: string | null;
  msgCategory: string | null;
  msgType?: string | null;
  sendStatus?: string | null;
  sendTime: string | null;
  createTime?: string | null;
  openType: string | null;
  openPage: string | null;
  busId: string | null;
  busType?: string | null;
  msgAbstract: string | null;
}

/** `GET /sys/annountCement/listByUser`. */
export interface AnnouncementListByUser {
  anntMsgList: AnnouncementItem[];
  anntMsgTotal: number;
  sysMsgList: AnnouncementItem[];
  sysMsgTotal: number;
}

/** A row of `GET /sys/sysAnnouncementSend/getMyAnnouncementSend` (`id` is the send row's). */
export interface MyAnnouncementSend extends Omit<AnnouncementItem, 'id'> {
  id: string;
  anntId: string;
  userId: string;
  readFlag: string | null;
}
