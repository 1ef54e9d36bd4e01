// The command box: works like the REPL. Enter runs the line in the shared session (what the
// prompt and scripts print shows here too, marked by origin), Up/Down walk the history
// (kept in localStorage), Tab completes from the verb table and the live names.

import { cited, esc, stickToBottom } from "./dom.js";
import { complete, commonPrefix } from "./completion.js";

const HISTORY_KEY = "navlab.history";
const HISTORY_MAX = 500;
const MAX_BLOCKS = 1500;

export class Console {
  constructor({ out, hint, form, input, list, prompt }, { run, table, state }) {
    Object.assign(this, { out, hint, form, input, list, prompt });
    this.runText = run;
    this.table = table;     // () => the verb table
    this.state = state;     // () => the live state
    this.history = loadHistory();
    this.historyIndex = this.history.length;
    this.draft = "";
    this.completion = null; // { start, candidates, active }
    this.pendingCarets = new Map(); // event id → error, for a caret under the column
    this.shown = new Set();         // event ids already printed
    this.typed = [];                // lines typed here whose answers are still to come

    form.addEventListener("submit", (e) => { e.preventDefault(); this.submit(); });
    input.addEventListener("keydown", (e) => this.keydown(e));
    input.addEventListener("input", () => { this.closeCompletion(); this.updateHint(); });
    // A pasted script (several lines) runs as it is, like `load` at the prompt.
    input.addEventListener("paste", (e) => {
      const text = e.clipboardData?.getData("text") || "";
      if (!/[\r\n]/.test(text.trim())) return;
      e.preventDefault();
      this.submit(this.input.value + text);
    });
    // Safari's engine has no scroll anchoring: at a phone's width, where the page scrolls, the
    // command box drifts down out of the window as the panes above it grow. Typed into while
    // in sight, it is kept in sight after each change of the page's height, until the user
    // scrolls or leaves it.
    this.keepInSight = false;
    const letGo = () => { this.keepInSight = false; };
    addEventListener("wheel", letGo, { passive: true });
    addEventListener("touchmove", letGo, { passive: true });
    input.addEventListener("blur", letGo);
    if (typeof ResizeObserver === "function") {
      new ResizeObserver(() => {
        if (this.keepInSight && !this.inView()) this.input.scrollIntoView({ block: "nearest" });
      }).observe(document.body);
    }
    list.addEventListener("mousedown", (e) => {
      const li = e.target.closest("li");
      if (!li) return;
      e.preventDefault();
      this.accept(Number(li.dataset.index));
    });
  }

  setPrompt(appState) {
    this.prompt.textContent = `navlab (${appState || "notRunning"})>`;
  }

