#!/bin/sh
# Build KPatience's Yukon solver as a command-line program for bench/kpatience.py.
#
#     sh bench/kpatience/build.sh KPAT_SOURCE [OUTPUT]
#
# KPAT_SOURCE: a checkout of KDE's kpat (the folder holding src/patsolve/).
# OUTPUT: the program to write (default: ./kpatience-yukon).
# Needs g++, pkg-config and Qt's core library with its headers (Qt 6, or Qt 5),
# and freecell-solver's headers (patsolve's MOVE names its move type); on Debian:
# qt6-base-dev libfreecell-solver-dev.
#
# KPatience's solver files (and its shuffle, and the body of Yukon::restart, for
# the program's --deal) are copied unchanged into a scratch folder next to
# the stand-ins of this folder (for the KDE pieces the solver touches) and
# compiled there with the shim's main, kpatience_yukon.cpp.
set -eu

if [ $# -lt 1 ] || [ ! -f "$1/src/patsolve/yukonsolver.cpp" ]; then
    echo "usage: $0 KPAT_SOURCE [OUTPUT]  (KPAT_SOURCE: kpat's source, with src/patsolve/)" >&2
    exit 2
fi
kpat=$1
output=${2:-./kpatience-yukon}
here=$(cd "$(dirname "$0")" && pwd)

if pkg-config --exists Qt6Core; then
    qt=Qt6Core
elif pkg-config --exists Qt5Core; then
    qt=Qt5Core
else
    echo "$0: Qt's core library (Qt6Core or Qt5Core) not found by pkg-config" >&2
    exit 2
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/src/patsolve"
for file in patsolve.h patsolve.cpp memory.h memory.cpp solverinterface.h yukonsolver.h yukonsolver.cpp; do
    cp "$kpat/src/patsolve/$file" "$scratch/src/patsolve/"
done
cp "$kpat/src/hint.h" "$kpat/src/shuffle.h" "$scratch/src/"
# The body of Yukon::restart, which deals a game, for the program's --deal.
sed -n '/^void Yukon::restart(/,/^}/p' "$kpat/src/yukon.cpp" | sed 1d > "$scratch/src/yukon_restart.inc"
if ! grep -q takeLast "$scratch/src/yukon_restart.inc"; then
    echo "$0: Yukon::restart not found in $kpat/src/yukon.cpp" >&2
    exit 2
fi
cp "$here/yukon.h" "$here/patpile.h" "$here/kpat_debug.h" "$here/kpatience_yukon.cpp" "$scratch/src/"

# shellcheck disable=SC2046  # pkg-config's flags are meant to split
g++ -std=c++17 -O2 -DNDEBUG -DQT_NO_DEBUG -fPIC -pthread \
    -I"$scratch/src" -I"$here/include" $(pkg-config --cflags "$qt") \
    "$scratch/src/kpatience_yukon.cpp" \
    "$scratch/src/patsolve/patsolve.cpp" \
    "$scratch/src/patsolve/memory.cpp" \
    "$scratch/src/patsolve/yukonsolver.cpp" \
    -o "$output" $(pkg-config --libs "$qt")
echo "built $output from $kpat"
