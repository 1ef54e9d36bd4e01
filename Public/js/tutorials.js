// Tutorials: the ones built into NavLab, listed, played a step at a time with their narration,
// or run whole — in the shared session, like `navlab play NAME` (the page follows the prompt's
// play the same way). The panel does not cover the panes: each step's effect shows in the
// hierarchy, the screen, the log and the timeline as it runs.
//
// Where a tutorial is played to is kept (localStorage, `navlab.tutorial`: its name, the next
// step and the session's seq after the last one ran): closing the panel and opening Tutorials
// again goes on from there, and after a reload the panel asks whether to.
import { api } from "./api.js";
import { $, esc, cited } from "./dom.js";
import { posts } from "./exporting.js";

const panel = () => $("tutorial-panel");
let playing = null; // { tutorial, index, running }
const KEPT = "navlab.tutorial";

/** The tutorial played to, as kept: { name, index, seq } or null. */
function kept() {
  try {
    const k = JSON.parse(localStorage.getItem(KEPT) || "null");
    return k && typeof k.name === "string" && Number.isInteger(k.index) ? k : null;
  } catch {
    return null;
  }
}
function keep() {
  try {
    if (playing && playing.index < playing.tutorial.steps.length) {
      localStorage.setItem(KEPT, JSON.stringify({ name: playing.tutorial.name, index: playing.index, seq: window.navlab?.seq ?? null }));
    } else {
      localStorage.removeItem(KEPT);
    }
  } catch { /* storage full or off: the place is kept in this page only */ }
}
function forget() {
  try { localStorage.removeItem(KEPT); } catch { /* none */ }
}

/** Markdown of a narration (headings, lists, `code`, *emphasis*, **strong**, [links](url)) as HTML. */
export function narrationHTML(lines) {
  const inline = (text) => cited(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\*([^*\s][^*]*)\*/g, "<em>$1</em>")
    .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, (m, label, url) => `<a href="${url}" target="_blank" rel="noopener noreferrer">${label}</a>`);
  const html = [];
  let paragraph = [], list = null;
  const flush = () => {
    if (paragraph.length) html.push(`<p>${inline(paragraph.join(" "))}</p>`);
    paragraph = [];
    if (list) html.push(`<ul>${list.map((item) => `<li>${inline(item)}</li>`).join("")}</ul>`);
    list = null;
  };
  for (const raw of lines) {
    const line = raw.trimEnd();
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (!line.trim()) { flush(); continue; }
    if (heading) { flush(); html.push(`<h${Math.min(4, heading[1].length + 2)}>${inline(heading[2])}</h${Math.min(4, heading[1].length + 2)}>`); continue; }
    if (/^>\s?/.test(line)) { flush(); html.push(`<p class="muted">${inline(line.replace(/^>\s?/, ""))}</p>`); continue; }
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (item) { if (paragraph.length) { html.push(`<p>${inline(paragraph.join(" "))}</p>`); paragraph = []; } (list ||= []).push(item[1]); continue; }
    if (list && /^\s+\S/.test(raw)) { list[list.length - 1] += " " + line.trim(); continue; }
    if (list) flush();
    paragraph.push(line.trim());
  }
  flush();
  return html.join("");
}

/** The panel's body; opened unless `open` is false (a step that ends while the panel is closed). */
function show(html, { open = true } = {}) {
  $("tutorial-body").innerHTML = html;
  $("tutorial-body").scrollTop = 0;
  if (open && !panel().open) panel().show();
}

/** The Tutorials button: the tutorial being played, where it was, or else the list. */
export async function openPanel() {
  if (playing && playing.index < playing.tutorial.steps.length) {
    $("tutorial-title").textContent = playing.tutorial.title;
    render();
    return;
  }
  await openTutorials();
}

