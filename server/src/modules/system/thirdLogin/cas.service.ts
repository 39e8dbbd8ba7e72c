import type { FastifyRequest } from 'fastify';
import type { SaxesParser as Parser } from 'saxes';
import { lazyRequire } from '../../../core/lazyModule.js';

/** Loaded on the first CAS ticket check, not at start-up. */
const saxes = lazyRequire<{ SaxesParser: typeof Parser }>('saxes');
import type { AppContext } from '../../../core/context.js';
import { queryAllDictItems } from '../../../core/dict/service.js';
import { BizError } from '../../../core/envelope/errors.js';
import { findActiveUserByName } from '../auth/service.js';
import { THIRD_MSG } from './messages.js';
import { signInVerifiedUser, type SignInResult } from './signIn.service.js';

/**
 * CAS single sign-on (contract §3.6 GET /sys/cas/client/validateLogin, issue 14 point 8): the ticket is validated by
 * the configured CAS server (CAS_SERVER_URL, off when unset) for a service of the allow-list CAS_SERVICES only (a
 * ticket is never relayed for another service), the answer parsed without DTDs or entities, and the CAS user name
 * signed in as that existing user (no account is created).
 */

const MAX_ANSWER = 64 * 1024;
const TIMEOUT_MS = 5000;

/** `cas:user` of a serviceValidate answer, or null for a failure / anything else. A DOCTYPE is refused outright. */
export function parseServiceResponse(xml: string): string | null {
  const parser = new (saxes().SaxesParser)({ xmlns: false });
  const path: string[] = [];
  let user: string | null = null;
  let success = false;
  let text = '';
  let bad = false;
  parser.on('doctype', () => {
    bad = true;
  });
  parser.on('opentag', (t) => {
    const local = t.name.replace(/^[^:]*:/, '');
    path.push(local);
    if (local === 'authenticationSuccess' && path.length === 2 && path[0] === 'serviceResponse') success = true;
    text = '';
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('closetag', (t) => {
    const local = t.name.replace(/^[^:]*:/, '');
    if (local === 'user' && path.length === 3 && path[1] === 'authenticationSuccess' && user === null) user = text.trim();
    path.pop();
  });
  try {
    parser.write(xml).close();
  } catch {
    return null;
  }
  if (bad || !success || !user) return null;
  return user;
}

async function validateTicket(ctx: AppContext, ticket: string, service: string): Promise<string | null> {
  const url = new URL(`${ctx.config.casServerUrl}/p3/serviceValidate`);
  url.searchParams.set('ticket', ticket);
  url.searchParams.set('service', service);
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (res.status === 404) {
      // a CAS 2.0 server without the /p3 path
      url.pathname = url.pathname.replace(/\/p3\/serviceValidate$/, '/serviceValidate');
      res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
    }
  } catch {
    throw new BizError(THIRD_MSG.casUnavailable);
  }
  if (!res.ok || !res.body) throw new BizError(THIRD_MSG.casUnavailable);
  // read at most MAX_ANSWER bytes
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return parseServiceResponse(Buffer.concat(chunks).toString('utf8'));
}

export async function casValidateLogin(
  ctx: AppContext,
  req: FastifyRequest,
  ticket: string,
  service: string,
): Promise<SignInResult & { sysAllDictItems: unknown }> {
  if (!ctx.config.casServerUrl) throw new BizError(THIRD_MSG.casDisabled);
  if (!ticket || ticket.length > 256) throw new BizError(THIRD_MSG.casTicketRequired);
  if (!ctx.config.casServices.includes(service)) throw new BizError(THIRD_MSG.casServiceNotAllowed);
  const name = await validateTicket(ctx, ticket, service);
  if (!name) throw new BizError(THIRD_MSG.casInvalid);
  const user = await findActiveUserByName(ctx, name);
  if (!user || user.username !== name) throw new BizError(THIRD_MSG.casUserMissing);
  const result = await signInVerifiedUser(ctx, req, user, 'CAS');
  return { ...result, sysAllDictItems: await queryAllDictItems(ctx) };
}
