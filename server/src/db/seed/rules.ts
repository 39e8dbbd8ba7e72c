import { md5 } from './menus.js';

/**
 * The check rules and fill rules of the original's data (jeecg-schema §2): check rules `common` and `test`, fill
 * rules `shop_order_num`, `org_num_role` and `category_code_rule` (rule_class = a built-in generator's key).
 */
const J = JSON.stringify;

export const SEED_CHECK_RULES = [
  {
    id: md5('checkRule:common'),
    rule_name: '通用编码规则',
    rule_code: 'common',
    rule_json: J([
      { digits: '1', pattern: '^[a-z|A-Z]$', message: '第一位只能是字母' },
      { digits: '*', pattern: '^[0-9|a-z|A-Z|_]{0,}$', message: '只能填写数字、大小写字母、下划线' },
      { digits: '*', pattern: '^.{3,}$', message: '最少输入3位数' },
      { digits: '*', pattern: '^.{3,12}$', message: '最多输入12位数' },
    ]),
    rule_description: '规则：1、首位只能是字母；2、只能填写数字、大小写字母、下划线；3、最少3位数，最多12位数。',
  },
  {
    id: md5('checkRule:test'),
    rule_name: '负责的功能测试',
    rule_code: 'test',
    rule_json: J([
      { digits: '*', pattern: '^.{3,12}$', message: '只能输入3-12位字符' },
      { digits: '3', pattern: '^\\d{3}$', message: '前3位必须是数字' },
      { digits: '*', pattern: '^[^pP]*$', message: '不能输入P' },
      { digits: '4', pattern: '^@{4}$', message: '第4-7位必须都为 @' },
      { digits: '2', pattern: '^#=$', message: '第8-9位必须是 #=' },
      { digits: '1', pattern: '^O$', message: '第10位必须为大写的O' },
      { digits: '*', pattern: '^.*。$', message: '必须以。结尾' },
    ]),
    rule_description: '包含长度校验、特殊字符校验等',
  },
];

export const SEED_FILL_RULES = [
  {
    id: md5('fillRule:shop_order_num'),
    rule_name: '订单流水号',
    rule_code: 'shop_order_num',
    rule_class: 'OrderNumberRule',
    rule_params: J({ prefix: 'CN', digits: 6 }),
  },
  {
    id: md5('fillRule:org_num_role'),
    rule_name: '机构编码生成',
    rule_code: 'org_num_role',
    rule_class: 'OrgCodeRule',
    rule_params: J({ parentId: md5('depart:A01') }) /* DEPART_IDS.A01, 海盗王乐园 */,
  },
  {
    id: md5('fillRule:category_code_rule'),
    rule_name: '分类字典编码生成',
    rule_code: 'category_code_rule',
    rule_class: 'CategoryCodeRule',
    rule_params: J({ pid: '' }),
  },
];
