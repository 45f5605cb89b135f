#!/bin/sh
# A test double that dies before the handshake, like a missing library would.
echo "error while loading shared libraries: libtiaoqi.so" >&2
exit 127
