/**
 * TinyMCE's core (sets the global `tinymce`), a chunk of its own loaded before the editor chunk (index.tsx): the
 * theme, model, skins and plugins the editor chunk imports call that global when their chunk runs. Two chunks
 * (~0.5 MB and ~1 MB) instead of one of 1.5 MB, which passed the build's chunk-size limit (issue 10 point 20).
 */
import 'tinymce';
