// Import…: a real app's printout (`_printHierarchy` or ScreenState's summary) pasted on the
// page becomes `import FORMAT <<END`, its lines, `END`, run in the shared session like any
// command (undo steps back over it; `save` keeps the lines). Storyboards — `.storyboard` files
// opened, or one's XML pasted — become `import storyboard NAME… <<END`, the files' XML one
// after the other, `END` (the engine splits them at each `<?xml`).
import { api } from "./api.js";
import { $, esc } from "./dom.js";

/** Limits.importBytes: the largest request the server takes, the size of the prompt's import. */
export const IMPORT_BYTES = 64 * 1048576;
/** Limits.storyboardBytes: the most storyboard XML one `import storyboard` reads. */
const STORYBOARD_BYTES = 16 * 1048576;

/** `header <<END`, the lines, `END`, with a terminator that no line of the text is. */
export function heredoc(header, text) {
  const body = text.replace(/\s+$/, "");
  const lines = new Set(body.split("\n").map((l) => l.trim()));
  let word = "END";
  for (let n = 2; lines.has(word); n++) word = `END${n}`;
  return `${header} <<${word}\n${body}\n${word}`;
}

export function openImportDialog() {
  const dialog = $("import-dialog");
  $("import-note").innerHTML = "";
  $("import-run").disabled = false;
  if (!dialog.open) dialog.showModal();
  $("import-text").focus();
}

/** A storyboard's name from its file's: `Main` for `Main.storyboard`, as one word. */
export function storyboardName(file) {
  return file.replace(/\.storyboard$/i, "").replace(/[^A-Za-z0-9_.-]+/g, "_") || "Main";
}

function showFormat() {
  const storyboard = $("import-format").value === "storyboard";
  $("import-names-label").hidden = !storyboard;
  $("import-text").placeholder = storyboard
    ? '<?xml version="1.0" encoding="UTF-8"?>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" …>'
    : $("import-format").value === "uikit"
      ? "<UINavigationController 0x103810a00>, state: appeared, view: <UILayoutContainerView 0x104c0ebd0>\n   | <MyApp.Feed 0x104d0e5f0>, state: appeared, view: <UIView 0x104d1a880>"
      : "UINavigationController (Root): {\n    Feed (Navigation Child)\n}";
}

/** `.storyboard` files opened or dropped: their XML in the box, their names, Storyboard chosen. */
async function openStoryboards(files) {
  if (!files.length) return;
  const texts = await Promise.all([...files].map((f) => f.text()));
  $("import-format").value = "storyboard";
  $("import-names").value = [...files].map((f) => storyboardName(f.name)).join(" ");
  $("import-text").value = texts.map((t) => t.replace(/\s+$/, "")).join("\n");
  $("import-note").innerHTML = `<span class="muted">${files.length === 1 ? "1 storyboard" : `${files.length} storyboards`} read: Import runs <code>import storyboard ${esc($("import-names").value)} &lt;&lt;END</code>.</span>`;
  showFormat();
}

/** A file dropped on the page that is a storyboard (by its name: browsers give XML no one type). */
export const isStoryboardFile = (file) => /\.storyboard$/i.test(file.name);

/**
 * `.storyboard` files dropped on the page: imported as Import… would, all in one `import
 * storyboard` (an app's storyboards reference each other). Done: true. Refused: the Import
 * dialog opens with the files in it and the refusal Import… shows, to fix and try again.
 */
export async function importStoryboardFiles(files) {
  const dialog = $("import-dialog");
  await openStoryboards(files);
  if (await runImport()) return true;
  if (!dialog.open) dialog.showModal();
  return false;
}

/**
 * The line and column an error's `NAME.storyboard:LINE:COLUMN:` names, in the box that holds
 * the storyboards `names` one after the other, each from its `<?xml` line (as the engine
 * splits them): { source, column }, or null.
 */
