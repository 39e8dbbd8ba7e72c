import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { liveSocketRoutes } from './liveSocket.js';
import { MAX_FRAME_BYTES } from './protocol.js';
import { vxeSocketRoutes } from './vxeSocket.js';

/**
 * The real-time channels (000 §4, contract §8.3) under the API prefix: @fastify/websocket is registered once here
 * (it listens to the server's upgrade event, so a second registration would answer every upgrade twice), then the
 * table channel `/vxeSocket/{userId}/{pageId}` and the live notice channel `/websocket/{userId}`.
 */
export async function realtimeModule(app: FastifyInstance): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  await app.register(vxeSocketRoutes);
  await app.register(liveSocketRoutes);
}
