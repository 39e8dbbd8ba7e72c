import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { SingleFlight } from '../../../core/singleFlight.js';

/** Texts of the spoken-notice endpoint (issue 12 point 6). */
export const SPEECH_MSG = {
  empty: '语音文本不能为空',
  tooLong: '语音文本过长',
  failed: '语音合成失败',
} as const;

/** A notice title is at most this long; longer texts are refused (a WAV grows by about 40 KB per character). */
export const TTS_MAX_CHARS = 100;
/** The synthesiser gets this long per text, then it is killed. */
export const TTS_TIMEOUT_MS = 10_000;
/** The synthesised audio kept in memory, per node (least recently used first out). */
export const TTS_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** A single answer larger than this is refused (protects memory whatever espeak-ng does). */
export const TTS_MAX_AUDIO_BYTES = 8 * 1024 * 1024;
/** Synthesiser processes running at once per node; more requests wait for one to finish. */
export const TTS_CONCURRENCY = 2;
/** Requests waiting for a synthesiser beyond this are refused at once (the client just stays silent). */
export const TTS_QUEUE_MAX = 20;

export class SpeechError extends Error {}

/** Whitespace collapsed, so the same title with other spacing is one cache entry. */
export function normaliseSpeechText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * espeak-ng (Debian package `espeak-ng`, the Mandarin voice `cmn`) turns the text into a WAV on stdout. The program is
 * started directly with a fixed argument list (never a shell) and the text goes through stdin, so no text can be
 * read as an option; the process is killed after `timeoutMs` or when it writes more than `maxBytes`.
 */
export function runEspeak(bin: string, text: string, timeoutMs = TTS_TIMEOUT_MS, maxBytes = TTS_MAX_AUDIO_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let child;
    try {
      child = spawn(bin, ['-v', 'cmn', '--stdin', '--stdout'], { stdio: ['pipe', 'pipe', 'ignore'], shell: false, windowsHide: true });
    } catch (err) {
      reject(new SpeechError(`espeak-ng could not start: ${String(err)}`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (err: Error | null, out?: Buffer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (err) {
        child.kill('SIGKILL');
        reject(err);
      } else resolve(out!);
    };
    const timer = setTimeout(() => finish(new SpeechError('espeak-ng timed out')), timeoutMs);
    child.on('error', (err) => finish(new SpeechError(`espeak-ng failed: ${err.message}`)));
    child.stdin.on('error', () => {}); // a process that died early closes its stdin: reported by 'close'
    child.stdout.on('data', (b: Buffer) => {
      size += b.length;
      if (size > maxBytes) finish(new SpeechError('espeak-ng wrote too much'));
      else chunks.push(b);
    });
    child.on('close', (code) => {
      const out = Buffer.concat(chunks);
      if (code !== 0) finish(new SpeechError(`espeak-ng exited with ${String(code)}`));
      else if (out.length < 44 || out.toString('latin1', 0, 4) !== 'RIFF' || out.toString('latin1', 8, 12) !== 'WAVE')
        finish(new SpeechError('espeak-ng wrote no WAV'));
      else finish(null, out);
    });
    child.stdin.end(text, 'utf8');
  });
}

/**
 * Spoken notices (000 §4 "a text-to-speech audio is requested and played on each message"): the text synthesised
 * offline, one WAV per distinct text, kept in a bounded in-memory cache (least recently used out); concurrent requests
 * for the same text share one synthesis, and at most TTS_CONCURRENCY synthesisers run at once on a node.
 */
export class SpeechService {
  private readonly cache = new Map<string, Buffer>();
  private cacheBytes = 0;
  private readonly runsOf = new SingleFlight<Buffer>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Synthesiser runs so far (tests: a cached text runs none). */
  runs = 0;

  constructor(
    private readonly bin: string,
    private readonly synthesise: (bin: string, text: string) => Promise<Buffer> = runEspeak,
  ) {}

  /** The WAV of `text` (already normalised and length-checked). Throws SpeechError when it cannot be made. */
  async speak(text: string): Promise<Buffer> {
    const key = createHash('sha256').update(text).digest('hex');
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key); // most recently used goes last
      this.cache.set(key, hit);
      return hit;
    }
    return this.runsOf.run(key, async () => {
      const wav = await this.run(text);
      this.remember(key, wav);
      return wav;
    });
  }

  private async run(text: string): Promise<Buffer> {
    if (this.running >= TTS_CONCURRENCY) {
      if (this.waiting.length >= TTS_QUEUE_MAX) throw new SpeechError('too many syntheses waiting');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
    this.runs++;
    try {
      return await this.synthesise(this.bin, text);
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private remember(key: string, wav: Buffer): void {
    if (wav.length > TTS_CACHE_MAX_BYTES / 4 || this.cache.has(key)) return;
    this.cache.set(key, wav);
    this.cacheBytes += wav.length;
    for (const [k, v] of this.cache) {
      if (this.cacheBytes <= TTS_CACHE_MAX_BYTES) break;
      this.cache.delete(k);
      this.cacheBytes -= v.length;
    }
  }
}
