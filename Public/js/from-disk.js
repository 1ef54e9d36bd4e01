// Opened from disk (a file:// address), the page cannot run: browsers load no ES module, Web
// Worker or WebAssembly module for it (Chromium refuses them as cross-origin requests), and
// NavLab's engine is all three. This classic script, which does load from disk, says so and
// what to run instead, rather than "Loading the session…" for ever and typed lines vanishing.
(function () {
  if (location.protocol !== "file:") return;
  var note = document.getElementById("from-disk");
  var set = function (id, text) { var el = document.getElementById(id); if (el) el.textContent = text; };
  document.getElementById("tree").innerHTML = '<div class="empty">NavLab cannot run from a file: serve this folder (see the note) or run <code>navlab</code>.</div>';
  var dot = document.getElementById("connection");
  dot.setAttribute("data-state", "offline");
  set("connection-label", "opened from a file");
  document.getElementById("command").placeholder = "nothing runs from a file: serve this folder (see the note)";
  document.getElementById("console-form").addEventListener("submit", function (e) {
    e.preventDefault();
    var out = document.getElementById("console-out");
    var line = document.createElement("div");
    line.className = "co error";
    line.textContent = "not run: this page was opened from a file, where browsers do not let it start NavLab's engine — serve the folder (python3 -m http.server 8000 in it, then http://localhost:8000/) or run navlab";
    out.appendChild(line);
    if (!note.open) note.showModal();
  });
  if (note.showModal) note.showModal(); else note.setAttribute("open", "");
})();
