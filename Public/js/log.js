// The lifecycle log (`log --json` elements, Docs/Page.md), grouped under the command that
// caused them. New lines are appended; undo, redo and reset reload it whole.

import { cited, esc, stickToBottom } from "./dom.js";

const MAX_LINES = 2000;

function callbackClass(e) {
  if (e.callback === "warning") return "warning";
  if (e.callback.startsWith("application")) return "app";
  if (e.callback === "viewWillAppear" || e.callback === "viewDidAppear" || e.callback === "viewIsAppearing") return "appear";
  if (e.callback === "viewWillDisappear" || e.callback === "viewDidDisappear") return "disappear";
  if (e.callback === "loadView" || e.callback === "viewDidLoad") return "load";
  // `log layout=on` (UIKit #210).
  if (e.callback === "viewWillLayoutSubviews" || e.callback === "viewDidLayoutSubviews") return "layout";
  if (e.callback.startsWith("willMove") || e.callback.startsWith("didMove")) return "move";
  if (e.callback === "deinit") return "deinit";
  return "";
}

/** One log element as the REPL prints it (`willMove(toParent: Nav) Done`). */
export function eventText(e) {
  if (e.callback === "leak") return `leaked: ${e.message}`;
  if (e.callback === "note") return `note: ${e.message}`;
  if (e.callback === "warning") return `warning: ${e.message}`;
  if (e.callback.startsWith("willMove") || e.callback.startsWith("didMove")) {
    return `${e.callback.replace("toParent:)", `toParent: ${e.parent ?? "nil"})`)} ${e.viewController ?? ""}`;
  }
  return e.viewController ? `${e.callback} ${e.viewController}${e.animated === true ? " (animated)" : ""}` : e.callback;
}

/**
 * The line the prompt prints for a log element (`viewDidLoad Done`, `willMove(toParent: nil)
 * Done`): the command events give such lines by their index in the step's log event.
 */
export function printedText(e) {
  return "  ".repeat(e.depth ?? 0) + printedBody(e);
}

function printedBody(e) {
  if (e.callback === "warning") return `warning: ${e.message ?? ""}`;
  if (e.callback === "willMove(toParent:)" || e.callback === "didMove(toParent:)") {
    return `${e.callback.slice(0, -"toParent:)".length)}toParent: ${e.parent ?? "nil"}) ${e.viewController ?? ""}`;
  }
  const base = e.viewController != null ? `${e.callback} ${e.viewController}` : e.callback;
  return base + (e.message != null ? ` — ${e.message}` : "");
}

/** The style of that line (the console's classes). */
export function printedStyle(e) {
  return e.callback === "warning" ? "warning" : e.callback.startsWith("application") ? "appDelegate" : "callback";
}

export class LogPane {
  constructor(container, countEl) {
    this.container = container;
    this.countEl = countEl;
    this.count = 0;
    this.lastSeq = null;
    this.seqs = new Set(); // steps already shown (an event replayed after a reconnect is skipped)
  }

  /** Replaces the whole log. */
  reset(events) {
    this.container.innerHTML = "";
    this.count = 0;
    this.lastSeq = null;
    this.seqs = new Set();
    this.append(events);
  }

  append(events, { step = false } = {}) {
    if (step && events?.length && this.seqs.has(events[0].seq)) return;
    if (!events?.length) { this.updateCount(); return; }
    this.container.querySelector(":scope > .empty")?.remove();
    const html = [];
    for (const e of events) {
      this.seqs.add(e.seq);
      if (e.seq !== this.lastSeq) {
        html.push(`<div class="lg-cmd" data-seq="${e.seq}"><span class="s">[${e.seq}]</span>${esc(e.command)}</div>`);
        this.lastSeq = e.seq;
      }
      // Calls made by the app's code inside a callback (`on Login viewDidLoad: …`) sit under it.
      const depth = Math.min(e.depth ?? 0, 8);
      html.push(`<div class="lg ${callbackClass(e)}${depth ? ` d${depth}` : ""}">${cited(eventText(e))}</div>`);
    }
    this.count += events.length;
    stickToBottom(this.container, () => {
      this.container.insertAdjacentHTML("beforeend", html.join(""));
      // Keep the DOM bounded on long sessions: drop the oldest lines.
      let excess = this.container.childElementCount - MAX_LINES;
      while (excess-- > 0) this.container.firstElementChild.remove();
    });
    this.updateCount();
  }

  /** Takes out the calls of step `seq` (it was undone). */
  removeStep(seq) {
    const head = this.container.querySelector(`.lg-cmd[data-seq="${seq}"]`);
    if (!head) return;
    let el = head.nextElementSibling;
    while (el && !el.classList.contains("lg-cmd")) {
      const next = el.nextElementSibling;
      el.remove();
      this.count--;
      el = next;
    }
    head.remove();
    this.seqs.delete(seq);
    if (this.lastSeq === seq) {
      const heads = this.container.querySelectorAll(".lg-cmd");
      this.lastSeq = heads.length ? Number(heads[heads.length - 1].dataset.seq) : null;
    }
    this.updateCount();
  }

  /** Marks the calls of the step being viewed (none: back to live). */
  highlight(seq) {
    this.container.querySelector(".lg-cmd.viewing")?.classList.remove("viewing");
    if (seq == null) return;
    const head = this.container.querySelector(`.lg-cmd[data-seq="${seq}"]`);
    if (head) {
      head.classList.add("viewing");
      head.scrollIntoView({ block: "start" });
    }
  }

  updateCount() {
    this.countEl.textContent = this.count ? `${this.count} calls` : "";
    if (!this.count) this.container.innerHTML = `<div class="empty">No lifecycle calls yet.</div>`;
  }
}