/** The list of the built-in tutorials (and, on top, the one played to, to go on with). */
export async function openTutorials() {
  $("tutorial-title").textContent = "Tutorials";
  show(`<p class="muted">loading…</p>`);
  try {
    const { tutorials } = await api.tutorials();
    const place = playing && playing.index < playing.tutorial.steps.length
      ? { name: playing.tutorial.name, index: playing.index } : kept();
    const going = place && tutorials.find((t) => t.name === place.name);
    const resume = going
      ? `<div class="tutorial-resume"><span>You were at step ${place.index + 1} of ${going.steps} of <b>${esc(going.title)}</b>.</span>`
        + `<button type="button" data-resume="${esc(going.name)}" class="primary">Go on</button></div>` : "";
    show(resume + `<p class="muted">Each starts a fresh session (<code>reset</code>; <code>undo</code> past it brings this one back). <b>Play</b> goes a step at a time with the narration; <b>Run</b> replays it whole.</p>`
      + `<ul class="tutorial-list">${tutorials.map((t) => `<li data-tutorial="${esc(t.name)}"><div class="tutorial-name">${esc(t.title)}</div>`
        + `<div class="muted">${esc(t.summary)}</div><div class="tutorial-actions"><span class="muted mono">${esc(t.name)} · ${t.steps} steps</span>`
        + `<button type="button" data-play="${esc(t.name)}" class="primary">Play</button><button type="button" data-run="${esc(t.name)}">Run</button></div></li>`).join("")}</ul>`);
  } catch (error) {
    show(`<p class="error">${esc(error.message)}</p>`);
  }
}

async function load(name) {
  return await api.tutorial(name);
}

/** Starts playing: a fresh session, then the first step's narration (its commands wait for Next). */
async function play(name) {
  const tutorial = await load(name);
  const answer = await api.run("reset");
  if (answer.status === "failed") throw new Error(answer.error?.message || "reset failed");
  playing = { tutorial, index: 0, running: false, done: new Set() };
  keep();
  $("tutorial-title").textContent = tutorial.title;
  render();
}

/** Goes on with the tutorial kept (after a reload): at its next step, in the session as it is. */
async function resume(name) {
  const place = kept();
  const tutorial = await load(name);
  const index = place?.name === name ? Math.min(place.index, tutorial.steps.length) : 0;
  playing = { tutorial, index, running: false, done: new Set() };
  $("tutorial-title").textContent = tutorial.title;
  const moved = place?.seq != null && window.navlab?.seq != null && window.navlab.seq !== place.seq;
  render(null, moved ? "The session has changed since this step's turn came (commands were typed, or undone): the steps go on from it as it is now." : null);
}

/** After a reload: a tutorial was being played here — ask whether to go on with it. */
export async function offerResume() {
  const place = kept();
  if (!place || playing) return;
  try {
    const tutorial = await load(place.name);
    if (playing) return;
    if (place.index >= tutorial.steps.length) { forget(); return; }
    $("tutorial-title").textContent = tutorial.title;
    show(`<p>You were playing <b>${esc(tutorial.title)}</b>: step ${place.index + 1} of ${tutorial.steps.length} comes next.</p>`
      + `<div class="tutorial-actions"><button type="button" data-resume="${esc(tutorial.name)}" class="primary">Go on from step ${place.index + 1}</button>`
      + `<button type="button" data-play="${esc(tutorial.name)}">Start again</button><button type="button" data-forget>Not now</button></div>`);
  } catch {
    forget(); // a tutorial this NavLab does not have
  }
}

function render(problem = null, note = null, { open = true } = {}) {
  const { tutorial, index } = playing;
  const steps = tutorial.steps;
  if (index >= steps.length) {
    show(`<p class="step-count muted">${steps.length} of ${steps.length} · the end</p><p>The end of <b>${esc(tutorial.title)}</b>: every step ran and every check held.</p>`
      + `<p class="muted">The timeline keeps each step; click one to see the model then. Export saves the session as a script.</p>`
      + `<div class="tutorial-actions"><button type="button" data-tutorials class="primary">Tutorials</button><button type="button" data-close-tutorial>Close</button></div>`, { open });
    return;
  }
  const step = steps[index];
  const shown = step.commands.filter((c) => !c.expect);
  const checks = step.commands.length - shown.length;
  show(`<p class="step-count muted">Step ${index + 1} of ${steps.length}</p>`
    + (note ? `<p class="muted tutorial-note">${esc(note)}</p>` : "")
    + `<div class="narration">${narrationHTML(step.narration)}</div>`
    + `<pre class="mono tutorial-commands">${shown.map((c) => "navlab&gt; " + esc(c.text)).join("\n")}</pre>`
    + (checks ? `<p class="muted">and ${checks} check${checks === 1 ? "" : "s"} (<code>expect</code>) that must hold</p>` : "")
    + (problem ? `<p class="error tutorial-problem">${esc(problem)}</p>` : "")
    + `<div class="tutorial-actions"><button type="button" data-next class="primary" ${playing.running ? "disabled" : ""}>${index + 1 === steps.length ? "Run the last step" : "Run this step"}</button>`
    + `<button type="button" data-rest ${playing.running ? "disabled" : ""}>Run to the end</button><button type="button" data-tutorials>Tutorials</button></div>`, { open });
}

