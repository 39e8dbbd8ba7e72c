import type sanitize from 'sanitize-html';
import { lazyRequire } from '../lazyModule.js';

/** Loaded on the first use, not at start-up. */
const sanitizeHtml = lazyRequire<typeof sanitize>('sanitize-html');

/**
 * Rich text stored from a browser (系统通告's body, contract §8.2) goes through one maintained sanitiser,
 * `sanitize-html` (an allow-list over htmlparser2): only the tags and attributes a rich editor produces survive.
 * Never kept: `<script>`/`<style>`/`<object>`/`<embed>`/`<form>`, `on*` event handlers, `javascript:` (and any
 * other scheme than http, https, mailto, tel; `data:` for images only) in href/src, and iframes unless their
 * source is on this server (a relative URL: a host, even protocol-relative `//x`, is dropped). Inline styles keep
 * only plain layout and colour properties, with no `url(…)` or `expression(…)`.
 */
const STYLE_VALUE = [/^[#\w\s,.%'"+-]+$/, /^rgba?\([\d\s,.%]+\)$/];
const STYLE_PROPS = [
  'color',
  'background-color',
  'text-align',
  'text-decoration',
  'text-indent',
  'font-size',
  'font-weight',
  'font-style',
  'font-family',
  'line-height',
  'letter-spacing',
  'vertical-align',
  'width',
  'height',
  'max-width',
  'margin',
  'margin-left',
  'margin-right',
  'margin-top',
  'margin-bottom',
  'padding',
  'padding-left',
  'padding-right',
  'padding-top',
  'padding-bottom',
  'border',
  'border-width',
  'border-style',
  'border-color',
  'border-collapse',
  'list-style-type',
  'float',
  'display',
];

let richOptions: sanitize.IOptions | undefined;
const RICH_OPTIONS = (): sanitize.IOptions =>
  (richOptions ??= {
    allowedTags: [
      ...sanitizeHtml().defaults.allowedTags,
      'img',
      'span',
      'font',
      'u',
      's',
      'del',
      'ins',
      'sub',
      'sup',
      'hr',
      'video',
      'audio',
      'source',
      'iframe',
    ],
    disallowedTagsMode: 'discard',
    allowedAttributes: {
      '*': ['style', 'class', 'title', 'align', 'dir', 'lang'],
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      font: ['color', 'size', 'face'],
      table: ['border', 'cellpadding', 'cellspacing', 'width'],
      td: ['colspan', 'rowspan', 'width', 'valign'],
      th: ['colspan', 'rowspan', 'width', 'valign', 'scope'],
      col: ['span', 'width'],
      ol: ['start', 'type'],
      video: ['src', 'controls', 'width', 'height', 'poster'],
      audio: ['src', 'controls'],
      source: ['src', 'type'],
      iframe: ['src', 'width', 'height', 'frameborder', 'allowfullscreen'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowProtocolRelative: false,
    allowedIframeHostnames: [],
    allowIframeRelativeUrls: true,
    allowedStyles: { '*': Object.fromEntries(STYLE_PROPS.map((p) => [p, STYLE_VALUE])) },
    transformTags: {
      // a link that opens a new window cannot reach back to this one
      a: (tagName, attribs) => (attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs }),
    },
  });

/** Rich HTML from a client → HTML safe to show inside the app (see above). */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml()(html, RICH_OPTIONS());
}

const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '', '&gt;': '', '&nbsp;': ' ' };

/** A one-line text (a title): every tag removed, entities read back, no angle brackets left. */
export function plainText(text: string): string {
  return sanitizeHtml()(text, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' })
    .replace(/&(amp|quot|#39|lt|gt|nbsp);/g, (m) => ENTITIES[m] ?? m)
    .replace(/[<>]/g, '');
}

/** Text for an HTML text node or attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