function storyboardPlace(text, names, message) {
  const m = /^(.+?)\.storyboard:(\d+):(\d+): /.exec(message);
  const which = m ? names.indexOf(m[1]) : -1;
  if (which < 0) return null;
  const lines = text.split("\n");
  const starts = [0];
  if (names.length > 1) {
    let content = false;
    lines.forEach((l, i) => {
      if (/^[ \t\uFEFF]*<\?xml/.test(l) && content) { starts.push(i); content = false; }
      if (/[^ \t\r]/.test(l)) content = true;
    });
  }
  if (which >= starts.length) return null;
  const source = lines[starts[which] + Number(m[2]) - 1];
  return source == null ? null : { source, column: Number(m[3]) };
}

/** Runs the box's import; true when it is done (the dialog closes), false when it is refused. */
async function runImport() {
  const text = $("import-text").value;
  const format = $("import-format").value;
  if (!text.trim()) {
    $("import-note").innerHTML = `<span class="error">${format === "storyboard" ? "Open a .storyboard file or paste its XML first." : "Paste what the debugger printed first."}</span>`;
    return false;
  }
  // The server takes what the prompt takes (Docs/Limits.md): say so here rather than send more.
  const bytes = new Blob([text]).size;
  if (bytes > (format === "storyboard" ? STORYBOARD_BYTES : IMPORT_BYTES)) {
    const mib = (bytes / 1048576).toFixed(1);
    $("import-note").innerHTML = format === "storyboard"
      ? `<span class="error">The storyboards are ${mib} MiB together; NavLab reads at most ${STORYBOARD_BYTES / 1048576} MiB of storyboards in one import.</span>`
        + `<span class="muted">Import fewer at a time: those that reference each other together.</span>`
      : `<span class="error">The printout is ${mib} MiB; an import takes at most ${IMPORT_BYTES / 1048576} MiB (250,000 view controllers).</span>`
        + `<span class="muted">Import the part you want to try things on: a printout that starts below the root imports as the subtree it shows.</span>`;
    return false;
  }
  $("import-run").disabled = true;
  const names = ($("import-names").value.trim().split(/\s+/).filter(Boolean).map(storyboardName).join(" ")) || "Main";
  const header = format === "storyboard" ? `import storyboard ${names}` : `import ${format}`;
  const answer = await api.run(heredoc(header, text)).catch((e) => ({ status: "failed", error: { message: e.message } }));
  $("import-run").disabled = false;
  if (answer.status === "failed") {
    const e = answer.error || {};
    // Line 1 is `import … <<END`: the pasted text's line N is line N + 1. A storyboard's error
    // names its place in its file (`Main.storyboard:12:5: …`): that line is shown from the box.
    const line = e.line > 1 ? e.line - 1 : null;
    const inFile = format === "storyboard" && !line ? storyboardPlace(text, names.split(" "), e.message || "") : null;
    const source = line ? text.split("\n")[line - 1] : inFile?.source;
    const column = line ? e.column : inFile?.column;
    $("import-note").innerHTML = `<span class="error">${line ? `Line ${line}: ` : ""}${esc(e.message || "the import failed")}</span>`
      + (source != null ? `<pre class="mono import-line">${esc(source)}\n${" ".repeat(Math.max(0, (column || 1) - 1))}^</pre>` : "")
      + (e.suggestion ? `<span class="muted">${esc(e.suggestion)}</span><br>` : "")
      + `<span class="muted">Nothing was imported.</span>`;
    return false;
  }
  if ($("import-dialog").open) $("import-dialog").close();
  $("import-text").value = "";
  return true;
}

export function setUpImport() {
  $("import").addEventListener("click", openImportDialog);
  $("import-close").addEventListener("click", () => $("import-dialog").close());
  $("import-cancel").addEventListener("click", () => $("import-dialog").close());
  $("import-run").addEventListener("click", runImport);
  $("import-text").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); runImport(); }
  });
  $("import-format").addEventListener("change", showFormat);
  $("import-file").addEventListener("change", async (e) => {
    await openStoryboards(e.target.files);
    e.target.value = "";
  });
}
