import { defineEntity } from '../../entity';

/**
 * The venue of the game (issue 13, jeecg-schema §4.3): players (预约用户), ships and their crews (海盗船, 船员表), the
 * great lines and their places (伟大航路, 签到点) and the NFC bracelets (手环管理). References pick their row in an
 * option list (`ref`, `GET {ref}?keyword=&limit=` → `[{id, name, …}]`) and show its text through a table dictionary.
 */

/** Option lists of the venue (server: core/crud/optionList.ts). */
export const VENUE_OPTION_LISTS = {
  user: '/book/user/userList',
  ship: '/book/pirateShip/shipList',
  place: '/book/signPlace/placeList',
  bracelet: '/bracelet/bracelet/braceletList',
  greatLine: '/book/greatLine/lineList',
} as const;

/** Table dictionaries of the venue's references (server: core/dict/tableRegistry.ts). */
export const VENUE_DICTS = {
  user: 'book_user,nickname,id',
  ship: 'pirate_ship,ship_name,id',
  greatLine: 'great_line,line_name,id',
  place: 'sign_place,place_name,id',
  bracelet: 'bracelet,bracelet_no,id',
} as const;

/** One crew row of a ship's dialog (`shipTableList` of `/book/pirateShip/add|edit`). */
export interface ShipCrewRow {
  id?: string;
  userId: string;
  memberRole?: number | string | null;
  seatNo?: number | string | null;
  joinTime?: string | null;
}

/** 预约用户 (book_user): the players; soft delete (del_flag). */
export const bookUserEntity = defineEntity({
  key: 'bookUser',
  title: '预约用户',
  api: '/book/user',
  table: 'book_user',
  perm: 'bookUser',
  menu: { group: 'game', name: '预约用户', url: '/game/bookUser', component: 'game/BookUserList', sort: 1 },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'nickname', label: '昵称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 50 },
    { prop: 'realName', label: '真实姓名', type: 'string', filter: 'like', maxLength: 50 },
    { prop: 'phone', label: '手机号', type: 'string', filter: 'like', unique: true, format: 'mobile', maxLength: 20 },
    { prop: 'avatar', label: '头像', type: 'string', widget: 'image', maxLength: 255, excel: false },
    { prop: 'sex', label: '性别', type: 'number', dict: 'sex', filter: 'eq' },
    { prop: 'birthday', label: '生日', type: 'date' },
    { prop: 'openid', label: '小程序openid', type: 'string', unique: true, maxLength: 64, list: false },
    { prop: 'unionid', label: 'unionid', type: 'string', maxLength: 64, list: false },
    { prop: 'braceletId', label: '手环', type: 'string', dict: VENUE_DICTS.bracelet, ref: VENUE_OPTION_LISTS.bracelet, maxLength: 32, form: false },
    { prop: 'shipId', label: '所在海盗船', type: 'string', dict: VENUE_DICTS.ship, ref: VENUE_OPTION_LISTS.ship, filter: 'eq', maxLength: 32, form: false },
    { prop: 'status', label: '状态', type: 'number', dict: 'user_status', filter: 'eq', sort: true },
    { prop: 'lastLoginTime', label: '最后登录时间', type: 'datetime', form: false, sort: true },
    { prop: 'remark', label: '备注', type: 'string', maxLength: 255, list: false },
    { prop: 'createTime', label: '创建时间', type: 'datetime', filter: 'range', sort: true, form: false, excel: false },
  ],
});

