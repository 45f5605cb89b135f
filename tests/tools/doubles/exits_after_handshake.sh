#!/bin/sh
# A test double that passes the handshake and exits at its first search:
# by the time it is told to quit it has long gone.
while read -r line; do
  case "$line" in
    uci) echo "id name quitter"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) exit 0 ;;
  esac
done
