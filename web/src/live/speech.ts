/**
 * Spoken notices (000 §4 "a text-to-speech audio is requested and played on each message", issue 12 point 6):
 * the WAV of `GET /sys/speech/tts?text=` is fetched with the token and played from an object URL (CSP
 * `media-src 'self' blob:`), one notice after the other. Anything that goes wrong (no audio, an envelope error, a
 * browser that refuses to play before the user has interacted with the page) is ignored: the notice itself is
 * shown by the bell whatever happens here.
 */

/** The server refuses longer texts (TTS_MAX_CHARS); a longer title is spoken up to here. */
export const SPEECH_MAX_CHARS = 100;
/** Notices waiting to be spoken beyond this are dropped (a burst of pushes does not talk for minutes). */
export const SPEECH_QUEUE_MAX = 3;
/** A clip that never reports its end frees the queue after this long. */
export const SPEECH_PLAY_LIMIT_MS = 60_000;

export interface AudioLike {
  play(): Promise<void> | void;
  pause(): void;
  onended: (() => void) | null;
  onerror: (() => void) | null;
}

export interface SpeakerDeps {
  /** base address + prefix, e.g. `/jeecg-boot` */
  baseURL(): string;
  getToken(): string | null;
  fetch: typeof fetch;
  createAudio(url: string): AudioLike;
  createObjectURL(blob: Blob): string;
  revokeObjectURL(url: string): void;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface Speaker {
  speak(text: string | undefined): void;
  /** Stop the clip playing now and forget the waiting ones (sign-out, unmount). */
  cancel(): void;
}

export function createSpeaker(deps: SpeakerDeps): Speaker {
  const queue: string[] = [];
  let busy = false;
  let generation = 0;
  let current: { audio: AudioLike; url: string; done: () => void } | null = null;

  async function fetchClip(text: string): Promise<Blob | null> {
    const token = deps.getToken();
    if (!token) return null;
    const url = `${deps.baseURL()}/sys/speech/tts?text=${encodeURIComponent(text)}`;
    const res = await deps.fetch(url, { headers: { 'X-Access-Token': token } });
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !type.startsWith('audio/')) return null; // an envelope error: stay silent
    return res.blob();
  }

  function play(blob: Blob): Promise<void> {
    return new Promise<void>((resolve) => {
      const url = deps.createObjectURL(blob);
      const audio = deps.createAudio(url);
      let timer: unknown = null;
      const done = () => {
        if (timer !== null) deps.clearTimeout(timer);
        timer = null;
        audio.onended = audio.onerror = null;
        deps.revokeObjectURL(url);
        if (current?.audio === audio) current = null;
        resolve();
      };
      current = { audio, url, done };
      audio.onended = done;
      audio.onerror = done;
      timer = deps.setTimeout(done, SPEECH_PLAY_LIMIT_MS);
      try {
        const p = audio.play();
        if (p && typeof p.catch === 'function') p.catch(done); // autoplay refused, no audio device …
      } catch {
        done();
      }
    });
  }

  async function drain(): Promise<void> {
    if (busy) return;
    busy = true;
    const gen = generation;
    try {
      while (queue.length && gen === generation) {
        const text = queue.shift()!;
        try {
          const blob = await fetchClip(text);
          if (blob && gen === generation) await play(blob);
        } catch {
          /* network or decoding failure: skip this one */
        }
      }
    } finally {
      busy = false;
      if (queue.length && gen !== generation) void drain();
    }
  }

  return {
    speak(text) {
      const t = (text ?? '').replace(/\s+/g, ' ').trim().slice(0, SPEECH_MAX_CHARS);
      if (!t || queue.length >= SPEECH_QUEUE_MAX) return;
      queue.push(t);
      void drain();
    },
    cancel() {
      generation++;
      queue.length = 0;
      const c = current;
      if (c) {
        try {
          c.audio.pause();
        } catch {
          /* not playing */
        }
        c.done();
      }
    },
  };
}
