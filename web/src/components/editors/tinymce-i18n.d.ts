/** TinyMCE's language pack files are plain scripts that call `tinymce.addI18n`; they export nothing. */
declare module 'tinymce-i18n/langs8/zh-CN.js';
