import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * The demo venue's master data (issue 13 point 11, `SEED_DEMO=on`): plain, deterministic data arrays (a seeded
 * PRNG, ids derived from stable names), so two runs — or two nodes — build the same venue. The runner (venue.ts)
 * inserts them and then plays a season through the game's services.
 */

/** mulberry32: a small deterministic PRNG; `rand()` in [0, 1). */
export function prng(seed: number): { rand: () => number; int: (lo: number, hi: number) => number; pick: <T>(a: readonly T[]) => T } {
  let a = seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = <T>(arr: readonly T[]): T => arr[Math.floor(rand() * arr.length)];
  return { rand, int, pick };
}

/** A stable 32-character id for a demo row (`demo:{kind}:{key}`), never colliding with snowflake ids (hex, 32). */
export function demoId(kind: string, key: string | number): string {
  return createHash('md5').update(`demo:${kind}:${key}`).digest('hex');
}

export const DEMO_SEED = 20261125;
export const DEMO_PLAYER_COUNT = 300;
export const DEMO_BRACELET_COUNT = 120;
export const DEMO_PHONE_BASE = 13800000000;
export const DEMO_BY = 'demo';

const SURNAMES = ['路', '索', '娜', '乌', '山', '乔', '罗', '弗', '布', '甚', '艾', '萨', '香', '汉', '薇', '克', '贝', '拉', '莫', '基'];
const SYLLABLES = [
  '飞',
  '隆',
  '美',
  '索',
  '治',
  '巴',
  '宾',
  '兰',
  '鲁',
  '平',
  '斯',
  '波',
  '奇',
  '德',
  '尔',
  '卡',
  '洛',
  '特',
  '娃',
  '雅',
  '琳',
  '明',
  '浩',
  '霞',
  '天',
  '海',
  '风',
  '星',
  '月',
  '辰',
];
const TITLES = ['', '', '', '船长', '小', '阿', '大'];

export interface DemoPlayer {
  id: string;
  nickname: string;
  real_name: string;
  phone: string;
  sex: number;
  birthday: string;
  avatar: string;
}

export interface DemoBracelet {
  id: string;
  bracelet_no: string;
  nfc_uid: string;
  color: string;
}

export interface DemoLine {
  id: string;
  line_code: string;
  line_name: string;
  difficulty: number;
  estimated_minutes: number;
  intro: string;
  cover_image: string;
  places: DemoPlace[];
}

export interface DemoPlace {
  id: string;
  place_no: string;
  place_name: string;
  place_type: number;
  line_sort: number;
  nfc_code: string;
  sign_score: number;
  intro: string;
  pictures: string;
  longitude: number;
  latitude: number;
}

export interface DemoQuestion {
  id: string;
  question_type: number;
  title: string;
  options: string | null;
  answer: string;
  analysis: string;
  score: number;
  difficulty: number;
  category: string;
  sign_place_id: string | null;
  /** A wrong answer the simulation gives sometimes. */
  wrong: string;
}

export interface DemoChest {
  id: string;
  chest_no: string;
  chest_name: string;
  chest_type: number;
  sign_place_id: string;
  nfc_code: string;
  unlock_type: number;
  unlock_value: string | null;
  reward_type: number;
  reward_value: number;
  total_count: number;
  picture: string;
}

export interface DemoTask {
  id: string;
  task_code: string;
  task_name: string;
  task_type: number;
  target_id: string | null;
  target_count: number;
  cycle: number;
  reward_score: number;
  reward_bounty: number;
}

export interface DemoHonor {
  id: string;
  honor_code: string;
  honor_name: string;
  intro: string;
  condition_type: number;
  condition_value: number;
  reward_score: number;
  icon: string;
}

export interface DemoGoods {
  id: string;
  goods_no: string;
  goods_name: string;
  category_code: string;
  price: number;
  score_price: number;
  pay_type: number;
  stock: number;
  limit_per_user: number | null;
  cover_image: string;
  intro: string;
}

