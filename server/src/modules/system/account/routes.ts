import type { FastifyInstance } from 'fastify';
import { SIGNED_IN } from '../../../core/access/guard.js';
import { BizError } from '../../../core/envelope/errors.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { bodyObject } from '../../../core/http/jsonBody.js';
import { bodyOf, bool, int, queryOf, text } from '../../../core/http/routeSchemas.js';
import { intParam, queryParams } from '../../../core/query/index.js';
import { checkProfile, emailTaken, endOtherSessions, ownOperations, ownProfile, ownSessions, ownSettings, saveProfile, saveSettings } from './service.js';
import { ACCOUNT_MSG, checkSettings } from './settings.js';

const PROFILE_BODY = bodyOf({
  realname: '姓名',
  avatar: '头像（上传接口返回的路径）',
  email: '电子邮件',
  birthday: '生日 yyyy-MM-dd',
  sex: int('性别：1 男，2 女'),
});

const SETTINGS_BODY = bodyOf({
  navTheme: text('整体风格：dark / light'),
  primaryColor: text('主题色 #RRGGBB'),
  layoutMode: text('导航模式：sidemenu / topmenu'),
  contentWidth: text('内容区域宽度：Fixed / Fluid'),
  fixedHeader: bool('固定顶栏'),
  autoHideHeader: bool('下滑时隐藏顶栏'),
  fixSiderbar: bool('固定侧边菜单'),
  colorWeak: bool('色弱模式'),
  multipage: bool('多页签模式'),
  noticeAnnouncement: bool('接收通知公告'),
  noticeSystem: bool('接收系统消息'),
  noticeVoice: bool('语音播报'),
});

/**
 * 个人中心 / 个人设置 (issue 14 point 6): the signed-in user's own account, for any signed-in user (SIGNED_IN), always
 * on the caller's own row from the session. 基本设置 has its own endpoint instead of opening `/sys/user/edit` (user:edit)
 * to everyone: it writes only realname, avatar, email, birthday and sex, and ignores every other property.
 */
export async function accountModule(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get('/sys/user/account/profile', { config: SIGNED_IN }, async (req) => ok(await ownProfile(ctx, req.user!)));

  for (const method of ['PUT', 'POST'] as const)
    app.route({
      method,
      url: '/sys/user/account/profile',
      config: { ...SIGNED_IN, log: { content: '个人设置-基本设置', operateType: 3 } },
      schema: { body: PROFILE_BODY },
      handler: async (req) => {
        const edit = checkProfile(bodyObject(req.body));
        if (edit.email && (await emailTaken(ctx, req.user!, edit.email))) throw new BizError(ACCOUNT_MSG.emailTaken);
        const userInfo = await saveProfile(ctx, req.user!, edit);
        return { ...okMsg(ACCOUNT_MSG.profileSaved), result: userInfo };
      },
    });

  app.get('/sys/user/account/settings', { config: SIGNED_IN }, async (req) => ok(await ownSettings(ctx, req.user!)));

  for (const method of ['PUT', 'POST'] as const)
    app.route({
      method,
      url: '/sys/user/account/settings',
      // the drawer saves each switch as it is flipped: kept out of the operation log
      config: { ...SIGNED_IN, log: false },
      schema: { body: SETTINGS_BODY },
      bodyLimit: 4096,
      handler: async (req) => {
        const checked = checkSettings(req.body);
        if ('error' in checked) throw new BizError(checked.error);
        await saveSettings(ctx, req.user!, checked.values);
        return { ...okMsg(ACCOUNT_MSG.settingsSaved), result: await ownSettings(ctx, req.user!) };
      },
    });

  app.get('/sys/user/account/operations', { config: SIGNED_IN, schema: { querystring: queryOf({ limit: '条数（默认10，最多50）' }) } }, async (req) => {
    const limit = Math.min(50, Math.max(1, intParam(queryParams(req), 'limit', 10)));
    await app.oplog.flush();
    return ok(await ownOperations(ctx, req.user!, limit));
  });

  app.get('/sys/user/account/sessions', { config: SIGNED_IN }, async (req) => ok(await ownSessions(ctx, req.user!)));

  app.post(
    '/sys/user/account/sessions/endOthers',
    { config: { ...SIGNED_IN, log: { content: '个人设置-退出其他会话', operateType: 4 } }, schema: { body: bodyOf({}, { optional: true }) } },
    async (req) => {
      const n = await endOtherSessions(ctx, req.user!);
      return { ...okMsg(ACCOUNT_MSG.othersEnded(n)), result: { ended: n } };
    },
  );
}
