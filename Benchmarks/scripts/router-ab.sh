#!/bin/sh
# router-ab.sh A B [ROUNDS] [SECONDS]: two contact-tui binaries' mock orgs side by side, in one run.
# Starts `A mock-org` and `B mock-org` (100,000 contacts, the same seed, so the same ids), then runs
# ROUNDS interleaved pairs of `wrk -t2 -c32` DELETE rounds (delete.lua's pattern, each pair starting
# at a new id, so both orgs see the same requests in the same state) and prints each round's req/s
# and the org's CPU time per request (from /proc/PID/stat, which the machine's other load disturbs
# less than req/s), the ratios B/A per pair, and the median and spread of the ratios. Needs wrk,
# curl and jq.
set -eu
a=$1 b=$2 rounds=${3:-12} seconds=${4:-3}
work=$(mktemp -d)
trap 'kill $(cat "$work"/*.pid 2>/dev/null) 2>/dev/null || true; rm -rf "$work"' EXIT

start() { # NAME BINARY: starts an org, writes NAME.url and NAME.header (its generated token's header)
    # The token is the one the org prints, so that it is in no process's command line (and an
    # older binary, without --access-token-file, runs the same way).
    "$2" mock-org --port 0 --contacts 100000 --api-limit 1000000000 >"$work/$1.out" 2>"$work/$1.err" &
    echo $! >"$work/$1.pid"
    until grep -q '^access token: ' "$work/$1.out"; do
        kill -0 "$(cat "$work/$1.pid")" 2>/dev/null || { cat "$work/$1.err" >&2; exit 1; }
        sleep 0.2
    done
    grep -o 'http://[0-9.:]*' "$work/$1.out" | head -1 >"$work/$1.url"
    sed -n 's/^access token: /Authorization: Bearer /p' "$work/$1.out" >"$work/$1.header"
}
start a "$a"
start b "$b"

# Every contact id, read from A (B has the same seed).
url=$(cat "$work/a.url")
next="/services/data/v66.0/query?q=SELECT+Id+FROM+Contact"
while [ -n "$next" ] && [ "$next" != null ]; do
    curl -s -H @"$work/a.header" "$url$next" >"$work/page.json"
    jq -r '.records[].Id' "$work/page.json" >>"$work/ids"
    next=$(jq -r '.nextRecordsUrl' "$work/page.json")
done

cat >"$work/delete.lua" <<'EOF'
local ids = {}
for line in io.lines(os.getenv("IDS_FILE")) do ids[#ids + 1] = line end
local start = tonumber(os.getenv("START"))
-- The Authorization header, read from its file (kept out of wrk's command line).
local header = io.open(os.getenv("HEADER_FILE")):read("*l")
wrk.headers["Authorization"] = header:match("^Authorization: (.*)$")
local threads = {}
function setup(thread) thread:set("offset", #threads); table.insert(threads, thread) end
function init(args) counter = 0 end
function request()
  local index = (start + counter * 2 + (offset or 0)) % #ids + 1
  counter = counter + 1
  return wrk.format("DELETE", "/services/data/v66.0/sobjects/Contact/" .. ids[index])
end
EOF

cpu() { # NAME: the org's user + system CPU time so far, in clock ticks
    awk '{print $14 + $15}' "/proc/$(cat "$work/$1.pid")/stat"
}
measure() { # NAME START: prints "req/s µs-of-CPU-per-request"
    before=$(cpu "$1")
    IDS_FILE="$work/ids" HEADER_FILE="$work/$1.header" START=$2 wrk -t2 -c32 -d"${seconds}s" \
        -s "$work/delete.lua" "$(cat "$work/$1.url")/" >"$work/wrk.out"
    after=$(cpu "$1")
    awk -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" '
        /requests in/ {requests = $1} /Requests\/sec/ {rate = $2}
        END {printf "%s %.2f\n", rate, ticks / hz * 1e6 / requests}' "$work/wrk.out"
}
round=0
while [ $round -lt "$rounds" ]; do
    start=$((round * 37171))
    # Alternate which org goes first, so neither always meets the warmer (or busier) moment.
    if [ $((round % 2)) -eq 0 ]; then ra=$(measure a $start); rb=$(measure b $start)
    else rb=$(measure b $start); ra=$(measure a $start); fi
    echo "$round $ra $rb" | awk '{printf "round %d: A %.0f req/s %.1f us/req, B %.0f req/s %.1f us/req, B/A %.3f req/s %.3f CPU/req\n", $1, $2, $3, $4, $5, $4 / $2, $5 / $3}'
    echo "$ra $rb" >>"$work/rounds"
    round=$((round + 1))
done
summary() { # LABEL FIELD-OF-A FIELD-OF-B
    awk -v a="$2" -v b="$3" '{print $b / $a}' "$work/rounds" | sort -n | awk -v label="$1" '{r[NR] = $1} END {
        m = (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
        printf "B/A %s over %d rounds: median %.3f, min %.3f, max %.3f\n", label, NR, m, r[1], r[NR] }'
}
summary req/s 1 3
summary CPU/request 2 4
awk '{a += $1; b += $3; ca += $2; cb += $4} END {
    printf "mean: A %.0f req/s %.1f us/req, B %.0f req/s %.1f us/req\n", a / NR, ca / NR, b / NR, cb / NR}' "$work/rounds"