/** 海盗船 (pirate_ship): a crew's ship; its crew (ship_table) is saved with it. */
export const pirateShipEntity = defineEntity({
  key: 'pirateShip',
  title: '海盗船',
  api: '/book/pirateShip',
  table: 'pirate_ship',
  perm: 'pirateShip',
  menu: { group: 'game', name: '海盗船', url: '/game/pirateShip', component: 'game/PirateShipList', sort: 2 },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'shipNo', label: '船只编号', type: 'string', filter: 'like', sort: true, unique: true, maxLength: 32 },
    { prop: 'shipName', label: '船名', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'flagImage', label: '船旗', type: 'string', widget: 'image', maxLength: 255, excel: false },
    { prop: 'slogan', label: '口号', type: 'string', maxLength: 255, list: false },
    { prop: 'captainUserId', label: '船长', type: 'string', dict: VENUE_DICTS.user, ref: VENUE_OPTION_LISTS.user, filter: 'eq', maxLength: 32 },
    { prop: 'greatLineId', label: '伟大航路', type: 'string', dict: VENUE_DICTS.greatLine, ref: VENUE_OPTION_LISTS.greatLine, filter: 'eq', maxLength: 32 },
    { prop: 'maxMembers', label: '最大人数', type: 'number' },
    { prop: 'memberCount', label: '当前人数', type: 'number', form: false, sort: true },
    { prop: 'totalScore', label: '总积分', type: 'number', form: false, sort: true },
    { prop: 'bounty', label: '悬赏金', type: 'number', form: false, sort: true },
    { prop: 'status', label: '状态', type: 'number', dict: 'ship_status', filter: 'eq', sort: true },
    { prop: 'voyageStart', label: '出航时间', type: 'datetime', sort: true },
    { prop: 'voyageEnd', label: '靠岸时间', type: 'datetime' },
    { prop: 'sortNo', label: '排序', type: 'number', sort: true, list: false },
    { prop: 'createTime', label: '创建时间', type: 'datetime', filter: 'range', sort: true, form: false, excel: false },
  ],
});

/** 船员表 (ship_table, the crew roster): one player on one ship. */
export const shipTableEntity = defineEntity({
  key: 'shipTable',
  title: '船员表',
  api: '/book/shipTable',
  table: 'ship_table',
  perm: 'shipTable',
  menu: { group: 'game', name: '船员表', url: '/game/shipTable', component: 'game/ShipTableList', sort: 3 },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    {
      prop: 'shipId',
      label: '海盗船',
      type: 'string',
      dict: VENUE_DICTS.ship,
      ref: VENUE_OPTION_LISTS.ship,
      filter: 'eq',
      required: true,
      fixedOnEdit: true,
      maxLength: 32,
    },
    {
      prop: 'userId',
      label: '船员',
      type: 'string',
      dict: VENUE_DICTS.user,
      ref: VENUE_OPTION_LISTS.user,
      filter: 'eq',
      required: true,
      fixedOnEdit: true,
      maxLength: 32,
    },
    { prop: 'memberRole', label: '角色', type: 'number', dict: 'ship_member_role', filter: 'eq' },
    { prop: 'seatNo', label: '座位号', type: 'number', sort: true },
    { prop: 'joinTime', label: '加入时间', type: 'datetime', sort: true },
    { prop: 'leaveTime', label: '离开时间', type: 'datetime' },
    { prop: 'scoreContribution', label: '积分贡献', type: 'number', form: false, sort: true },
    { prop: 'status', label: '状态', type: 'number', dict: 'valid_status', filter: 'eq' },
    { prop: 'remark', label: '备注', type: 'string', filter: 'like', maxLength: 255 },
    { prop: 'createTime', label: '创建时间', type: 'datetime', filter: 'range', sort: true, form: false, excel: false },
  ],
});

/** 伟大航路 (great_line): a route of places in order; 排序 sets the places' order. */
export const greatLineEntity = defineEntity({
  key: 'greatLine',
  title: '伟大航路',
  api: '/book/greatLine',
  table: 'great_line',
  perm: 'greatLine',
  menu: {
    group: 'game',
    name: '伟大航路',
    url: '/game/greatLine',
    component: 'game/GreatLineList',
    sort: 4,
    buttons: [{ action: 'sortPlaces', name: '签到点排序' }],
  },
  defaultSort: { prop: 'sortNo', order: 'asc' },
  fields: [
    { prop: 'lineCode', label: '航路编码', type: 'string', filter: 'like', sort: true, required: true, unique: true, maxLength: 32 },
    { prop: 'lineName', label: '航路名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'coverImage', label: '封面', type: 'string', widget: 'image', maxLength: 255, excel: false },
    { prop: 'intro', label: '介绍', type: 'text', widget: 'editor', list: false, excel: false },
    { prop: 'difficulty', label: '难度', type: 'number', dict: 'difficulty_level', filter: 'eq' },
    { prop: 'estimatedMinutes', label: '预计时长(分钟)', type: 'number' },
    { prop: 'placeCount', label: '签到点数', type: 'number', form: false },
    { prop: 'maxScore', label: '满分', type: 'number', form: false },
    { prop: 'sortNo', label: '排序', type: 'number', sort: true },
    { prop: 'status', label: '状态', type: 'number', dict: 'valid_status', filter: 'eq' },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false, excel: false },
  ],
});

