/**
 * The message templates of the original's data (jeecg-schema §2, sys_sms_template): three system-message templates
 * (type 4) with HTML bodies and the WeChat sample SYS001 (type 3) with its test JSON. Their ids are the original's.
 * sys_sms's historical rows are not seeded (jeecg-schema §2).
 */
export const SEED_MESSAGE_TEMPLATES = [
  {
    id: '1199606397416775681',
    template_name: '系统消息通知',
    template_code: 'sys_ts_note',
    template_type: '4',
    template_content: '<h1>系统通知</h1>\n<ul>\n<li>通知时间：${ts_date}</li>\n<li>通知内容：${ts_content}</li>\n</ul>',
    template_test_json: '{\n"ts_date":"2026-01-01 09:00:00",\n"ts_content":"系统将于今晚升级"\n}',
  },
  {
    id: '1199615897335095298',
    template_name: '流程催办',
    template_code: 'bpm_cuiban',
    template_type: '4',
    template_content:
      '<h1>流程催办提醒</h1>\n<ul>\n<li>流程名称：${bpm_name}</li>\n<li>催办任务：${bpm_task}</li>\n<li>催办时间：${datetime}</li>\n<li>催办内容：${remark}</li>\n</ul>',
    template_test_json: null,
  },
  {
    id: '1199648914107625473',
    template_name: '流程办理超时提醒',
    template_code: 'bpm_chaoshi_tip',
    template_type: '4',
    template_content:
      '<h1>流程办理超时提醒</h1>\n<ul>\n<li>超时提醒信息：您有待处理的超时任务，请尽快处理！</li>\n<li>超时任务标题：${title}</li>\n<li>超时任务节点：${task}</li>\n<li>任务处理人：${user}</li>\n<li>任务开始时间：${time}</li>\n</ul>',
    template_test_json: null,
  },
  {
    id: '4028608164691b000164693108140003',
    template_name: '催办：${taskName}',
    template_code: 'SYS001',
    template_type: '3',
    template_content: '${userName}，您好！\n请前往办理待办任务：${taskName}\n\n===========================\n此消息由系统发出',
    template_test_json: '{\n"taskName":"HR审批",\n"userName":"admin"\n}',
  },
];
