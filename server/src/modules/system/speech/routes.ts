import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SIGNED_IN } from '../../../core/access/guard.js';
import { BizError } from '../../../core/envelope/errors.js';
import type { ZodTypeProvider } from '../../../core/http/zodSchema.js';
import { normaliseSpeechText, SPEECH_MSG, SpeechService, TTS_MAX_CHARS } from './service.js';

const ttsQuery = z.looseObject({
  text: z
    .string({ error: SPEECH_MSG.empty })
    .transform(normaliseSpeechText)
    .pipe(z.string().min(1, { error: SPEECH_MSG.empty }).max(TTS_MAX_CHARS, { error: SPEECH_MSG.tooLong })),
});

/**
 * Spoken notices (issue 12 point 6, 000 §4): `GET /sys/speech/tts?text=` answers `audio/wav` of the text spoken in
 * Mandarin by espeak-ng (ESPEAK_PATH), for any signed-in user, within the `tts` request limit. A text longer than
 * TTS_MAX_CHARS is a 400 envelope; when the synthesiser is missing, fails or times out the answer is the envelope
 * `语音合成失败` (HTTP 200, success false) — the client then simply stays silent, the notice itself is unaffected.
 */
export async function speechModule(app: FastifyInstance): Promise<void> {
  const svc = new SpeechService(app.ctx.config.espeakPath);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sys/speech/tts', { config: { ...SIGNED_IN, throttle: 'tts' }, schema: { querystring: ttsQuery } }, async (req, reply) => {
    let wav: Buffer;
    try {
      wav = await svc.speak(req.query.text);
    } catch (err) {
      req.log.warn({ err }, 'speech synthesis failed');
      throw new BizError(SPEECH_MSG.failed);
    }
    return reply.type('audio/wav').header('cache-control', 'private, max-age=86400').send(wav);
  });
}
