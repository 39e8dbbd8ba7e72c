/**
 * antd 6 writes its CSS-in-JS styles as <style> elements into document.head: thousands of rules per page. In jsdom
 * every getComputedStyle then matches each rule's selector against the element (and the visibility checks of
 * testing-library call it for the element and each ancestor: role queries, toBeVisible, user-event's
 * pointer-events check), which was about half of the web tests' CPU time. In tests the styles go into an element
 * that is not in the document: antd still generates and registers them as in a browser, jsdom neither parses nor
 * applies them. What a test sees of visibility comes from the DOM itself — `hidden`, inline `display: none` (antd's
 * closed dialogs, drawers and popups, and our own keep-alive pages set it inline), and elements that are not
 * rendered — not from antd's class rules.
 *
 * The container is set on @ant-design/cssinjs's default StyleContext value (what every antd component reads when no
 * StyleProvider is above it, static message/Modal/notification roots included), so no render needs a wrapper.
 */
import { StyleContext } from '@ant-design/cssinjs';

type StyleContextValue = { container?: Element };
const defaults = (StyleContext as unknown as { _currentValue?: StyleContextValue })._currentValue;
// React keeps a context's default value there; if a React version stops doing so, say it loudly instead of
// silently running the suite at the old speed.
if (!defaults || typeof defaults !== 'object') throw new Error("antdStyles: React context internals changed; cannot keep antd's styles out of jsdom");

/** Where antd's styles go in this test file: never attached to the document. */
export const antdStyleContainer = document.createElement('div');
defaults.container = antdStyleContainer;
