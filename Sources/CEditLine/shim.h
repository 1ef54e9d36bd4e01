#ifndef NAVLAB_CEDITLINE_SHIM_H
#define NAVLAB_CEDITLINE_SHIM_H
// libedit's native API (Debian's libedit-dev, or the one in Apple's SDK) (el_gets, EL_ADDFN, EL_RPROMPT, history). el_set and history are
// variadic, which Swift cannot call: each use gets a static inline wrapper here.
// The wrappers keep no state of their own (a static in a header would be one copy per
// Swift file in a debug build); the REPL keeps its state in Swift.
#include <histedit.h>
#include <stdio.h>
#include <wchar.h>
#include <sys/ioctl.h>
#include <unistd.h>

typedef char *(*navlab_prompt_fn)(EditLine *);
typedef unsigned char (*navlab_key_fn)(EditLine *, int);

/// `EL_PROMPT_ESC`: the prompt; characters between two `literal` bytes are printed as they
/// are and take no room (colour codes), so cursor movement stays right.
static inline int navlab_el_set_prompt(EditLine *el, navlab_prompt_fn f, char literal) {
    return el_set(el, EL_PROMPT_ESC, f, literal);
}

/// `EL_RPROMPT`: the right prompt (NavLab shows the syntax of the verb being typed).
static inline int navlab_el_set_rprompt(EditLine *el, navlab_prompt_fn f) {
    return el_set(el, EL_RPROMPT, f);
}

/// `EL_EDITOR`: "emacs" or "vi".
static inline int navlab_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

/// `EL_SIGNAL`: libedit puts the terminal back to normal on SIGINT, SIGTSTP, SIGTERM…, then
/// passes the signal on to the handler installed before, and follows SIGWINCH.
static inline int navlab_el_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}

/// `EL_HIST`: walk this history with Up/Down and search it with Ctrl-R.
static inline int navlab_el_set_history(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}

/// `EL_ADDFN`: a named editor function that `bind` (and ~/.editrc) can bind keys to.
static inline int navlab_el_addfn(EditLine *el, const char *name, const char *help, navlab_key_fn f) {
    return el_set(el, EL_ADDFN, name, help, f);
}

/// `EL_BIND`: binds `key` (e.g. "^I", "^R") to the editor function `fn` in the current map.
static inline int navlab_el_bind(EditLine *el, const char *key, const char *fn) {
    return el_set(el, EL_BIND, key, fn, (const char *)NULL);
}

/// `EL_BIND -a`: the same in the alternate map (vi's command mode).
static inline int navlab_el_bind_alternate(EditLine *el, const char *key, const char *fn) {
    return el_set(el, EL_BIND, "-a", key, fn, (const char *)NULL);
}

/// `EL_EDITMODE`: whether editing is on (an `edit off` in ~/.editrc, or a terminal libedit
/// cannot drive, turns it off: then lines are read as they come).
static inline int navlab_el_editing(EditLine *el) {
    int on = 0;
    if (el_get(el, EL_EDITMODE, &on) != 0) return 0;
    return on;
}

/// A function that reads one character for the editor, as a wide character: 1, 0 at end of
/// file, -1 on error. (libedit calls this type `el_rfunc_t`, which Apple's `histedit.h` does
/// not declare: it is private there.)
typedef int (*navlab_read_fn)(EditLine *, wchar_t *);

/// `EL_GETCFN` through `el_wset`: the function that reads one character for the editor. Set
/// through the narrow `el_set`, Apple's libedit would keep only the first byte of each wide
/// character it returns (`*cp = *(char *)cp`), garbling `é` or `…`; `el_wset` keeps it whole
/// on both libedits.
static inline int navlab_el_set_getcfn(EditLine *el, navlab_read_fn f) {
    return el_wset(el, EL_GETCFN, f);
}

/// `EL_REFRESH`: draws the prompt and the line again, from the start of the cursor's line.
static inline int navlab_el_refresh(EditLine *el) {
    return el_set(el, EL_REFRESH);
}

/// `H_SETSIZE`: keep at most `n` entries.
static inline int navlab_history_setsize(History *h, int n) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, n);
}

/// `H_SETUNIQUE`: drop a line equal to the one before it.
static inline int navlab_history_setunique(History *h, int on) {
    HistEvent ev;
    return history(h, &ev, H_SETUNIQUE, on);
}

/// `H_ENTER`: adds a line.
static inline int navlab_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}

/// `H_LOAD`: reads a history file; the number of entries read, or -1.
static inline int navlab_history_load(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_LOAD, path);
}

/// `H_SAVE`: writes the history file; the number of entries written, or -1.
static inline int navlab_history_save(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_SAVE, path);
}

/// `H_GETSIZE`: how many entries the history holds.
static inline int navlab_history_count(History *h) {
    HistEvent ev;
    if (history(h, &ev, H_GETSIZE) == -1) return 0;
    return ev.num;
}

/// C's standard streams (Swift 6 will not read the `stdin`/`stdout` globals directly); the
/// editor must share `stdout` with Swift's `print` so that their output stays in order.
static inline FILE *navlab_stdin(void) { return stdin; }
static inline FILE *navlab_stdout(void) { return stdout; }
static inline FILE *navlab_stderr(void) { return stderr; }

/// The terminal's width in columns (80 when it cannot be asked).
static inline int navlab_terminal_columns(int fd) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
    return 80;
}

#endif
