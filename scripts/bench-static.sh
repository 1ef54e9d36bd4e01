#!/usr/bin/env bash
# bench-static.sh — how fast NavLab serves the page's static files, next to nginx.
#
# Usage: scripts/bench-static.sh NAVLAB [--quick]
#   NAVLAB   path to a navlab binary (make bench passes .build/release/navlab)
#   --quick  3 s measured runs instead of 10 s
#
# What it measures: requests/second for GET /index.html (the page's main file), served
#   - by NavLab: `navlab run --serve --port 0` on a two-line script, run from the
#     repository so it serves the repository's Public/ folder;
#   - by nginx: an unprivileged instance with a throwaway config (own prefix, logs, pid
#     and temp paths in a temp dir, access_log off, sendfile, keep-alive) whose root is
#     the same Public/ folder;
# on this machine, in this run, with the same load generator and the same parameters:
# `wrk -t2 -c64 -d10s` (keep-alive connections, loopback only), NavLab first, then nginx,
# each after a 1 s warm-up run. It prints both rates, the ratio NavLab/nginx and the
# machine's load average at the start (wrk shares the cores with the server it measures,
# so a busy machine lowers both numbers). It prints numbers and asserts nothing.
#
# Needs wrk and nginx (Debian packages `wrk`, `nginx`; `make bench` installs them): when one
# is missing it says so and exits 0. Also uses curl and python3 (to pick a free port).
# Exits 1 only when a server cannot be started or does not answer 200.
set -eu

usage() { echo "usage: $0 NAVLAB [--quick]" >&2; exit 2; }

# --- arguments -------------------------------------------------------------------------
navlab="" quick=0
for arg in "$@"; do
    case "$arg" in
        --quick) quick=1 ;;
        -h|--help) usage ;;
        -*) echo "unknown option: $arg" >&2; usage ;;
        *) [ -z "$navlab" ] || usage; navlab="$arg" ;;
    esac
done
[ -n "$navlab" ] || usage
case "$navlab" in /*) ;; *) navlab="$PWD/$navlab" ;; esac
[ -x "$navlab" ] || { echo "bench-static: $navlab is not an executable navlab binary" >&2; exit 1; }

# The repository (this script lives in scripts/) and the page's files nginx serves.
root="$(cd "$(dirname "$0")/.." && pwd)"
public="$root/Public"
[ -f "$public/index.html" ] || { echo "bench-static: $public/index.html not found" >&2; exit 1; }

duration=10; [ "$quick" = 1 ] && duration=3
threads=2 connections=64

# --- tools -----------------------------------------------------------------------------
# nginx lives in /usr/sbin, which a normal user's PATH may lack.
nginx_bin="$(command -v nginx 2>/dev/null || true)"
[ -z "$nginx_bin" ] && [ -x /usr/sbin/nginx ] && nginx_bin=/usr/sbin/nginx
missing=""
command -v wrk >/dev/null 2>&1 || missing="$missing wrk"
[ -n "$nginx_bin" ] || missing="$missing nginx"
if [ -n "$missing" ]; then
    echo "static files: skipped, not installed:$missing (make bench installs them: Debian packages, or Homebrew formulae on a Mac)"
    exit 0
fi
for tool in curl python3; do
    command -v "$tool" >/dev/null 2>&1 || { echo "bench-static: $tool is needed" >&2; exit 1; }
done

# --- temp dir and cleanup --------------------------------------------------------------
tmp="$(mktemp -d "${TMPDIR:-/tmp}/navlab-bench-static.XXXXXX")"
navlab_pid="" nginx_pid=""

# Stops a process this script started: TERM, up to 5 s, then KILL.
stop() {
    pid="$1"
    [ -n "$pid" ] || return 0
    kill "$pid" 2>/dev/null || return 0
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}
cleanup() {
    stop "$navlab_pid"
    stop "$nginx_pid"   # nginx's master stops its workers on TERM
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Answers the HTTP status of a GET (000 when nothing answers).
status() { curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$1" || true; }

# A free loopback port (the kernel picks it; nginx binds it a moment later).
free_port() {
    python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'
}

# Runs wrk (1 s warm-up, then the measured run) on URL; prints requests/second. Anything
# wrk reports besides 2xx answers (errors, timeouts, refusals) goes to stderr as a note.
measure() {
    name="$1" url="$2" out="$tmp/wrk-$1.txt"
    wrk -t"$threads" -c"$connections" -d1s "$url" >/dev/null 2>&1 || true
    wrk -t"$threads" -c"$connections" -d"${duration}s" "$url" >"$out" 2>&1 || true
    rate="$(awk '/^Requests\/sec:/ { print $2 }' "$out")"
    if [ -z "$rate" ]; then
        echo "bench-static: wrk gave no rate for $name:" >&2; cat "$out" >&2; rate=0
    fi
    grep -E 'Non-2xx|Socket errors' "$out" | sed "s/^ */note: $name: /" >&2 || true
    echo "$rate"
}

# --- the machine -----------------------------------------------------------------------
load="$(uptime | sed -n 's/.*load average[s]*: *//p')"
echo "machine: $(getconf _NPROCESSORS_ONLN) cores, load average ${load:-unknown} (at start; wrk runs on the same cores)"

