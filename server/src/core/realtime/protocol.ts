/**
 * The table channel's wire messages (contract §8.3): text JSON `{type, data}`.
 * - heart_beat: answered `{type:'heart_beat', data:true}` to the sender only;
 * - update_vxe_table / common_send_date: relayed unchanged to the other sockets of the same page.
 */
export const VXE_TYPES = { heartBeat: 'heart_beat', updateTable: 'update_vxe_table', commonSend: 'common_send_date' } as const;

/** Close codes: 4401 the token is missing or invalid; 4403 the path userId is not the signed-in user. */
export const CLOSE_TOKEN_INVALID = 4401;
export const CLOSE_USER_MISMATCH = 4403;
/** Bigger frames are refused by the socket server (a row update is a few hundred bytes). */
export const MAX_FRAME_BYTES = 64 * 1024;

export type Action = { kind: 'reply'; text: string } | { kind: 'relay'; text: string } | { kind: 'ignore' };

/** What to do with one incoming frame. Non-JSON and unknown types are ignored (clients tolerate noise). */
export function classify(raw: string): Action {
  let msg: unknown;
  try {
    msg = JSON.parse(raw);
  } catch {
    return { kind: 'ignore' };
  }
  if (typeof msg !== 'object' || msg === null) return { kind: 'ignore' };
  const type = (msg as { type?: unknown }).type;
  if (type === VXE_TYPES.heartBeat) return { kind: 'reply', text: JSON.stringify({ type: VXE_TYPES.heartBeat, data: true }) };
  if (type === VXE_TYPES.updateTable || type === VXE_TYPES.commonSend) {
    // Re-serialise only {type, data}: nothing else the sender adds travels to other users.
    return { kind: 'relay', text: JSON.stringify({ type, data: (msg as { data?: unknown }).data ?? null }) };
  }
  return { kind: 'ignore' };
}

/** The token is the first offered sub-protocol (browsers cannot set headers on a WebSocket). */
export function tokenFromProtocols(header: string | string[] | undefined): string {
  const h = Array.isArray(header) ? header[0] : header;
  return (h ?? '').split(',')[0]?.trim() ?? '';
}

/**
 * The live notice channel's wire messages (contract §8.3 `/websocket/{userId}`): the client sends the text
 * `HeartBeat` (every 20 s) and gets `{cmd:'heartcheck', msgTxt:'心跳响应'}` back, to itself only; the server pushes
 * `{cmd:'topic'|'user', msgId, msgTxt}`. Nothing else a client sends is answered or relayed (the original echoed
 * every frame to every socket, a bug the contract lists).
 */
export const LIVE_HEARTBEAT = 'HeartBeat';
export const LIVE_HEARTCHECK_REPLY = JSON.stringify({ cmd: 'heartcheck', msgTxt: '心跳响应' });
/** A session that ended while its socket was open (logout, forced logout, password change, freeze). */
export const CLOSE_SESSION_ENDED = CLOSE_TOKEN_INVALID;

export function isLiveHeartbeat(raw: string): boolean {
  return raw.trim() === LIVE_HEARTBEAT;
}

/** The part of a `ws` socket used here (the package ships no types of its own). */
export interface Socket {
  readonly readyState: number;
  send(text: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', fn: (data: Buffer | string) => void): void;
  on(event: 'close' | 'error', fn: () => void): void;
}
/** `ws` readyState of an open socket. */
export const OPEN = 1;