/** Runs the current step's commands; a failed one stops the tutorial there with its error. */
async function runStep() {
  if (!playing || playing.running) return false;
  const step = playing.tutorial.steps[playing.index];
  playing.running = true;
  // A panel closed meanwhile stays closed (the place is kept; Tutorials opens it there).
  render(null, null, { open: false });
  const answer = await api.run(step.commands.map((c) => c.run).join("\n")).catch((e) => ({ status: "failed", error: { message: e.message } }));
  playing.running = false;
  if (answer.status === "failed") {
    const failed = (answer.results || []).find((r) => r.status === "failed");
    const command = failed ? step.commands[failed.lineNumber - 1] : null;
    keep();
    render(`${command ? `line ${command.line}: ` : ""}${answer.error?.message || "the step failed"}${answer.error?.suggestion ? ` — ${answer.error.suggestion}` : ""}`);
    return false;
  }
  playing.index += 1;
  keep();
  render(null, null, { open: false });
  return true;
}

async function runRest() {
  while (playing && playing.index < playing.tutorial.steps.length) {
    if (!(await runStep())) return;
  }
}

/** Runs a tutorial whole: `reset`, then its script, as opening a script does. */
async function runWhole(name) {
  const tutorial = await load(name);
  playing = null;
  forget();
  $("tutorial-title").textContent = tutorial.title;
  show(`<p class="muted">running ${tutorial.steps.length} steps…</p>`);
  const commands = tutorial.steps.flatMap((s) => s.commands);
  const text = commands.map((c) => c.run).join("\n");
  // A line of the text → its command (an `import … <<END` command spans several lines).
  const lines = commands.flatMap((c) => c.run.split("\n").map(() => c));
  for (const part of posts(text)) {
    const answer = await api.run(part.body).catch((e) => ({ status: "failed", error: { message: e.message } }));
    if (answer.status === "failed") {
      const failed = (answer.results || []).find((r) => r.status === "failed");
      const at = failed ? lines[failed.lineNumber + part.offset - 1] : null;
      show(`<p class="error">${at ? `line ${at.line}: ` : ""}${esc(answer.error?.message || "the tutorial failed")}</p><div class="tutorial-actions"><button type="button" data-tutorials class="primary">Tutorials</button></div>`);
      return;
    }
  }
  show(`<p>Ran <b>${esc(tutorial.title)}</b>: ${commands.length} commands, every check held.</p><p class="muted">Step through what happened on the timeline.</p>`
    + `<div class="tutorial-actions"><button type="button" data-play="${esc(name)}" class="primary">Play it step by step</button><button type="button" data-tutorials>Tutorials</button></div>`);
}

async function guarded(work) {
  try {
    await work();
  } catch (error) {
    show(`<p class="error">${esc(error.message)}</p><div class="tutorial-actions"><button type="button" data-tutorials class="primary">Tutorials</button></div>`);
  }
}

export function setUpTutorials() {
  $("tutorials").addEventListener("click", () => guarded(openPanel));
  $("tutorial-close").addEventListener("click", () => panel().close());
  $("tutorial-body").addEventListener("click", (e) => {
    const t = e.target.closest("button");
    if (!t) return;
    if (t.dataset.play) guarded(() => play(t.dataset.play));
    else if (t.dataset.run) guarded(() => runWhole(t.dataset.run));
    else if ("next" in t.dataset) guarded(runStep);
    else if ("rest" in t.dataset) guarded(runRest);
    else if (t.dataset.resume) guarded(() => resume(t.dataset.resume));
    else if ("forget" in t.dataset) { forget(); panel().close(); }
    else if ("tutorials" in t.dataset) guarded(openTutorials);
    else if ("closeTutorial" in t.dataset) panel().close();
  });
}
