import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { buildApp } from './app.js';
import { prepareContext, writeInitialAdminPassword } from './bootstrap.js';
import { seedDemoVenue } from './db/seed/demo/venue.js';

/** The only file with process side effects: read config, prepare, listen, shut down on signals. */
async function main(): Promise<void> {
  // Start-up steps since the process started (the modules' loading is the first), logged with 'listening': wall
  // time and this process's CPU time (all threads), which a busy machine stretches far less (docs/PERFORMANCE.md).
  const steps: Record<string, { ms: number; cpuMs: number }> = {};
  let last = 0;
  let lastCpu = 0;
  const step = (name: string) => {
    const at = performance.now();
    const u = process.cpuUsage();
    const cpu = (u.user + u.system) / 1000;
    steps[name] = { ms: Math.round(at - last), cpuMs: Math.round(cpu - lastCpu) };
    last = at;
    lastCpu = cpu;
  };
  step('modules');
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`配置错误: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const prepared = await prepareContext(config);
  step('prepare');
  if (prepared.generatedAdminPassword) {
    const file = writeInitialAdminPassword(config.dataDir, prepared.generatedAdminPassword);
    const line = '='.repeat(64);
    process.stdout.write(
      `\n${line}\n  初始管理员账号 / initial admin account\n  用户名 username: admin\n  密码   password: ${prepared.generatedAdminPassword}\n` +
        `  (只显示一次 / shown once; also saved to ${file}, mode 600)\n${line}\n\n`,
    );
  }

  const app = await buildApp(prepared.ctx, { scheduler: { enabled: true } });
  step('buildApp');
  // The demo venue (SEED_DEMO=on): built once, before the server listens (its season runs on the demo clock).
  if (config.seedDemo) await seedDemoVenue(app);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await prepared.close();
      process.exit(0);
    } catch (err) {
      app.log.error(err, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ host: config.host, port: config.port });
  step('listen');
  // the launcher (server/launcher.mjs) writes V8's code cache of this start once it is listening
  process.emit('pk:listening' as 'beforeExit', 0);
  app.log.info({ startSteps: steps, startMs: Math.round(last) }, `海盗王后台管理系统 listening on ${address}/ (API prefix ${config.apiPrefix || '/'})`);
}

main().catch((err: unknown) => {
  process.stderr.write(`启动失败: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
