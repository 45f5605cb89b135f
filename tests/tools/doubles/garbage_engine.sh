#!/bin/sh
# A test double that passes the handshake and then answers every search
# with noise instead of a bestmove.
while read -r line; do
  case "$line" in
    uci) echo "id name garbage"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) echo "the quick brown fox" ;;
    quit) exit 0 ;;
  esac
done
