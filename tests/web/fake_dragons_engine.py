"""A stand-in for an engine that plays the dragons variant, for the page's
tests only: it passes the protocol to the real engine (the first argument)
and takes the variant's words out of it, so that the page's referee side
(choosing dragons, telling each engine only its own, marking moves) can be
driven end to end before the engine plays the variant. The game itself is
then the standard one (no captures).

  Variant dragons                   -> Variant standard (and "dragons" in d)
  position startpos dragon X ...    -> position startpos ...
  upper-case letters in a string    -> lower case
  moves marked with * or #          -> the marks dropped
  go choose N                       -> bestmove <the tip of player N's home>
"""

import re
import subprocess
import sys
import threading

# The tips of the homes of the dragons seating (a/c/e, standard board).
TIPS = {1: "m1", 2: "a13", 3: "m13"}


def main():
    engine = subprocess.Popen(
        [sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )
    state = {"dragons": False}
    lock = threading.Lock()

    def write(line):
        with lock:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()

    def pump():
        for line in engine.stdout:
            line = line.rstrip("\n")
            if state["dragons"] and line.startswith("Rules: "):
                line = line.replace("Variant standard", "Variant dragons")
            write(line)

    threading.Thread(target=pump, daemon=True).start()
    for line in sys.stdin:
        words = line.split()
        if words[:4] == ["setoption", "name", "Variant", "value"] and len(words) == 5:
            state["dragons"] = words[4].lower() == "dragons"
            line = "setoption name Variant value standard\n" if state["dragons"] else line
        elif words[:2] == ["go", "choose"] and len(words) == 3:
            write(f"bestmove {TIPS.get(int(words[2]), 'none')}")
            continue
        elif words[:1] == ["position"]:
            if words[1:3] == ["startpos", "dragon"]:
                del words[2:4]
            if words[1:2] == ["fen"]:
                words[2] = words[2].lower()
            words = [re.sub(r"[*#]+$", "", w) for w in words]
            line = " ".join(words) + "\n"
        engine.stdin.write(line)
        engine.stdin.flush()
        if words[:1] == ["quit"]:
            break
    engine.stdin.close()
    engine.wait()


if __name__ == "__main__":
    main()
