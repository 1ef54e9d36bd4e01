// Completion for the command box, from the one verb table (GET /api/verbs) and the live
// names in the state. (Once NavLabCommands' `Completion` is merged the server can answer
// this itself; the page's contract — start and candidates — stays the same.)

const NAME_WORDS = new Set(["on", "to", "in", "from"]);
const YES_NO = ["yes", "no"];

/**
 * Candidates for the word under the cursor: { start, candidates: [{ text, detail }] }.
 * `start` is where the replaced word begins.
 */
export function complete(line, cursor, table, state) {
  if (!table) return { start: cursor, candidates: [] };
  const before = line.slice(0, cursor);
  const start = Math.max(before.lastIndexOf(" "), before.lastIndexOf("\t")) + 1;
  const word = before.slice(start);
  const previous = before.slice(0, start).trim().split(/\s+/).filter(Boolean);
  const verbs = table.verbs;
  const byPrefix = (list, prefix = word) => {
    const p = prefix.toLowerCase();
    return list.filter((c) => c.text.toLowerCase().startsWith(p) && c.text !== prefix);
  };

  if (!previous.length) {
    return { start, candidates: byPrefix(verbs.map((v) => ({ text: v.name, detail: v.summary }))) };
  }
  const verb = verbs.find((v) => v.name === previous[0] || v.name.toLowerCase() === previous[0].toLowerCase());
  if (!verb) return { start, candidates: [] };

  const vcs = state?.viewControllers || {};
  const names = () => [...Object.keys(vcs), "root", "top", "window"].map((n) => ({ text: n, detail: vcs[n] ? `${vcs[n].class} · ${vcs[n].appearance}` : "" }));
  const classes = () => [...new Set(Object.values(vcs).map((v) => v.class))].map((c) => ({ text: c, detail: "class" }));

  // key=value
  const eq = word.indexOf("=");
  if (eq > 0) {
    const key = word.slice(0, eq);
    const valueStart = start + eq + 1;
    const prefix = word.slice(eq + 1);
    let values = [];
    if (key === "style" || key === "modalPresentationStyle") values = table.styles;
    else if (key === "iOS" || key === "ios") values = ["12", "13", "14", "15", "16", "17", "18"];
    else if (["restorationClass", "storyboard", "definesPresentationContext", "animated", "save", "restore"].includes(key)) values = YES_NO;
    else if (key === "transitionStyle") values = ["pageCurl", "scroll"];
    else if (key === "restorationIdentifier") values = ["class"];
    const p = prefix.toLowerCase();
    return { start: valueStart, candidates: values.filter((v) => v.toLowerCase().startsWith(p) && v !== prefix).map((v) => ({ text: v, detail: key })) };
  }
  // @Name: an existing instance in a spec position.
  if (word.startsWith("@")) {
    return { start, candidates: byPrefix(Object.keys(vcs).map((n) => ({ text: "@" + n, detail: vcs[n].class }))) };
  }
  // Inside a spec: Nav(Wel…
  const open = Math.max(word.lastIndexOf("("), word.lastIndexOf(","));
  if (open >= 0) {
    const inner = word.slice(open + 1);
    const list = [...table.containers.map((c) => ({ text: c + "(", detail: "container" })), ...classes()];
    const p = inner.toLowerCase();
    return { start: start + open + 1, candidates: list.filter((c) => c.text.toLowerCase().startsWith(p) && c.text !== inner) };
  }
  if (NAME_WORDS.has(previous[previous.length - 1])) return { start, candidates: byPrefix(names()) };

  const index = previous.length - 1;
  const args = verb.arguments || [];
  if (!args.length) return { start, candidates: [] };
  const kind = args[Math.min(index, args.length - 1)];
  let list = [];
  switch (kind.kind) {
    case "spec": list = [...table.containers.map((c) => ({ text: c + "(", detail: "container" })), ...classes()]; break;
    case "name": list = names(); break;
    case "className": list = [...classes(), { text: "*", detail: "every class" }]; break;
    case "appName": list = []; break; // the page does not know the device's other apps
    case "style": list = table.styles.map((s) => ({ text: s, detail: "style" })); break;
    case "settingKey": list = table.settingKeys.map((k) => ({ text: k + "=", detail: "setting" })); break;
    case "keyword": list = kind.words.map((w) => ({ text: w, detail: verb.name })); break;
    case "fact": list = table.facts.map((f) => ({ text: f.split(" ")[0], detail: "fact" })); break;
    case "verb": list = verbs.map((v) => ({ text: v.name, detail: v.summary })); break;
    default: list = [];
  }
  // After a spec, the verb's keywords are as likely as names.
  if (index > 0 && kind.kind !== "keyword") {
    const keywords = args.filter((a) => a.kind === "keyword").flatMap((a) => a.words.map((w) => ({ text: w, detail: verb.name })));
    list = [...keywords, ...list];
  }
  const seen = new Set();
  return { start, candidates: byPrefix(list).filter((c) => !seen.has(c.text) && seen.add(c.text)).slice(0, 80) };
}

/** The longest prefix all candidates share. */
export function commonPrefix(texts) {
  if (!texts.length) return "";
  let prefix = texts[0];
  for (const t of texts.slice(1)) {
    while (!t.startsWith(prefix)) prefix = prefix.slice(0, -1);
  }
  return prefix;
}
