#!/bin/sh
# Installs what the build and the tests need from the system, idempotently:
# nothing is downloaded when everything is already there.
# `deps.sh bench` also installs what `make bench` needs (wrk for HTTP load).
set -eu

missing=""
if [ "${1:-}" = "bench" ]; then
    command -v wrk >/dev/null 2>&1 || missing="$missing wrk"
fi
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
pkg-config --exists ncursesw 2>/dev/null || missing="$missing libncursesw5-dev"
# gzip: RestCore decodes with libdeflate; MockOrg compresses with ISA-L's igzip.
pkg-config --exists libdeflate 2>/dev/null || missing="$missing libdeflate-dev"
pkg-config --exists libisal 2>/dev/null || missing="$missing libisal-dev"
# The local replica and outbox: GRDB links the system SQLite.
pkg-config --exists sqlite3 2>/dev/null || missing="$missing libsqlite3-dev"
command -v tmux >/dev/null 2>&1 || missing="$missing tmux"
command -v openssl >/dev/null 2>&1 || missing="$missing openssl"
# The tests' stand-in Salesforce CLI asks the mock org for tokens with curl.
command -v curl >/dev/null 2>&1 || missing="$missing curl"
command -v python3 >/dev/null 2>&1 || missing="$missing python3 python3-pip"
command -v tinyproxy >/dev/null 2>&1 || missing="$missing tinyproxy"

if [ -n "$missing" ]; then
    echo "deps: installing$missing"
    if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi

# Python packages for the compatibility tests against the mock org.
if ! python3 -c 'import simple_salesforce' >/dev/null 2>&1; then
    echo "deps: installing simple-salesforce"
    python3 -m pip install -q simple-salesforce
fi
