import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from '../src/config.js';
import { TEST_TIMEOUT_MS } from '../src/modules/system/dataSource/connectionTest.js';
import { CONNECTION_MSG } from '../src/modules/system/dataSource/refusal.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

// issue 23 points 11 and 12: the connection test sends a saved password only to its own host, user and driver, tells
// no closed port from an open one, never dials link-local or metadata addresses, and keeps to DATA_SOURCE_HOSTS.
const TEST_CONN = `${TEST_API_PREFIX}/online/cgreport/api/testConnection`;
const STORED = 'Stored-Pw-7f3a';
const PG = new URL(process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const MY = new URL(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test');
const pgForm = {
  dbType: '6',
  dbDriver: 'org.postgresql.Driver',
  dbUrl: `jdbc:postgresql://${PG.host}${PG.pathname}`,
  dbUsername: decodeURIComponent(PG.username),
};
const myDriver = { dbType: '4', dbDriver: 'com.mysql.cj.jdbc.Driver', dbUsername: decodeURIComponent(MY.username) };
const failed = (reason: string) => CONNECTION_MSG.failed(reason);
const UNREACHABLE = failed(CONNECTION_MSG.unreachable);
const FORBIDDEN = failed(CONNECTION_MSG.hostForbidden);

/** A stand-in PostgreSQL server on 127.0.0.1: asks for a cleartext password, keeps every byte, refuses the login. */
async function fakePostgres(): Promise<{ port: number; connections: number; received: () => string; close: () => Promise<void> }> {
  const chunks: Buffer[] = [];
  const sockets: net.Socket[] = [];
  const state = { connections: 0 };
  const server = net.createServer((s) => {
    state.connections++;
    sockets.push(s);
    let asked = false;
    s.on('error', () => {});
    s.on('data', (d) => {
      chunks.push(d);
      if (!asked) {
        asked = true; // the startup message: AuthenticationCleartextPassword
        s.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]));
      } else if (d[0] === 0x70) {
        const fields = Buffer.from('SFATAL\0C28P01\0Mpassword authentication failed (fake)\0\0');
        const head = Buffer.alloc(5);
        head.write('E');
        head.writeInt32BE(fields.length + 4, 1);
        s.end(Buffer.concat([head, fields]));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    get connections() {
      return state.connections;
    },
    received: () => Buffer.concat(chunks).toString('latin1'),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A listener that accepts and then never says a word (an open port of some other service, or a black hole). */
async function silentListener(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets: net.Socket[] = [];
  const server = net.createServer((s) => void sockets.push(s.on('error', () => {})));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('data-source connection test: the stored password and the network', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let h: Record<string, string>;
  const cleanups: (() => Promise<void>)[] = [];

  const test = async (form: Record<string, unknown>, a = app, headers = h) =>
    (await a.inject({ method: 'POST', url: TEST_CONN, headers, payload: form })).json() as { success: boolean; message: string };
  const add = async (code: string, form: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url: `${TEST_API_PREFIX}/sys/dataSource/add`, headers: h, payload: { code, name: code, ...form } });
    expect(res.json()).toMatchObject({ success: true });
    const list = await app.inject({ method: 'GET', url: `${TEST_API_PREFIX}/sys/dataSource/list?code=${code}`, headers: h });
    return (list.json().result.records as { id: string; code: string }[]).find((r) => r.code === code)!.id;
  };
  const fake = async () => {
    const f = await fakePostgres();
    cleanups.push(f.close);
    return f;
  };

  beforeAll(async () => {
    ({ app, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });
  afterAll(async () => close?.());

  it('a saved password never goes to another URL, user or driver: the user is asked to type it', async () => {
    const id = await add('ds_safe_pg', { ...pgForm, dbPassword: STORED });
    const f = await fake();
    const elsewhere = `jdbc:postgresql://127.0.0.1:${f.port}/x`;
    const needed = failed(CONNECTION_MSG.passwordNeeded);
    expect(await test({ ...pgForm, id, dbUrl: elsewhere, dbPassword: '' })).toMatchObject({ success: false, message: needed });
    expect(await test({ ...pgForm, id, dbUsername: 'someone_else', dbPassword: '' })).toMatchObject({ success: false, message: needed });
    expect(await test({ ...pgForm, id, dbDriver: 'org.other.Driver', dbPassword: null })).toMatchObject({ success: false, message: needed });
    const mysqlThere = { ...myDriver, dbUsername: pgForm.dbUsername, dbUrl: `jdbc:mysql://127.0.0.1:${f.port}/x` };
    expect(await test({ ...mysqlThere, id })).toMatchObject({ success: false, message: needed });
    expect(f.connections).toBe(0);
    expect(f.received()).not.toContain(STORED);

    // the listener does catch a password sent to it: a typed one goes where the form says, and its refusal is shown
    expect(await test({ ...pgForm, id, dbUrl: elsewhere, dbPassword: 'typed-pw' })).toMatchObject({
      success: false,
      message: failed('password authentication failed (fake)'),
    });
    expect(f.received()).toContain('typed-pw');
    expect(f.received()).not.toContain(STORED);
  });

  it('the same URL, user and driver still use the stored password', async () => {
    const id = await add('ds_same_pg', { ...pgForm, dbPassword: STORED });
    expect(await test({ ...pgForm, id, dbPassword: '' })).toMatchObject({ success: true, message: CONNECTION_MSG.ok });
    // a saved source whose host asks for the password gets the stored one: the rule keeps the feature
    const f = await fake();
    const there = { ...pgForm, dbUrl: `jdbc:postgresql://127.0.0.1:${f.port}/x` };
    const id2 = await add('ds_same_fake', { ...there, dbPassword: STORED });
    expect(await test({ ...there, id: id2, dbPassword: '' })).toMatchObject({ success: false, message: failed('password authentication failed (fake)') });
    expect(f.received()).toContain(`p\0\0\0${String.fromCharCode(4 + STORED.length + 1)}${STORED}\0`);
  });

  it('a closed port, a silent port, a port speaking something else and an unknown host give one text, after the full timeout', async () => {
    const silent = await silentListener();
    cleanups.push(silent.close);
    const chattySockets: net.Socket[] = [];
    const chatty = net.createServer((s) => void chattySockets.push(s.on('error', () => {}).end('SSH-2.0-OpenSSH_9.6\r\n')));
    await new Promise<void>((resolve) => chatty.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const s of chattySockets) s.destroy();
      await new Promise((resolve) => chatty.close(resolve));
    });
    const closed = await closedPort();
    const chattyPort = (chatty.address() as net.AddressInfo).port;
    const urls = [
      `jdbc:postgresql://127.0.0.1:${closed}/x`,
      `jdbc:postgresql://127.0.0.1:${silent.port}/x`,
      `jdbc:postgresql://127.0.0.1:${chattyPort}/x`,
      'jdbc:postgresql://pk-no-such-host.invalid:5432/x',
    ];
    const myUrls = [`jdbc:mysql://127.0.0.1:${closed}/x`, `jdbc:mysql://127.0.0.1:${silent.port}/x`, `jdbc:mysql://127.0.0.1:${chattyPort}/x`];
    const timed = async (form: Record<string, unknown>) => {
      const started = Date.now();
      const body = await test({ ...form, dbPassword: 'x' });
      return { url: form.dbUrl, message: body.message, tookFullTimeout: Date.now() - started >= TEST_TIMEOUT_MS - 50 };
    };
    const answers = await Promise.all([...urls.map((dbUrl) => timed({ ...pgForm, dbUrl })), ...myUrls.map((dbUrl) => timed({ ...myDriver, dbUrl }))]);
    for (const a of answers) expect(a).toEqual({ url: a.url, message: UNREACHABLE, tookFullTimeout: true });
  }, 30_000);

  it('never dials link-local or cloud-metadata addresses, whatever form the address takes', async () => {
    const hosts = [
      '169.254.169.254',
      '169.254.1.2:5432',
      '[fe80::1]',
      '[fd00:ec2::254]',
      '100.100.100.200',
      '[::ffff:169.254.169.254]',
      'metadata.google.internal',
      'METADATA.google.internal.',
      '2852039166', // 169.254.169.254 as one number: refused after the name is resolved
    ];
    for (const host of hosts) {
      expect(await test({ ...pgForm, dbUrl: `jdbc:postgresql://${host}/x`, dbPassword: 'x' }), host).toMatchObject({ success: false, message: FORBIDDEN });
      expect(await test({ ...myDriver, dbUrl: `jdbc:mysql://${host}/x`, dbPassword: 'x' }), host).toMatchObject({ success: false, message: FORBIDDEN });
    }
  });
});

describe('data-source connection test: DATA_SOURCE_HOSTS', () => {
  it('dials only the listed hosts (names, addresses, ranges), and never a forbidden one even when listed', async () => {
    const f = await fakePostgres();
    const t = await createTestApp({ env: { DATA_SOURCE_HOSTS: 'db.example.com, 10.0.0.0/8 ,169.254.169.254' } });
    const t2 = await createTestApp({ env: { DATA_SOURCE_HOSTS: '127.0.0.0/8,LocalHost' } });
    try {
      const post = async (a: FastifyInstance, form: Record<string, unknown>) => {
        const headers = authHeaders(await loginAs(a, 'admin', TEST_ADMIN_PASSWORD));
        return (await a.inject({ method: 'POST', url: TEST_CONN, headers, payload: form })).json();
      };
      const notAllowed = failed(CONNECTION_MSG.hostNotAllowed);
      expect(await post(t.app, { ...pgForm, dbUrl: `jdbc:postgresql://127.0.0.1:${f.port}/x`, dbPassword: 'x' })).toMatchObject({ message: notAllowed });
      expect(await post(t.app, { ...pgForm, dbUrl: `jdbc:postgresql://localhost:${f.port}/x`, dbPassword: 'x' })).toMatchObject({ message: notAllowed });
      expect(await post(t.app, { ...pgForm, dbUrl: 'jdbc:postgresql://169.254.169.254/x' })).toMatchObject({ message: FORBIDDEN });
      expect(f.connections).toBe(0);
      expect(await post(t2.app, pgForm)).toMatchObject({ success: true, message: CONNECTION_MSG.ok });
      expect(await post(t2.app, { ...pgForm, dbUrl: `jdbc:postgresql://localhost:${PG.port || 5432}${PG.pathname}` })).toMatchObject({ success: true });
    } finally {
      await t.close();
      await t2.close();
      await f.close();
    }
  });

  it('a malformed DATA_SOURCE_HOSTS stops the start with a reason', () => {
    for (const bad of ['db host', '10.0.0.0/33', '10.0.0.0/8/1', 'http://db', '::1/129']) {
      expect(() => loadConfig({ DATA_SOURCE_HOSTS: bad }), bad).toThrow(ConfigError);
    }
    expect(loadConfig({ DATA_SOURCE_HOSTS: ' DB.example.com.,10.0.0.0/8,::1 , ' }).dataSourceHosts).toEqual(['db.example.com', '10.0.0.0/8', '::1']);
  });
});