# --- NavLab ----------------------------------------------------------------------------
mkdir -p "$tmp/navlab-home"
printf 'initial Nav(Home)\nlaunch\n' >"$tmp/bench.navlab"
cd "$root"   # NavLab looks for Public/ beside the binary, then in the working directory
NAVLAB_HOME="$tmp/navlab-home" NO_COLOR=1 "$navlab" run --serve --port 0 "$tmp/bench.navlab" \
    </dev/null >"$tmp/navlab.out" 2>"$tmp/navlab.err" &
navlab_pid=$!

# It prints `page: http://127.0.0.1:PORT/` once it listens; wait for that, 60 s at most.
navlab_port=""
for _ in $(seq 600); do
    navlab_port="$(sed -n 's|.*page: http://127\.0\.0\.1:\([0-9][0-9]*\)/.*|\1|p' "$tmp/navlab.out" | head -n 1)"
    [ -n "$navlab_port" ] && break
    kill -0 "$navlab_pid" 2>/dev/null || break
    sleep 0.1
done
if [ -z "$navlab_port" ]; then
    if kill -0 "$navlab_pid" 2>/dev/null; then why="did not print its page URL within 60 s"; else why="exited before serving"; fi
    echo "bench-static: NavLab $why; the end of its output:" >&2
    tail -n 20 "$tmp/navlab.out" "$tmp/navlab.err" >&2
    exit 1
fi
# NavLab refuses a Host that is not its own: wrk sends Host from the URL, so use 127.0.0.1:PORT.
navlab_url="http://127.0.0.1:$navlab_port/index.html"
code="$(status "$navlab_url")"
if [ "$code" != 200 ]; then
    echo "bench-static: GET $navlab_url answered $code, not 200" >&2
    tail -n 5 "$tmp/navlab.err" >&2
    exit 1
fi

# --- nginx -----------------------------------------------------------------------------
ngx="$tmp/nginx"
mkdir -p "$ngx/logs" "$ngx/temp"
nginx_port="$(free_port)"
# Run as root, nginx would switch its workers to `nobody`; keep them as this user instead,
# like NavLab (the directive only matters, and is only allowed quietly, for root).
user_line=""
[ "$(id -u)" = 0 ] && user_line="user $(id -un) $(id -gn);"
cat >"$ngx/nginx.conf" <<EOF
# Throwaway config written by scripts/bench-static.sh: everything stays in $ngx.
$user_line
daemon off;
worker_processes auto;
pid $ngx/nginx.pid;
error_log $ngx/logs/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 65;
    keepalive_requests 100000;
    types { text/html html; text/css css; application/javascript js; image/svg+xml svg; }
    default_type application/octet-stream;
    client_body_temp_path $ngx/temp/client_body;
    proxy_temp_path $ngx/temp/proxy;
    fastcgi_temp_path $ngx/temp/fastcgi;
    uwsgi_temp_path $ngx/temp/uwsgi;
    scgi_temp_path $ngx/temp/scgi;
    server {
        listen 127.0.0.1:$nginx_port;
        server_name localhost;
        root $public;
    }
}
EOF
# -e (nginx ≥ 1.19.5) keeps nginx from opening the default /var/log/nginx/error.log first.
nginx_args=(-p "$ngx" -c "$ngx/nginx.conf")
"$nginx_bin" -h 2>&1 | grep -q -- '-e filename' && nginx_args+=(-e "$ngx/logs/error.log")
"$nginx_bin" "${nginx_args[@]}" </dev/null >"$ngx/logs/stdout.log" 2>&1 &
nginx_pid=$!

nginx_url="http://127.0.0.1:$nginx_port/index.html"
code=000
for _ in $(seq 100); do   # 10 s at most
    kill -0 "$nginx_pid" 2>/dev/null || break
    code="$(status "$nginx_url")"
    [ "$code" = 200 ] && break
    sleep 0.1
done
if [ "$code" != 200 ]; then
    echo "bench-static: nginx did not answer 200 on $nginx_url (got $code); its log:" >&2
    tail -n 20 "$ngx/logs/stdout.log" "$ngx/logs/error.log" >&2 2>/dev/null || true
    exit 1
fi

# Both must serve the same bytes, or the comparison means little.
curl -s --max-time 5 -o "$tmp/navlab.html" "$navlab_url" || true
curl -s --max-time 5 -o "$tmp/nginx.html" "$nginx_url" || true
cmp -s "$tmp/navlab.html" "$tmp/nginx.html" \
    || echo "note: NavLab and nginx serve different index.html files ($(wc -c <"$tmp/navlab.html") vs $(wc -c <"$tmp/nginx.html") bytes)" >&2

# --- measure: NavLab first, then nginx (one server runs at a time under load) ------------
navlab_rate="$(measure navlab "$navlab_url")"
nginx_rate="$(measure nginx "$nginx_url")"

awk -v a="$navlab_rate" -v b="$nginx_rate" -v t="$threads" -v c="$connections" -v d="$duration" \
    -v size="$(wc -c <"$public/index.html" | tr -d ' ')" 'BEGIN {
    ratio = (b > 0) ? sprintf("%.2f", a / b) : "n/a"
    printf "static files, GET /index.html (%d bytes), wrk %d threads %d connections %d s: navlab %.0f req/s, nginx %.0f req/s, ratio %s× nginx\n", size, t, c, d, a, b, ratio
}'