  async submit(pasted) {
    const text = pasted ?? this.input.value;
    if (!text.trim()) return;
    this.closeCompletion();
    for (const line of text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith("#"))) {
      if (this.history[this.history.length - 1] !== line) this.history.push(line);
    }
    if (this.history.length > HISTORY_MAX) this.history.splice(0, this.history.length - HISTORY_MAX);
    try { localStorage.setItem(HISTORY_KEY, JSON.stringify(this.history)); } catch { /* private mode */ }
    this.historyIndex = this.history.length;
    // Its answers are brought into view as they come, wherever the box was scrolled.
    for (const line of text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith("#"))) this.typed.push(line);
    this.input.value = "";
    this.updateHint();
    this.keepInSight = this.inView();
    try {
      const answer = await this.runText(text);
      for (const result of answer.results || []) {
        if (result.eventID == null) {
          // Not broadcast (refused before it reached the session): print it here.
          this.printCommand({ origin: "web", line: result.line, lines: result.lines });
          if (result.error) this.printCaret(result.error, result.line);
        } else if (result.error && result.error.kind !== "expectation") {
          if (this.shown.has(result.eventID)) this.printCaretAfter(result.eventID, result.error, result.line);
          else this.pendingCarets.set(result.eventID, { error: result.error, line: result.line });
        }
      }
    } catch (error) {
      this.printCommand({ origin: "web", line: text, lines: [{ style: "error", text: `error: ${error.message}` }] });
    }
  }

  /** Whether the command box is inside the window (at a phone's width the page scrolls). */
  inView() {
    const r = this.input.getBoundingClientRect();
    return r.top >= -2 && r.bottom <= innerHeight + 2; // (sub-pixel positions: a box scrolled to the edge)
  }

  /**
   * A line typed while NavLab's engine in the page is still starting: shown as waiting until
   * the engine's state is in (then the line runs and its own block follows).
   */
  showWaiting(text) {
    const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
    stickToBottom(this.out, () => {
      for (const line of lines) {
        this.out.insertAdjacentHTML("beforeend", `<div class="co-block waiting"><div class="co-cmd"><span class="origin web">web</span>${esc(line)}</div><div class="co note">waits for NavLab's engine to start, then runs</div></div>`);
      }
    });
  }

  /** The engine is live: the waiting lines' blocks go (each line prints its own when it runs). */
  clearWaiting() {
    for (const block of this.out.querySelectorAll(".co-block.waiting")) block.remove();
  }

  /** A command event from the server (any origin). */
  onCommand(event) {
    if (this.shown.has(event.id)) return;
    this.shown.add(event.id);
    this.printCommand(event);
    const pending = this.pendingCarets.get(event.id);
    if (pending) {
      this.pendingCarets.delete(event.id);
      this.printCaretAfter(event.id, pending.error, pending.line);
    }
  }

  /** On first load: the steps so far, so the box reads like the session it joins. */
  printEarlier(entries) {
    if (this.out.childElementCount) return;
    const steps = entries.filter((e) => e.kind !== "start" && !e.undone).slice(-200);
    if (!steps.length) return;
    const html = steps.map((e) => `<div class="co-block earlier"><div class="co-cmd"><span class="origin">${e.seq}</span>${esc(e.command)}`
      + (e.status === "ignored" ? ` <span class="co ignored">(ignored)</span>` : "") + `</div></div>`);
    this.out.innerHTML = html.join("");
    this.out.scrollTop = this.out.scrollHeight;
  }

  printCommand(event) {
    const lines = (event.lines || []).map((l) => `<div class="co ${esc(l.style)}">${cited(l.text)}</div>`).join("");
    stickToBottom(this.out, () => {
      this.out.insertAdjacentHTML("beforeend", `<div class="co-block" data-id="${event.id ?? ""}"><div class="co-cmd"><span class="origin ${esc(event.origin)}">${esc(event.origin)}</span>${esc(event.line)}</div>${lines}</div>`);
      let excess = this.out.childElementCount - MAX_BLOCKS;
      while (excess-- > 0) this.out.firstElementChild.remove();
    });
    const mine = event.origin === "web" ? this.typed.indexOf((event.line || "").trim()) : -1;
    if (mine >= 0) {
      this.typed.splice(0, mine + 1);
      this.reveal(this.out.lastElementChild);
    }
  }

  /**
   * Brings the answer to a line typed here into view, in the next frame (after the pane's own
   * scroll to its end): all of it when it fits, else from its first line.
   */
  reveal(block) {
    requestAnimationFrame(() => {
      if (!block.isConnected) return;
      const b = block.getBoundingClientRect(), o = this.out.getBoundingClientRect();
      if (b.height > o.height || b.top < o.top) this.out.scrollTop += b.top - o.top;
      else if (b.bottom > o.bottom) this.out.scrollTop += b.bottom - o.bottom;
    });
  }

  printCaretAfter(id, error, line) {
    const block = this.out.querySelector(`.co-block[data-id="${id}"] .co-cmd`);
    if (!block || error.column < 1) return;
    block.insertAdjacentHTML("afterend", `<div class="co caret">${esc(caret(line, error.column))}</div>`);
  }

  printCaret(error, line) {
    if (error.column < 1) return;
    const block = this.out.lastElementChild?.querySelector(".co-cmd");
    block?.insertAdjacentHTML("afterend", `<div class="co caret">${esc(caret(line, error.column))}</div>`);
  }

  keydown(e) {
    const open = this.completion && this.completion.candidates.length > 1;
    if (e.key === "Tab") {
      e.preventDefault();
      if (open) this.move(e.shiftKey ? -1 : 1);
      else this.completeNow();
      return;
    }
    if (open && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
      e.preventDefault();
      this.move(e.key === "ArrowDown" ? 1 : -1);
      return;
    }
    if (open && e.key === "Enter") {
      e.preventDefault();
      this.accept(this.completion.active);
      return;
    }
    if (e.key === "Escape") { this.closeCompletion(); return; }
    if (e.key === "ArrowUp" || e.key === "ArrowDown") {
      e.preventDefault();
      this.walkHistory(e.key === "ArrowUp" ? -1 : 1);
    }
  }

  walkHistory(step) {
    if (!this.history.length) return;
    if (this.historyIndex === this.history.length) this.draft = this.input.value;
    this.historyIndex = Math.max(0, Math.min(this.history.length, this.historyIndex + step));
    this.input.value = this.historyIndex === this.history.length ? this.draft : this.history[this.historyIndex];
    const end = this.input.value.length;
    this.input.setSelectionRange(end, end);
    this.updateHint();
  }

  completeNow() {
    const cursor = this.input.selectionStart ?? this.input.value.length;
    const { start, candidates } = complete(this.input.value, cursor, this.table(), this.state());
    if (!candidates.length) return;
    const typed = this.input.value.slice(start, cursor);
    const prefix = commonPrefix(candidates.map((c) => c.text));
    if (candidates.length === 1) {
      this.replace(start, cursor, candidates[0].text + (candidates[0].text.endsWith("=") || candidates[0].text.endsWith("(") ? "" : " "));
      return;
    }
    if (prefix.length > typed.length) this.replace(start, cursor, prefix);
    this.completion = { start, candidates, active: 0 };
    this.renderCompletion();
  }

  replace(start, end, text) {
    const value = this.input.value;
    this.input.value = value.slice(0, start) + text + value.slice(end);
    const at = start + text.length;
    this.input.setSelectionRange(at, at);
    this.updateHint();
  }

  move(step) {
    const c = this.completion;
    c.active = (c.active + step + c.candidates.length) % c.candidates.length;
    this.renderCompletion();
  }

  accept(index) {
    const c = this.completion;
    if (!c) return;
    const choice = c.candidates[index];
    const cursor = this.input.selectionStart ?? this.input.value.length;
    this.closeCompletion();
    if (choice) this.replace(c.start, cursor, choice.text + (choice.text.endsWith("=") || choice.text.endsWith("(") ? "" : " "));
    this.input.focus();
  }

  renderCompletion() {
    const c = this.completion;
    this.list.hidden = false;
    this.list.innerHTML = c.candidates.map((cand, i) =>
      `<li role="option" data-index="${i}" class="${i === c.active ? "active" : ""}" aria-selected="${i === c.active}"><span>${esc(cand.text)}</span><span class="d">${esc(cand.detail || "")}</span></li>`).join("");
    this.list.querySelector("li.active")?.scrollIntoView({ block: "nearest" });
  }

  closeCompletion() {
    this.completion = null;
    this.list.hidden = true;
  }

  /** Under the box: the syntax and summary of the verb being typed. */
  updateHint() {
    const table = this.table();
    const word = this.input.value.trim().split(/\s+/)[0] || "";
    const verb = word && table?.verbs.find((v) => v.name === word || v.name.toLowerCase() === word.toLowerCase());
    this.hint.innerHTML = verb
      ? `<b>${esc(verb.syntax)}</b> — ${esc(verb.summary)}${verb.uikit ? ` · <span class="muted">${esc(verb.uikit)}</span>` : ""}`
      : word ? "" : `Tab completes · ↑↓ history · <b>help</b> lists the verbs`;
  }
}

function caret(line, column) {
  return " ".repeat(Math.max(0, column - 1)) + "^";
}

function loadHistory() {
  try {
    const h = JSON.parse(localStorage.getItem(HISTORY_KEY) || "[]");
    return Array.isArray(h) ? h.filter((x) => typeof x === "string") : [];
  } catch {
    return [];
  }
}