/**
 * Images the demo writes under `{DATA_DIR}/upload/demo/` (served by /sys/common/static/, no outside host). PNG:
 * the static route serves SVG as octet-stream on purpose (no script in our origin), so an <img> would not show it.
 */
export const DEMO_IMAGES = {
  island: (i: number) => `demo/island-${i % 6}.png`,
  ship: (i: number) => `demo/ship-${i % 4}.png`,
  chest: (i: number) => `demo/chest-${i % 4}.png`,
  honor: (i: number) => `demo/honor-${i % 4}.png`,
  goods: (i: number) => `demo/goods-${i % 6}.png`,
  banner: (i: number) => `demo/banner-${i % 3}.png`,
  avatar: (i: number) => `demo/avatar-${i % 6}.png`,
};

const PALETTE: Array<[number, number, number]> = [
  [22, 119, 255],
  [250, 140, 22],
  [82, 196, 26],
  [235, 47, 150],
  [114, 46, 209],
  [19, 194, 194],
];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A small PNG: a coloured card with a lighter disc (kind-dependent position), RGB 8-bit. */
export function demoPng(width: number, height: number, [r, g, b]: [number, number, number], disc: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const cx = width * (0.3 + 0.4 * (disc % 2)),
    cy = height * 0.5,
    rad = Math.min(width, height) * (0.22 + 0.04 * (disc % 3));
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const inDisc = (x - cx) ** 2 + (y - cy) ** 2 < rad * rad;
      const o = row + 1 + x * 3;
      raw[o] = inDisc ? 255 - ((255 - r) >> 2) : r;
      raw[o + 1] = inDisc ? 255 - ((255 - g) >> 2) : g;
      raw[o + 2] = inDisc ? 255 - ((255 - b) >> 2) : b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The PNG files behind DEMO_IMAGES: [relative path, content]. */
export function demoImageFiles(): Array<[string, Buffer]> {
  const out: Array<[string, Buffer]> = [];
  const counts: Record<string, number> = { island: 6, ship: 4, chest: 4, honor: 4, goods: 6, banner: 3, avatar: 6 };
  for (const [kind, n] of Object.entries(counts)) {
    for (let i = 0; i < n; i++) {
      const wide = kind === 'banner';
      out.push([`demo/${kind}-${i}.png`, demoPng(wide ? 640 : 160, 160, PALETTE[(i + kind.length) % PALETTE.length], i)]);
    }
  }
  return out;
}

export function demoPlayers(): DemoPlayer[] {
  const r = prng(DEMO_SEED);
  const seen = new Set<string>();
  const out: DemoPlayer[] = [];
  for (let i = 0; out.length < DEMO_PLAYER_COUNT; i++) {
    let nick = `${r.pick(TITLES)}${r.pick(SURNAMES)}${r.pick(SYLLABLES)}${r.rand() < 0.5 ? r.pick(SYLLABLES) : ''}`;
    if (seen.has(nick)) nick = `${nick}${out.length}`;
    seen.add(nick);
    const year = r.int(1975, 2015);
    const month = String(r.int(1, 12)).padStart(2, '0');
    const day = String(r.int(1, 28)).padStart(2, '0');
    out.push({
      id: demoId('user', out.length),
      nickname: nick,
      real_name: `${r.pick(SURNAMES)}${r.pick(SYLLABLES)}${r.pick(SYLLABLES)}`,
      phone: String(DEMO_PHONE_BASE + out.length),
      sex: r.rand() < 0.5 ? 1 : 2,
      birthday: `${year}-${month}-${day}`,
      avatar: DEMO_IMAGES.avatar(out.length),
    });
  }
  return out;
}

export function demoBracelets(): DemoBracelet[] {
  const colors = ['红', '蓝', '绿', '黄', '紫'];
  return Array.from({ length: DEMO_BRACELET_COUNT }, (_, i) => ({
    id: demoId('bracelet', i),
    bracelet_no: `SH${String(i + 1).padStart(4, '0')}`,
    nfc_uid: `04A1${(0x100000 + i * 7919).toString(16).toUpperCase().padStart(8, '0')}`,
    color: colors[i % colors.length],
  }));
}

const LINE_SPECS: Array<{ code: string; name: string; difficulty: number; minutes: number; intro: string; places: string[] }> = [
  {
    code: 'LINE-EAST',
    name: '东海启航线',
    difficulty: 1,
    minutes: 60,
    intro: '从风车村出发，穿过东海诸岛，适合第一次出海的新手海贼团。',
    places: ['风车村', '橘子镇', '西罗布村', '海上餐厅巴拉蒂', '可可亚西村', '罗格镇'],
  },
  {
    code: 'LINE-PARADISE',
    name: '乐园前半段',
    difficulty: 2,
    minutes: 90,
    intro: '进入伟大航路前半段：沙漠王国、空岛与水之都，题目更难，宝箱更多。',
    places: ['双子岬', '威士忌山峰', '阿拉巴斯坦', '空岛', '水之七岛', '司法岛', '恐怖三桅帆船'],
  },
  {
    code: 'LINE-NEWWORLD',
    name: '新世界航线',
    difficulty: 3,
    minutes: 120,
    intro: '从香波地群岛下潜至鱼人岛，再闯德雷斯罗萨与和之国，只为勇者准备。',
    places: ['香波地群岛', '鱼人岛', '庞克哈萨德', '德雷斯罗萨', '佐乌', '万国', '和之国', '拉夫德鲁'],
  },
];

export function demoLines(): DemoLine[] {
  const r = prng(DEMO_SEED + 1);
  let placeSeq = 0;
  return LINE_SPECS.map((spec, li) => ({
    id: demoId('line', spec.code),
    line_code: spec.code,
    line_name: spec.name,
    difficulty: spec.difficulty,
    estimated_minutes: spec.minutes,
    intro: `<p>${spec.intro}</p>`,
    cover_image: DEMO_IMAGES.banner(li),
    places: spec.places.map((name, pi) => {
      placeSeq++;
      const last = pi === spec.places.length - 1;
      return {
        id: demoId('place', `${spec.code}:${pi}`),
        place_no: `P${String(placeSeq).padStart(3, '0')}`,
        place_name: name,
        place_type: pi === 0 || last ? 5 : pi % 3 === 2 ? 3 : pi % 3 === 1 ? 2 : 1,
        line_sort: pi + 1,
        nfc_code: `NFC-P${String(placeSeq).padStart(3, '0')}`,
        sign_score: 5 * spec.difficulty + (pi % 3) * 5,
        intro: `<p>${name}：${spec.name}第 ${pi + 1} 站。</p>`,
        pictures: [DEMO_IMAGES.island(placeSeq), DEMO_IMAGES.island(placeSeq + 1)].join(','),
        longitude: Number((121.47 + r.rand() / 100).toFixed(6)),
        latitude: Number((31.23 + r.rand() / 100).toFixed(6)),
      };
    }),
  }));
}

/** [title, type, options, answer, wrong, analysis] — single (1), multiple (2), true/false (3), fill-in (4). */
const QUESTION_SPECS: Array<[string, number, string[] | null, string, string, string]> = [
  ['路飞吃下的恶魔果实是？', 1, ['橡胶果实', '烧烧果实', '冰冻果实', '暗暗果实'], 'A', 'B', '路飞吃下的是橡胶果实（人人果实·幻兽种·尼卡形态）。'],
  ['索隆的梦想是成为？', 1, ['海贼王', '世界第一大剑豪', '海军大将', '厨师'], 'B', 'A', '索隆向克伊娜发誓要成为世界第一大剑豪。'],
  ['娜美的职务是？', 1, ['狙击手', '航海士', '船医', '音乐家'], 'B', 'C', '娜美是草帽海贼团的航海士。'],
  ['山治来自哪片海？', 1, ['东海', '北海', '西海', '南海'], 'B', 'A', '山治出生于北海的杰尔马王国。'],
  ['乔巴吃下的是哪种果实？', 1, ['人人果实', '狗狗果实', '鸟鸟果实', '猫猫果实'], 'A', 'B', '乔巴是吃了人人果实的驯鹿。'],
  ['草帽海贼团的第一艘船叫？', 1, ['千阳号', '黄金梅利号', '奥罗·杰克逊号', '白鲸号'], 'B', 'A', '可雅赠送的黄金梅利号。'],
  ['伟大航路的入口是？', 1, ['颠倒山', '红土大陆', '无风带', '香波地群岛'], 'A', 'D', '船只从颠倒山进入伟大航路。'],
  ['鱼人岛位于海面下多少米？', 1, ['1000米', '5000米', '10000米', '20000米'], 'C', 'B', '鱼人岛位于海面下一万米。'],
  ['德雷斯罗萨的国王曾是？', 1, ['多弗朗明哥', '克洛克达尔', '艾尼路', '莫利亚'], 'A', 'B', '唐吉诃德·多弗朗明哥曾统治德雷斯罗萨。'],
  ['罗格镇是哪位海贼王的出生与处刑之地？', 1, ['罗杰', '白胡子', '香克斯', '巴基'], 'A', 'C', '哥尔·D·罗杰在罗格镇出生与处刑。'],
  ['以下哪些是草帽海贼团成员？', 2, ['路飞', '索隆', '巴基', '乌索普'], 'A,B,D', 'A,B', '巴基是小丑海贼团船长。'],
  ['以下哪些是四皇？', 2, ['白胡子', '香克斯', '凯多', '米霍克'], 'A,B,C', 'A,D', '米霍克是七武海。'],
  ['以下哪些是霸气的种类？', 2, ['见闻色', '武装色', '霸王色', '恶魔色'], 'A,B,C', 'A,D', '霸气分为见闻色、武装色、霸王色。'],
  ['以下哪些岛屿属于新世界？', 2, ['德雷斯罗萨', '和之国', '阿拉巴斯坦', '佐乌'], 'A,B,D', 'B,C', '阿拉巴斯坦在伟大航路前半段。'],
  ['以下哪些是恶魔果实种类？', 2, ['自然系', '动物系', '超人系', '机械系'], 'A,B,C', 'C,D', '恶魔果实分为自然系、动物系、超人系。'],
  ['以下哪些是海军大将？', 2, ['赤犬', '青雉', '黄猿', '克比'], 'A,B,C', 'A,D', '克比是海军上校。'],
  ['路飞的爷爷是海军英雄卡普。', 3, null, 'true', 'false', '蒙奇·D·卡普是路飞的爷爷。'],
  ['索隆是路飞的第一个伙伴。', 3, null, 'true', 'false', '索隆是第一个加入的伙伴。'],
  ['娜美会游泳，吃过恶魔果实。', 3, null, 'false', 'true', '娜美没有吃过恶魔果实。'],
  ['千阳号是弗兰奇建造的。', 3, null, 'true', 'false', '弗兰奇用宝树亚当建造了千阳号。'],
  ['空岛位于海平面以下。', 3, null, 'false', 'true', '空岛在万米高空的白海之上。'],
  ['布鲁克是一副骷髅。', 3, null, 'true', 'false', '布鲁克吃了黄泉果实。'],
  ['司法岛被草帽海贼团攻陷过。', 3, null, 'true', 'false', '为救罗宾，草帽海贼团向世界政府宣战。'],
  ['香波地群岛由红树组成。', 3, null, 'true', 'false', '香波地群岛由79棵亚尔其曼红树组成。'],
  ['鱼人岛的公主叫白星。', 3, null, 'true', 'false', '白星公主是海王类的波塞冬。'],
  ['和之国的将军是光月御田。', 3, null, 'false', 'true', '御田是光月家大名，将军是黑炭大蛇（后被推翻）。'],
  ['草帽海贼团的狙击手是____。', 4, null, '乌索普', '山治', '乌索普是狙击手。'],
  ['罗宾吃下的恶魔果实是____果实。', 4, null, '花花', '暗暗', '罗宾吃的是花花果实。'],
  ['弗兰奇的身份是____。', 4, null, '船匠', '船医', '弗兰奇是船匠。'],
  ['路飞的帽子原本属于____。', 4, null, '香克斯', '罗杰', '帽子是香克斯托付的。'],
  ['阿拉巴斯坦的公主是____。', 4, null, '薇薇', '白星', '娜菲鲁塔丽·薇薇。'],
  ['梅利号的设计者是____。', 4, null, '梅利', '弗兰奇', '管家梅利设计了梅利号。'],
  ['最终宝藏的名字是____。', 4, null, 'ONE PIECE', 'GOLD', '大秘宝 ONE PIECE。'],
  ['海贼王罗杰的船叫____号。', 4, null, '奥罗·杰克逊', '千阳', '奥罗·杰克逊号。'],
  ['草帽海贼团的音乐家是谁？', 1, ['布鲁克', '乌索普', '甚平', '罗宾'], 'A', 'D', '布鲁克是音乐家。'],
  ['甚平的职务是？', 1, ['舵手', '船医', '厨师', '考古学家'], 'A', 'D', '甚平是舵手。'],
  ['以下哪些人物使用三刀流？', 2, ['索隆', '米霍克', '路飞', '山治'], 'A', 'A,B', '三刀流是索隆的招牌。'],
  ['罗宾的职务是？', 1, ['考古学家', '航海士', '船匠', '狙击手'], 'A', 'B', '罗宾是考古学家，能读懂历史正文。'],
  ['拉夫德鲁是伟大航路的最后一座岛。', 3, null, 'true', 'false', '罗杰将其命名为拉夫德鲁。'],
  ['山治的招牌料理是____。', 4, null, '海鲜饭', '咖喱', '巴拉蒂出身的山治擅长海鲜料理。'],
];

export function demoQuestions(lines: DemoLine[]): DemoQuestion[] {
  const places = lines.flatMap((l) => l.places);
  return QUESTION_SPECS.map(([title, type, opts, answer, wrong, analysis], i) => ({
    id: demoId('question', i),
    question_type: type,
    title,
    options: opts ? JSON.stringify(opts.map((text, k) => ({ key: String.fromCharCode(65 + k), text }))) : null,
    answer,
    analysis: `<p>${analysis}</p>`,
    score: type === 2 ? 15 : 10,
    difficulty: 1 + (i % 3),
    category: ['人物', '岛屿', '常识'][i % 3],
    // Every place gets questions: question i belongs to place i mod places (two per place on average).
    sign_place_id: places[i % places.length].id,
    wrong,
  }));
}

export function demoChests(lines: DemoLine[]): DemoChest[] {
  const places = lines.flatMap((l) => l.places);
  const names = [
    '东海木箱',
    '橘子宝盒',
    '巴拉蒂银箱',
    '沙漠金箱',
    '空岛黄金钟',
    '水都银箱',
    '司法岛密箱',
    '香波地泡泡箱',
    '鱼人岛珊瑚箱',
    '德雷斯罗萨玩具箱',
    '和之国御田箱',
    '拉夫德鲁传说箱',
  ];
  return names.map((name, i) => {
    const place = places[(i * 2 + 1) % places.length];
    const type = i === names.length - 1 ? 4 : 1 + (i % 3);
    // Unlock: mostly a tap; one by password, one by spending score (the simulation knows both).
    const unlock = i === 3 ? 2 : i === 6 ? 4 : 1;
    return {
      id: demoId('chest', i),
      chest_no: `BX${String(i + 1).padStart(3, '0')}`,
      chest_name: name,
      chest_type: type,
      sign_place_id: place.id,
      nfc_code: `NFC-BX${String(i + 1).padStart(3, '0')}`,
      unlock_type: unlock,
      unlock_value: unlock === 2 ? 'ONEPIECE' : unlock === 4 ? '20' : null,
      reward_type: i % 4 === 3 ? 4 : 1,
      reward_value: i % 4 === 3 ? 50000 : 10 * type,
      // A few chests run out during the season (status 2 已开完).
      total_count: i % 5 === 0 ? 15 : 500,
      picture: DEMO_IMAGES.chest(i),
    };
  });
}

export function demoTasks(lines: DemoLine[]): DemoTask[] {
  const first = lines[0].places[0];
  const t = (i: number, name: string, type: number, target: string | null, count: number, cycle: number, score: number): DemoTask => ({
    id: demoId('task', i),
    task_code: `TASK${String(i + 1).padStart(3, '0')}`,
    task_name: name,
    task_type: type,
    target_id: target,
    target_count: count,
    cycle,
    reward_score: score,
    reward_bounty: score * 1000,
  });
  return [
    t(0, '初次登船：在风车村签到', 1, first.id, 1, 0, 10),
    t(1, '每日打卡三座岛', 1, null, 3, 1, 15),
    t(2, '本场签到五座岛', 1, null, 5, 3, 30),
    t(3, '每周环游十座岛', 1, null, 10, 2, 50),
    t(4, '答对三道题', 2, null, 3, 3, 20),
    t(5, '每日答题达人（答对五题）', 2, null, 5, 1, 30),
    t(6, '开启第一个宝箱', 3, null, 1, 0, 10),
    t(7, '本场开两个宝箱', 3, null, 2, 3, 20),
    t(8, '博学海贼（累计答对二十题）', 2, null, 20, 0, 100),
    t(9, '寻宝猎人（累计开十个宝箱）', 3, null, 10, 0, 100),
  ];
}

export function demoHonors(): DemoHonor[] {
  const h = (i: number, name: string, intro: string, type: number, value: number, score: number): DemoHonor => ({
    id: demoId('honor', i),
    honor_code: `HONOR${String(i + 1).padStart(2, '0')}`,
    honor_name: name,
    intro,
    condition_type: type,
    condition_value: value,
    reward_score: score,
    icon: DEMO_IMAGES.honor(i),
  });
  return [
    h(0, '初出茅庐', '累计获得 50 积分', 1, 50, 5),
    h(1, '超新星', '累计获得 300 积分', 1, 300, 20),
    h(2, '悬赏之星', '累计获得 1000 积分', 1, 1000, 50),
    h(3, '航海家', '签到 5 个地点', 2, 5, 10),
    h(4, '环游世界', '签到 15 个地点', 2, 15, 30),
    h(5, '博学者', '答对 10 道题', 3, 10, 20),
    h(6, '寻宝者', '开启 3 个宝箱', 4, 3, 15),
    h(7, '最佳船员', '工作人员手动授予', 6, 0, 30),
  ];
}

export function demoGoods(): DemoGoods[] {
  const g = (
    i: number,
    name: string,
    cat: string,
    price: number,
    score: number,
    pay: number,
    stock: number,
    limit: number | null,
    intro: string,
  ): DemoGoods => ({
    id: demoId('goods', i),
    goods_no: `G${String(i + 1).padStart(4, '0')}`,
    goods_name: name,
    category_code: cat,
    price,
    score_price: score,
    pay_type: pay,
    stock,
    limit_per_user: limit,
    cover_image: DEMO_IMAGES.goods(i),
    intro: `<p>${intro}</p>`,
  });
  return [
    g(0, '草帽', 'A02A02', 49, 0, 1, 200, null, '路飞同款草帽，可调节帽围。'),
    g(1, '海贼旗徽章', 'A02A03', 0, 30, 2, 500, 5, '用积分兑换的金属徽章。'),
    g(2, '三刀流木刀套装', 'A02A01', 129, 0, 1, 80, 2, '儿童安全木刀三把。'),
    g(3, '恶魔果实软糖', 'A02A03', 0, 20, 2, 1000, 10, '橡胶果实口味软糖（真的不会变橡胶）。'),
    g(4, '千阳号模型', 'A02A03', 199, 200, 3, 30, 1, '现金 + 积分购买的拼装模型。'),
    g(5, '悬赏令定制', 'A02A03', 0, 80, 2, 300, 3, '印有你的头像和悬赏金的悬赏令。'),
    g(6, '航海图海报', 'A02A03', 29, 0, 1, 150, null, '伟大航路全图海报。'),
    g(7, '乔巴毛绒公仔', 'A02A03', 89, 0, 1, 60, 2, '柔软的乔巴公仔。'),
    g(8, '索隆刀穗挂件', 'A02A01', 0, 50, 2, 200, 3, '和道一文字刀穗。'),
    g(9, '娜美天候棒（玩具）', 'A02A01', 69, 30, 3, 40, 1, '可伸缩的天候棒玩具。'),
    g(10, '山治特调饮料', 'A02A03', 18, 0, 1, 999, null, '海上餐厅特调果汁。'),
    g(11, '限量金宝箱钥匙扣', 'A02A03', 0, 150, 2, 12, 1, '限量十二个，兑完即止。'),
    g(12, '海军披风', 'A02A02', 99, 0, 1, 50, 1, '正义二字披风。'),
    g(13, '船长帽', 'A02A02', 59, 0, 1, 100, null, '船长专属。'),
    g(14, '积分抽奖券', 'A02A03', 0, 10, 2, 2000, 20, '每张可参与一次抽奖。'),
  ];
}

export const DEMO_POLICIES: Array<{ key: string; policy_type: number; title: string; version: string; content: string }> = [
  { key: 'agreement', policy_type: 1, title: '海盗王乐园用户协议', version: '1.0', content: '<p>欢迎登船！使用本乐园服务即表示你同意遵守航海守则。</p>' },
  { key: 'privacy', policy_type: 2, title: '隐私政策', version: '1.0', content: '<p>我们只收集预约与游戏所需的昵称、手机号与游戏记录。</p>' },
  { key: 'rules', policy_type: 3, title: '游戏规则', version: '1.0', content: '<p>佩戴手环在各岛签到、答题、开宝箱即可获得积分与悬赏金。</p>' },
  { key: 'rules2', policy_type: 3, title: '游戏规则（新版）', version: '1.1', content: '<p>新增新世界航线与传说宝箱；积分可兑换商品。</p>' },
  { key: 'refund', policy_type: 4, title: '退款政策', version: '1.0', content: '<p>未核销的订单可申请退款，积分部分即时退回。</p>' },
  { key: 'about', policy_type: 5, title: '关于我们', version: '1.0', content: '<p>海盗王乐园：一座以伟大航路为主题的沉浸式游乐场。</p>' },
];

export const DEMO_MESSAGES: Array<{ key: string; title: string; content: string; msg_type: number; target_type: number }> = [
  { key: 'welcome', title: '欢迎来到海盗王乐园', content: '<p>扬帆起航，成为海贼王吧！</p>', msg_type: 1, target_type: 1 },
  { key: 'newline', title: '新世界航线开放', content: '<p>香波地群岛至拉夫德鲁的新航线已开放预约。</p>', msg_type: 2, target_type: 1 },
  { key: 'weekend', title: '周末双倍悬赏', content: '<p>本周末签到获得双倍悬赏金。</p>', msg_type: 2, target_type: 1 },
  { key: 'rank', title: '悬赏榜周榜出炉', content: '<p>恭喜本周悬赏榜前十名的海贼！</p>', msg_type: 4, target_type: 1 },
  { key: 'order', title: '订单待核销提醒', content: '<p>你有已支付的商品尚未领取，请凭取货码到补给站领取。</p>', msg_type: 3, target_type: 2 },
];

export const DEMO_MATERIALS: Array<{ key: string; material_name: string; material_type: number; url: string }> = [
  { key: 'banner0', material_name: '首页横幅：扬帆起航', material_type: 1, url: DEMO_IMAGES.banner(0) },
  { key: 'banner1', material_name: '首页横幅：新世界', material_type: 1, url: DEMO_IMAGES.banner(1) },
  { key: 'map', material_name: '伟大航路地图', material_type: 2, url: DEMO_IMAGES.banner(2) },
  { key: 'flag0', material_name: '船旗：草帽', material_type: 3, url: DEMO_IMAGES.ship(0) },
  { key: 'flag1', material_name: '船旗：红发', material_type: 3, url: DEMO_IMAGES.ship(1) },
  { key: 'chest0', material_name: '宝箱：木箱', material_type: 4, url: DEMO_IMAGES.chest(0) },
  { key: 'chest1', material_name: '宝箱：金箱', material_type: 4, url: DEMO_IMAGES.chest(2) },
  { key: 'honor0', material_name: '荣誉图标：超新星', material_type: 5, url: DEMO_IMAGES.honor(1) },
  { key: 'goods0', material_name: '商品图：草帽', material_type: 6, url: DEMO_IMAGES.goods(0) },
  { key: 'other', material_name: '乐园 Logo', material_type: 9, url: DEMO_IMAGES.island(0) },
];

export const DEMO_SLOTS = ['10:00-12:00', '14:00-16:00', '19:00-21:00'] as const;
export const DEMO_SHIP_NAMES = [
  '黄金梅利号',
  '千阳号',
  '红色勇者号',
  '莫比迪克号',
  '奥罗·杰克逊号',
  '白鲸号',
  '诺亚方舟',
  '黑珍珠号',
  '飞翔荷兰人号',
  '海王号',
];

/** One reservation of the season plan. */
export interface DemoReservationPlan {
  key: string;
  /** Days from today (−30 … +7). */
  dayOffset: number;
  slot: string;
  /** Index of the booking player; the party is `party` (booker first). */
  party: number[];
  lineIndex: number;
  /** What happens: done (full day, checked out), sailing (today, checked in), confirmed, pending, cancelled, noShow. */
  outcome: 'done' | 'sailing' | 'confirmed' | 'pending' | 'cancelled' | 'noShow';
  shipName: string;
}

/**
 * The season: reservations over the past 30 days and the next 7, deterministic. Parties are 2–5 players, drawn
 * so that every player sails at least… most players sail once or twice and a few regulars many times.
 */
export function demoSeasonPlan(): DemoReservationPlan[] {
  const r = prng(DEMO_SEED + 7);
  const out: DemoReservationPlan[] = [];
  let seq = 0;
  // Today's sailing crews must not share a player (a player is in at most one sailing ship).
  const busyToday = new Set<number>();
  for (let day = -30; day <= 7; day++) {
    const count = day < 0 ? r.int(1, 2) : day === 0 ? 4 : r.int(1, 2);
    for (let k = 0; k < count; k++) {
      const size = r.int(2, 5);
      const party = new Set<number>();
      while (party.size < size) {
        const p = r.rand() < 0.15 ? r.int(0, 19) : r.int(0, DEMO_PLAYER_COUNT - 1);
        if (day === 0 && busyToday.has(p)) continue;
        party.add(p);
      }
      if (day === 0) for (const p of party) busyToday.add(p);
      let outcome: DemoReservationPlan['outcome'];
      if (day < 0) {
        const x = r.rand();
        outcome = x < 0.8 ? 'done' : x < 0.9 ? 'cancelled' : 'noShow';
      } else if (day === 0) outcome = k < 2 ? 'sailing' : k === 2 ? 'confirmed' : 'pending';
      else outcome = r.rand() < 0.6 ? 'confirmed' : r.rand() < 0.8 ? 'pending' : 'cancelled';
      out.push({
        key: `r${seq}`,
        dayOffset: day,
        slot: DEMO_SLOTS[(seq + k) % DEMO_SLOTS.length],
        party: [...party],
        lineIndex: r.int(0, 2),
        outcome,
        shipName: `${DEMO_SHIP_NAMES[seq % DEMO_SHIP_NAMES.length]}·${Math.floor(seq / DEMO_SHIP_NAMES.length) + 1}`,
      });
      seq++;
    }
  }
  return out;
}
