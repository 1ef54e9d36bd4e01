// The timeline: one entry per step (a command that reached the model, or `reset`). Click
// one to see the model as it was then and what that step changed; the live model goes on.

import { cited, esc, reconcile, stickToBottom } from "./dom.js";
import { eventText } from "./log.js";

const STATUS = { done: "●", ignored: "○", reset: "↺", start: "◆" };
const RECENT = 300; // entries drawn until "show all" is clicked

// UIKit's calls and warnings (what the lifecycle log has), not NavLab's notes.
const isCall = (e) => e.callback !== "note" && e.callback !== "leak";

export function renderTimeline(container, countEl, history, viewingSeq, showAll) {
  if (!history) { container.innerHTML = `<div class="empty">Loading…</div>`; return; }
  const all = history.entries || [];
  countEl.textContent = all.length > 1 ? `${(all.length - 1).toLocaleString("en-US")} step${all.length === 2 ? "" : "s"}` : "";
  let entries = all;
  let head = "";
  if (!showAll && all.length > RECENT) {
    const from = all.length - RECENT;
    const at = viewingSeq == null ? -1 : all.findIndex((e) => e.seq === viewingSeq);
    entries = all.slice(at >= 0 && at < from ? at : from);
    head = `<a class="show-more" data-show-all="timeline">show the ${all.length - entries.length} earlier steps</a>`;
  }
  const html = entries.map((e) => {
    const classes = ["entry"];
    if (e.current) classes.push("current");
    if (e.undone) classes.push("undone");
    if (viewingSeq === e.seq) classes.push("viewing");
    const kind = e.kind === "start" ? "start" : e.kind === "reset" ? "reset" : e.status;
    const command = e.kind === "start" ? "(launch of NavLab: an empty app)" : e.command;
    const calls = (e.events || []).filter(isCall).length;
    const note = e.reason ? `ignored: ${e.reason}` : e.comment || "";
    return { key: e.seq, html: `<div class="${classes.join(" ")}" data-seq="${e.seq}" title="${esc(e.command || "start")}">`
      + `<span class="seq">${e.seq}</span><span class="st ${esc(kind)}">${STATUS[kind] || "●"}</span>`
      + `<span class="cmd">${esc(command)}</span><span class="n"${calls ? ` title="${calls} call${calls === 1 ? "" : "s"} UIKit made (lifecycle callbacks, app delegate, warnings)"` : ""}>${calls ? `${calls} call${calls === 1 ? "" : "s"}` : ""}</span>`
      + (note ? `<span class="comment">${esc(note)}</span>` : "") + `</div>` };
  });
  if (head) html.unshift({ key: "§head", html: head });
  stickToBottom(container, () => reconcile(container, html));
  if (viewingSeq != null) container.querySelector(".entry.viewing")?.scrollIntoView({ block: "nearest" });
}

/** The "what changed" box under the timeline while a past step is shown. */
export function renderChanges(el, viewing, diff) {
  if (!viewing) { el.hidden = true; el.innerHTML = ""; return; }
  const e = viewing.entry;
  const lines = diff.lines.map((l) => `<div class="c ${l.kind}">${esc(l.text)}</div>`);
  const events = (e.events || []).filter(isCall).map((ev) => `<div class="c ev">${cited(eventText(ev))}</div>`);
  el.hidden = false;
  el.innerHTML = `<h3>Step ${e.seq}: ${esc(e.command || "start")}${e.status === "ignored" ? " (ignored)" : ""}</h3>`
    + (lines.length ? lines.join("") : `<div class="c ev">The model did not change.</div>`)
    + (events.length ? `<h3 style="margin-top:6px">What UIKit called</h3>${events.join("")}` : "");
}