/** 签到点 (sign_place): an island / checkpoint, on a great line at `lineSort`. */
export const signPlaceEntity = defineEntity({
  key: 'signPlace',
  title: '签到点',
  api: '/book/signPlace',
  table: 'sign_place',
  perm: 'signPlace',
  menu: { group: 'game', name: '签到点', url: '/game/signPlace', component: 'game/SignPlaceList', sort: 5 },
  defaultSort: { prop: 'lineSort', order: 'asc' },
  fields: [
    { prop: 'placeNo', label: '签到点编号', type: 'string', filter: 'like', sort: true, required: true, unique: true, maxLength: 32 },
    { prop: 'placeName', label: '签到点名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'placeType', label: '类型', type: 'number', dict: 'sign_place_type', filter: 'eq' },
    { prop: 'greatLineId', label: '伟大航路', type: 'string', dict: VENUE_DICTS.greatLine, ref: VENUE_OPTION_LISTS.greatLine, filter: 'eq', maxLength: 32 },
    { prop: 'lineSort', label: '航路顺序', type: 'number', sort: true },
    { prop: 'nfcCode', label: 'NFC编码', type: 'string', filter: 'like', unique: true, maxLength: 64 },
    { prop: 'qrCode', label: '二维码', type: 'string', maxLength: 255, list: false },
    { prop: 'longitude', label: '经度', type: 'number', list: false },
    { prop: 'latitude', label: '纬度', type: 'number', list: false },
    { prop: 'address', label: '地址', type: 'string', maxLength: 255, list: false },
    { prop: 'pictures', label: '图片', type: 'string', widget: 'images', maxLength: 1000, excel: false },
    { prop: 'intro', label: '介绍', type: 'text', widget: 'editor', list: false, excel: false },
    { prop: 'signScore', label: '签到积分', type: 'number', sort: true },
    { prop: 'questionCount', label: '题目数', type: 'number' },
    { prop: 'openTime', label: '开放时间', type: 'string', maxLength: 8, list: false, format: 'time' },
    { prop: 'closeTime', label: '关闭时间', type: 'string', maxLength: 8, list: false, format: 'time' },
    { prop: 'status', label: '状态', type: 'number', dict: 'valid_status', filter: 'eq' },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false, excel: false },
  ],
});

/** 手环管理 (bracelet): NFC bracelets; bound to one player at a time. */
export const braceletEntity = defineEntity({
  key: 'bracelet',
  title: '手环',
  api: '/bracelet/bracelet',
  table: 'bracelet',
  perm: 'bracelet',
  menu: { group: 'game', name: '手环管理', url: '/game/bracelet', component: 'game/BraceletList', sort: 7 },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'braceletNo', label: '手环编号', type: 'string', filter: 'like', sort: true, required: true, unique: true, maxLength: 32 },
    { prop: 'nfcUid', label: 'NFC芯片号', type: 'string', filter: 'like', unique: true, maxLength: 64 },
    { prop: 'color', label: '颜色', type: 'string', maxLength: 20 },
    { prop: 'userId', label: '绑定用户', type: 'string', dict: VENUE_DICTS.user, ref: VENUE_OPTION_LISTS.user, filter: 'eq', unique: true, maxLength: 32 },
    { prop: 'bindTime', label: '绑定时间', type: 'datetime', form: false, sort: true },
    { prop: 'unbindTime', label: '解绑时间', type: 'datetime', form: false },
    { prop: 'status', label: '状态', type: 'number', dict: 'bracelet_status', filter: 'eq', sort: true },
    { prop: 'remark', label: '备注', type: 'string', maxLength: 255, list: false },
    { prop: 'createTime', label: '创建时间', type: 'datetime', filter: 'range', sort: true, form: false, excel: false },
  ],
});
