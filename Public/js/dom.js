// Small helpers shared by the panes. Panes build HTML strings (one innerHTML per render is
// the cheapest way to draw 1,000 rows) and escape every value that came from the model.

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML content and attribute values. */
export function esc(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

export const $ = (id) => document.getElementById(id);

/** The command every hint on a fresh page offers: an app with a root, launched. */
export const FIRST_COMMAND = "initial Nav(Home); launch";

/**
 * A command the page suggests, as code that runs it when clicked (main.js: `[data-hint]`).
 * Every hint the page shows must work when followed: Tests/Web and Tests/Browser run them.
 */
export function hint(command) {
  return `<code class="hint" data-hint="${esc(command)}" role="button" tabindex="0" title="Run it">${esc(command)}</code>`;
}

/**
 * Escapes text and turns each UIKit fact it cites — `(UIKit #4, #82)`, `UIKit #115–116` —
 * into a link that opens the fact's text (main.js listens for clicks on `a.fact`).
 */
export function cited(value) {
  return esc(value).replace(/UIKit #\d+(?:(?:, #| and #|–)\d+)*/g, (run) =>
    run.replace(/#?(\d+)/g, (m, n) => `<a class="fact" href="#fact-${n}" data-fact="${n}" title="UIKit #${n}: what UIKit does (explain ${n})">${m}</a>`));
}

/** Per scroll container: whether it follows its end, and where its last scroll left it. */
const pinned = new WeakMap();
/** Containers to scroll to their end in the next frame, all at once. */
const toEnd = new Set();

/**
 * Keeps a scroll container pinned to its end while the user has not scrolled away. Whether it
 * is at its end is known from its scroll events, and the scroll happens in the next frame
 * with every other: no layout is forced in between DOM updates (at 10,000 view controllers
 * each forced layout cost a push about 10 ms).
 *
 * Only a scroll up lets go of the end. A scroll event comes a frame after the scroll that
 * caused it: under a quick run of updates (a tutorial's "Run to the end", a stream of
 * commands) more has been added by then, so our own scroll to the old end reads as "not at
 * the end" — it moved down, and the pane keeps following.
 */
export function stickToBottom(element, update) {
  let state = pinned.get(element);
  if (!state) {
    state = { atEnd: element.scrollHeight - element.scrollTop - element.clientHeight < 24, top: element.scrollTop };
    pinned.set(element, state);
    element.addEventListener("scroll", () => {
      const top = element.scrollTop;
      if (element.scrollHeight - top - element.clientHeight < 24) state.atEnd = true;
      else if (top < state.top - 1 && !toEnd.has(element)) state.atEnd = false;
      state.top = top;
    }, { passive: true });
  }
  update();
  if (!state.atEnd) return;
  if (toEnd.size === 0) {
    requestAnimationFrame(() => {
      for (const e of toEnd) {
        e.scrollTop = e.scrollHeight;
        const s = pinned.get(e);
        if (s) s.top = e.scrollTop;
      }
      toEnd.clear();
    });
  }
  toEnd.add(element);
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

/**
 * Makes `container`'s children the rows `items` ({ key, html }: one element each), keyed:
 * a row whose HTML is unchanged keeps its element (moved if it must), a changed one is
 * replaced, the others are removed. A step that changes three rows of 10,000 touches three.
 * Returns how many elements were built.
 */
export function reconcile(container, items) {
  const old = new Map();
  for (let el = container.firstElementChild; el; el = el.nextElementSibling) {
    if (el._key !== undefined) old.set(el._key, el);
  }
  let kept = 0;
  for (const it of items) if (old.get(it.key)?._html === it.html) kept++;
  // Mostly new (the first render, another filter): one innerHTML is the fastest way.
  if (kept < items.length / 2) {
    container.innerHTML = items.map((it) => it.html).join("");
    let el = container.firstElementChild;
    for (const it of items) {
      if (!el) break;
      el._key = it.key;
      el._html = it.html;
      el = el.nextElementSibling;
    }
    return items.length;
  }
  const template = document.createElement("template");
  const build = (it) => {
    template.innerHTML = it.html;
    const el = template.content.firstElementChild;
    el._key = it.key;
    el._html = it.html;
    return el;
  };
  const wanted = new Set(items.map((it) => it.key));
  let cursor = container.firstElementChild;
  let built = 0;
  for (const it of items) {
    // Rows that are gone, where the next one belongs: removed, not stepped around.
    while (cursor && (cursor._key === undefined || !wanted.has(cursor._key))) {
      const next = cursor.nextElementSibling;
      cursor.remove();
      cursor = next;
    }
    let el = old.get(it.key);
    old.delete(it.key);
    if (el && el._html !== it.html) {
      const fresh = build(it);
      el.replaceWith(fresh);
      if (el === cursor) cursor = fresh;
      el = fresh;
      built++;
    } else if (!el) {
      el = build(it);
      built++;
    }
    if (el === cursor) cursor = cursor.nextElementSibling;
    else container.insertBefore(el, cursor);
  }
  while (cursor) {
    const next = cursor.nextElementSibling;
    cursor.remove();
    cursor = next;
  }
  return built;
}
