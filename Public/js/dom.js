// Small helpers shared by the panes. Panes build HTML strings (one innerHTML per render is
// the cheapest way to draw 1,000 rows) and escape every value that came from the model.

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML content and attribute values. */
export function esc(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

export const $ = (id) => document.getElementById(id);

/**
 * Escapes text and turns each UIKit fact it cites — `(UIKit #4, #82)`, `UIKit #115–116` —
 * into a link that opens the fact's text (main.js listens for clicks on `a.fact`).
 */
export function cited(value) {
  return esc(value).replace(/UIKit #\d+(?:(?:, #| and #|–)\d+)*/g, (run) =>
    run.replace(/#?(\d+)/g, (m, n) => `<a class="fact" href="#fact-${n}" data-fact="${n}" title="UIKit #${n}: what UIKit does (explain ${n})">${m}</a>`));
}

/** Keeps a scroll container pinned to its end while the user has not scrolled away. */
export function stickToBottom(element, update) {
  const atEnd = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
  update();
  if (atEnd) element.scrollTop = element.scrollHeight;
}

/** Coalesces calls into one per animation frame. */
export function frameThrottle(fn) {
  let pending = false;
  return () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      fn();
    });
  };
}

/** Runs fn at most once per `ms`, trailing call included. */
export function debounce(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}
