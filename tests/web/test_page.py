"""End-to-end tests of the web page (tools/web/) in headless Chromium.

Each test loads the real page from websocketd, which runs the real engine
behind every WebSocket the page opens, and drives it as a person would:
choosing options and seats, clicking pieces and targets, saving and loading
records. Assertions compare with the engine's own answers.
"""

import os
import re
import subprocess
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from harness import GUARD_SECONDS, REPO, Bridge, Browser, engine_answer

# Set by run.py from its command line.
CONFIG = {"engine": None, "match": None, "screenshot": None, "artifacts": None}

SMALL_BOARD_START = "d/dd/7/6/5/6/7/aa/a 1 a/d 0"


def cube(name, arm_size):
    """The cube coordinates of a hole name (docs/rules.md, section 1)."""
    x = ord(name[0]) - ord("a") - 2 * arm_size
    y = int(name[1:]) - 2 * arm_size - 1
    return x, y, -x - y


def distance(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


BROWSER = {}


def setUpModule():
    BROWSER["browser"] = Browser()


def tearDownModule():
    BROWSER.pop("browser").close()


class PageCase(unittest.TestCase):
    """A bridge running engine_command(), the shared browser, and the
    moves of a person at the page."""

    @classmethod
    def engine_command(cls):
        return [CONFIG["engine"]]

    @classmethod
    def setUpClass(cls):
        cls.engine = CONFIG["engine"]
        cls.bridge = Bridge(cls.engine_command())
        cls.browser = BROWSER["browser"]
        cls.driver = cls.browser.driver

    @classmethod
    def tearDownClass(cls):
        cls.bridge.stop()

    # ---- helpers -----------------------------------------------------------

    def open_page(self):
        self.driver.get(self.bridge.url)
        self.browser.wait(
            lambda d: "option" in (self.browser.text("#connection") or ""),
            "the handshake with the engine",
        )
        self.settle()

    def settle(self):
        """Waits for the page's pending check of the setup with the engine."""
        self.driver.set_script_timeout(GUARD_SECONDS)
        self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.tiaoqi.app.setup.validation.then(() => done(true));"
        )

    def set_rule(self, name, value):
        """Changes a rule input as a person would (value, then change)."""
        selector = {"Players": "#players", "ArmiesPerPlayer": "#armies"}.get(
            name, f'#rules [data-option="{name}"]'
        )
        element = self.driver.find_element(By.CSS_SELECTOR, selector)
        if element.get_attribute("type") == "checkbox":
            if element.is_selected() != (value == "true"):
                element.click()
        elif element.tag_name == "select":
            Select(element).select_by_value(str(value))
        else:
            self.type_into(element, value)
        self.settle()

    def type_into(self, element, value):
        """Replaces a field's text and leaves it, which fires its change."""
        element.send_keys(Keys.CONTROL, "a")
        element.send_keys(str(value), Keys.TAB)

    def seat(self, player):
        return self.driver.find_element(By.CSS_SELECTOR, f'#seats .seat[data-player="{player}"]')

    def set_seat(self, player, kind, time_control=None, value=None):
        row = self.seat(player)
        Select(row.find_element(By.CSS_SELECTOR, ".kind")).select_by_value(kind)
        if time_control:
            Select(row.find_element(By.CSS_SELECTOR, ".tc-kind")).select_by_value(time_control)
        if value is not None:
            self.type_into(row.find_element(By.CSS_SELECTOR, ".tc-value"), value)

    def set_seat_option(self, player, name, value):
        # The seat's engine options sit in a folded part of the form: set
        # the value as a person's choice would, with its change event.
        select = self.seat(player).find_element(
            By.CSS_SELECTOR, f'.engine-options select[data-option="{name}"]'
        )
        self.browser.js(
            "arguments[0].value = arguments[1];" "arguments[0].dispatchEvent(new Event('change'));",
            select,
            value,
        )
        self.assertEqual(select.get_attribute("value"), value)

    def engine_levels(self):
        """The levels of the engine's `levels` command, weakest first, as
        (name, elo); the page's choice must follow them, whatever they are."""
        levels = []
        for line in engine_answer(self.engine, "levels", "quit"):
            if line.startswith("level "):
                match = re.fullmatch(r"level (\S+) elo (\d+)", line)
                self.assertIsNotNone(match, f"a line of levels: {line!r}")
                levels.append((match[1], int(match[2])))
        return levels

    def level_choice(self, player):
        """A seat's choice of strength and the labels it lists."""
        select = self.seat(player).find_element(By.CSS_SELECTOR, "select.level")
        labels = self.browser.js("return [...arguments[0].options].map(o => o.textContent)", select)
        return select, labels

    def choose_level(self, player, name):
        select, _ = self.level_choice(player)
        Select(select).select_by_value(name)
        self.assertEqual(select.get_attribute("value"), name)

    def sent_before_new_game(self, label):
        """What the page sent an engine before its `ucinewgame` (waiting for
        it: the engines of the seats start after the referee)."""
        self.browser.wait(
            lambda d: f"{label} > ucinewgame"
            in self.browser.js("return window.tiaoqi.app.logLines"),
            f"the new game of {label}",
        )
        sent = [line for line in self.engine_log(label) if line.startswith("> ")]
        return sent[: sent.index("> ucinewgame")]

    def state(self):
        return self.browser.js(
            """
            const app = window.tiaoqi.app;
            if (!app.game || !app.game.frames.length || app.game.choosing) return null;
            const f = app.last;
            return {frames: app.game.frames.length, toMove: f.display.toMove,
                    over: f.status.over && app.rendered === app.game.frames.length,
                    places: f.status.places.map(g => g.join('=')).join(' '),
                    position: f.display.position, moveCount: f.display.moveCount,
                    legal: f.legal.map(m => [m.from, m.to]),
                    human: app.awaiting === app.game.frames.length};"""
        )

    def new_game(self):
        self.driver.find_element(By.ID, "new-game").click()
        return self.browser.wait(lambda d: self.state(), "the new game to start")

    def wait_for_human_or_end(self, frames_before=0):
        return self.browser.wait(
            lambda d: (
                lambda s: s
                if s and s["frames"] > frames_before and (s["over"] or s["human"])
                else None
            )(self.state()),
            "a human's turn or the end of the game",
        )

    def click_move(self, start, end):
        """Clicks the piece on start, then its highlighted target end."""
        frames = self.state()["frames"]
        self.driver.find_element(By.CSS_SELECTOR, f'#board .piece[data-hole="{start}"]').click()
        ring = self.browser.wait(
            lambda d: d.find_elements(By.CSS_SELECTOR, f'#board .target-ring[data-hole="{end}"]'),
            f"the target {end} to be highlighted",
        )
        targets = {
            e.get_attribute("data-hole")
            for e in self.driver.find_elements(By.CSS_SELECTOR, "#board .target-ring")
        }
        legal = {to for frm, to in self.state()["legal"] if frm == start}
        self.assertEqual(targets, legal, f"highlighted targets of {start}")
        ring[0].click()
        self.browser.wait(
            lambda d: (self.state() or {}).get("frames", 0) > frames,
            f"the move {start}{end} to be played",
        )

    def forward_move(self, state, army_tip, arm_size):
        """A plain strategy: the legal move that gains most towards the
        target tip, the rearmost piece first among equals."""
        tip = cube(army_tip, arm_size)

        def key(move):
            start, end = move
            gain = distance(cube(start, arm_size), tip) - distance(cube(end, arm_size), tip)
            return (gain, distance(cube(start, arm_size), tip), start, end)

        return max(state["legal"], key=key)

    def record_text(self):
        self.driver.find_element(By.ID, "save").click()
        return self.browser.wait(
            lambda d: self.browser.js("return document.querySelector('#record-text').value"),
            "the saved record",
        )

    def load_record(self, text):
        if not self.driver.find_element(By.ID, "record-text").is_displayed():
            self.driver.find_element(By.CSS_SELECTOR, "#record-box summary").click()
        self.browser.js(
            "const t = document.querySelector('#record-text'); t.value = arguments[0];"
            "t.dispatchEvent(new Event('change'));",
            text,
        )
        self.driver.find_element(By.ID, "load-record").click()

    def engine_log(self, label):
        return self.browser.js(
            "return window.tiaoqi.app.logLines.filter(l => l.startsWith(arguments[0] + ' '))"
            ".map(l => l.slice(arguments[0].length + 1))",
            label,
        )

    def artifact(self, name):
        return os.path.join(CONFIG["artifacts"], name)


class PageTest(PageCase):
    """The page in front of the real engine."""

    def test_form_comes_from_the_engines_options(self):
        self.open_page()
        rules_line = next(
            line for line in engine_answer(self.engine, "d", "quit") if line.startswith("Rules: ")
        )
        engine_rules = [entry.split(" ")[0] for entry in rules_line[len("Rules: ") :].split(", ")]
        inputs = self.browser.js(
            "return [...document.querySelectorAll('#rules [data-option]')].map(n => n.dataset.option)"
        )
        self.assertEqual(
            ["Players", "ArmiesPerPlayer"] + inputs,
            ["Players", "ArmiesPerPlayer"]
            + [n for n in engine_rules if n not in ("Players", "ArmiesPerPlayer")],
        )
        players = [
            o.get_attribute("value")
            for o in self.driver.find_elements(By.CSS_SELECTOR, "#players option")
        ]
        self.assertEqual(players, ["1", "2", "3", "4", "6"])
        # Engine options of a seat come from the same list.
        engine_options = self.browser.js(
            "return [...document.querySelectorAll('#seats .seat[data-player=\"2\"] .engine-options [data-option]')]"
            ".map(n => n.dataset.option)"
        )
        self.assertIn("Search", engine_options)
        self.assertIn("Move Overhead", engine_options)
        self.assertNotIn("LongJumps", engine_options)
        # The seat's level choice sets the strength options: they have no
        # input of their own.
        self.assertNotIn("UCI_LimitStrength", engine_options)
        self.assertNotIn("UCI_Elo", engine_options)

    def test_a_page_closed_during_a_search_leaves_no_error(self):
        # The page goes away while its engine searches: the engine sees its
        # input close, ends the search it was given and exits by itself,
        # and tools/play's server logs nothing, as for any page closed. The
        # page opens in a tab of its own, closed as a person closes it.
        first_tab = self.driver.current_window_handle
        earlier = set(self.bridge.engines_running("tiaoqi"))
        self.driver.switch_to.new_window("tab")
        self.open_page()
        self.set_rule("BoardSize", 2)
        self.set_seat(1, "engine", "movetime", 1000)
        self.new_game()
        self.browser.wait(
            lambda d: "> go movetime 1000" in self.engine_log("player 1"), "the engine's search"
        )
        logged = len(self.bridge.output())
        self.driver.close()
        self.driver.switch_to.window(first_tab)
        self.browser.wait(
            lambda d: set(self.bridge.engines_running("tiaoqi")) <= earlier,
            "the page's engines to exit",
        )
        self.maxDiff = None
        self.assertEqual(self.bridge.output()[logged:], "")

    def test_an_engine_seat_offers_the_engines_levels(self):
        self.open_page()
        levels = self.engine_levels()
        self.assertGreater(len(levels), 1, "the engine should list its levels")
        self.set_seat(2, "engine")
        select, labels = self.level_choice(2)
        self.assertEqual(
            labels, ["full strength"] + [f"{name} (Elo {elo})" for name, elo in levels]
        )
        self.assertTrue(select.is_displayed())
        self.assertTrue(select.is_enabled())
        self.assertEqual(select.get_attribute("value"), "")
        # A human's seat has no strength to choose.
        self.set_seat(1, "human")
        self.assertFalse(self.level_choice(1)[0].is_displayed())

    def test_a_level_reaches_its_seats_engine_and_the_game_stays_legal(self):
        self.open_page()
        name, elo = self.engine_levels()[0]
        self.set_rule("BoardSize", 2)
        # A bound on the game, whatever the weakest level plays.
        self.set_rule("MaxPlies", 80)
        self.set_seat(1, "engine", "depth", 1)
        self.set_seat(2, "engine", "depth", 1)
        self.choose_level(2, name)
        self.new_game()
        # The level's seat is told both options; the full-strength seat is
        # told it plays at full strength, and nothing of an Elo.
        level_seat = self.sent_before_new_game("player 2")
        self.assertIn("> setoption name UCI_LimitStrength value true", level_seat)
        self.assertIn(f"> setoption name UCI_Elo value {elo}", level_seat)
        full_seat = self.sent_before_new_game("player 1")
        self.assertIn("> setoption name UCI_LimitStrength value false", full_seat)
        self.assertEqual([line for line in full_seat if "UCI_Elo" in line], [])
        self.assertEqual(
            [
                line
                for line in self.engine_log("referee")
                if line.startswith("> setoption name UCI_")
            ],
            [],
        )
        titles = [self.browser.text(f'.engine-card[data-player="{p}"] h3') for p in (1, 2)]
        self.assertNotIn("(Elo ", titles[0])
        self.assertIn(f"{name} (Elo {elo})", titles[1])
        # The game runs to its end, every move one the referee listed.
        state = self.browser.wait(
            lambda d: (lambda s: s if s and s["over"] else None)(self.state()),
            "the end of the engines' game",
        )
        frames = self.browser.js(
            """
            return window.tiaoqi.app.game.frames.map(f => ({kind: f.kind, text: f.text ?? '',
                ends: f.path ? [f.path[0], f.path[f.path.length - 1]] : null,
                legal: f.legal.map(m => [m.from, m.to])}));"""
        )
        self.assertGreater(len(frames), 2)
        for before, after in zip(frames, frames[1:]):
            self.assertEqual(after["kind"], "move", after["text"])
            self.assertIn(after["ends"], before["legal"], after["text"])
        # The engine itself finds the same end after these moves.
        moves = " ".join(f["text"] for f in frames[1:])
        status = engine_answer(
            self.engine,
            "setoption name BoardSize value 2",
            "setoption name MaxPlies value 80",
            f"position startpos moves {moves}",
            "status",
            "quit",
        )
        self.assertIn(f"status over {state['places']}", status)

    def test_the_dragons_variant_is_offered_only_when_the_engine_takes_it(self):
        self.open_page()
        answer = engine_answer(
            self.engine,
            "setoption name Variant value dragons",
            "setoption name Players value 3",
            "position startpos",
            "quit",
        )
        refused = any(line.startswith("info string error: ") for line in answer)
        option = self.driver.find_element(
            By.CSS_SELECTOR, '#rules [data-option="Variant"] option[value="dragons"]'
        )
        self.assertEqual(option.get_attribute("disabled") is not None, refused)
        if refused:
            note = self.browser.text("#variant-note")
            self.assertIn("dragons", note)
            self.assertIn("refuses", note)

    def test_choosing_dragons_at_two_players_switches_to_three(self):
        self.open_page()
        answer = engine_answer(
            self.engine,
            "setoption name Variant value dragons",
            "setoption name Players value 3",
            "position startpos",
            "quit",
        )
        if any(line.startswith("info string error: ") for line in answer):
            self.skipTest("this engine does not play the dragons variant")
        self.set_rule("ArmiesPerPlayer", 2)
        self.assertEqual(self.driver.find_element(By.ID, "players").get_attribute("value"), "2")
        self.set_rule("Variant", "dragons")
        # The variant is kept, the seating becomes its own, and the page says why.
        self.assertEqual(
            self.driver.find_element(
                By.CSS_SELECTOR, '#rules [data-option="Variant"]'
            ).get_attribute("value"),
            "dragons",
        )
        self.assertEqual(self.driver.find_element(By.ID, "players").get_attribute("value"), "3")
        self.assertEqual(self.driver.find_element(By.ID, "armies").get_attribute("value"), "1")
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#seats .seat")), 3)
        note = self.driver.find_element(By.ID, "seating-note")
        self.assertTrue(note.is_displayed())
        self.assertEqual(
            note.text,
            "Variant dragons is played by 3 players with one army each, so "
            "the form now has Players 3 (was 2) and Armies each 1 (was 2).",
        )
        rules = self.browser.text("#engine-rules")
        self.assertIn("Variant dragons, Players 3, ArmiesPerPlayer 1,", rules)
        self.assertTrue(self.browser.js("return document.querySelector('#setup-error').hidden"))
        self.assertTrue(self.driver.find_element(By.ID, "new-game").is_enabled())
        # Two players again: the engine's reason is shown and blocks the game.
        self.set_rule("Players", 2)
        self.assertFalse(note.is_displayed())
        self.assertIn("Variant dragons is played by 3 players", self.browser.text("#setup-error"))
        self.assertFalse(self.driver.find_element(By.ID, "new-game").is_enabled())
        self.set_rule("Variant", "standard")
        self.assertTrue(self.driver.find_element(By.ID, "new-game").is_enabled())

    def test_a_rule_option_change_reaches_the_engines(self):
        self.open_page()
        self.set_rule("BoardSize", 2)
        self.assertIn("BoardSize 2", self.browser.text("#engine-rules"))
        self.assertEqual(
            self.browser.js("return document.querySelector('#board').dataset.holes"), "37"
        )
        self.set_rule("LongJumps", "true")
        self.assertIn("LongJumps true", self.browser.text("#engine-rules"))
        self.set_rule("MaxPlies", 7)
        self.assertIn("MaxPlies 7", self.browser.text("#engine-rules"))
        # A combination the engine refuses is shown with its answer.
        self.set_rule("PiecesPerArmy", "15")
        error = self.browser.text("#setup-error")
        self.assertIn("PiecesPerArmy 15", error)
        self.assertFalse(self.driver.find_element(By.ID, "new-game").is_enabled())
        self.set_rule("PiecesPerArmy", "10")
        self.assertTrue(self.driver.find_element(By.ID, "new-game").is_enabled())
        # The seat's engine and the referee get the rules.
        self.set_seat(2, "engine", "depth", 1)
        state = self.new_game()
        self.assertEqual(state["position"], SMALL_BOARD_START)
        # Each engine is set up after its handshake, which a loaded machine
        # may still be waiting for: wait for the lines, not a time.
        wanted = ["> setoption name LongJumps value true", "> setoption name MaxPlies value 7"]
        for label in ("referee", "player 2"):
            self.browser.wait(
                lambda driver, label=label: all(line in self.engine_log(label) for line in wanted),
                f"the rule options sent to {label}",
            )
        self.browser.wait(
            lambda driver: any(
                line.startswith("< Rules: ") and "LongJumps true" in line
                for line in self.engine_log("referee")
            ),
            "the referee's rules with LongJumps true",
        )
        # The move limit ends the game after 7 moves, decided by distance.
        state = self.wait_for_human_or_end()
        while not state["over"]:
            start, end = self.forward_move(state, "c9", 2)
            self.click_move(start, end)
            state = self.wait_for_human_or_end(state["frames"])
        self.assertEqual(state["moveCount"], 7)
        self.assertIn("move limit: adjudicated at 7 plies", self.record_text())

    def test_a_full_game_against_the_engine_on_the_small_board(self):
        self.open_page()
        self.set_rule("BoardSize", 2)
        self.set_seat(1, "human")
        self.set_seat(2, "engine", "depth", 3)
        state = self.new_game()
        human_moves = 0
        while True:
            state = self.wait_for_human_or_end(
                state["frames"] - 1 if human_moves == 0 else state["frames"]
            )
            if state["over"]:
                break
            self.assertLess(human_moves, 100, "the game should end")
            start, end = self.forward_move(state, "c9", 2)
            self.click_move(start, end)
            human_moves += 1
        # The page shows the engine's result, and every move is listed.
        status = engine_answer(
            self.engine,
            "setoption name BoardSize value 2",
            f"position fen {state['position']}",
            "status",
            "quit",
        )
        # In words, each seat by its colour: Red is player 1, Green player 2.
        colours = {1: "Red", 2: "Green"}
        winner, second = (int(p) for p in state["places"].split(" "))
        self.assertEqual(
            self.browser.text("#status"),
            f"Game over: {colours[winner]} wins. "
            f"Final order: 1st {colours[winner]}, 2nd {colours[second]}.",
        )
        self.assertTrue(self.driver.save_screenshot(self.artifact("small-board-end.png")))
        self.assertEqual(
            len(self.driver.find_elements(By.CSS_SELECTOR, "#moves li")), state["frames"] - 1
        )
        record = self.record_text()
        path = self.artifact("small-board-game.txt")
        with open(path, "w") as out:
            out.write(record)
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', record, re.M))
        self.assertEqual(tags["Opening"], SMALL_BOARD_START)
        self.assertEqual(tags["Result"], state["places"])
        self.assertEqual(tags["Termination"], f"{colours[winner]} (p{winner}) reached its target")
        self.assertIn("BoardSize=2", tags["Options"])
        moves = re.findall(r"^(\d+)\. p(\d) ([a-i0-9]+) (\d+)$", record, re.M)
        self.assertEqual(len(moves), state["moveCount"])
        self.assertEqual([int(m[0]) for m in moves], list(range(1, len(moves) + 1)))
        # The record replays in the engine to the same end...
        replayed = engine_answer(
            self.engine,
            "setoption name BoardSize value 2",
            f"position fen {tags['Opening']} moves {' '.join(m[2] for m in moves)}",
            "status",
            "quit",
        )
        self.assertIn(f"status over {state['places']}", replayed)
        self.assertIn(f"status over {state['places']}", status)
        # ...and in the match runner's reader, when it is built.
        if CONFIG["match"]:
            check = subprocess.run(
                [CONFIG["match"], "--replay", path],
                capture_output=True,
                text=True,
                timeout=GUARD_SECONDS,
            )
            self.assertEqual(check.returncode, 0, check.stdout + check.stderr)
            self.assertIn("0 with errors", check.stdout)
        # Loading the saved game gives the same final position.
        self.load_record(record)
        loaded = self.browser.wait(
            lambda d: (lambda s: s if s and s["frames"] == state["frames"] else None)(self.state()),
            "the loaded game",
        )
        self.assertEqual(loaded["position"], state["position"])
        self.assertTrue(loaded["over"])

    def test_take_back_returns_to_the_humans_last_position(self):
        self.open_page()
        self.set_rule("BoardSize", 2)
        self.set_seat(2, "engine", "depth", 2)
        state = self.new_game()
        positions = []
        for _ in range(3):
            state = self.wait_for_human_or_end(
                state["frames"] - 1 if not positions else state["frames"]
            )
            positions.append((state["frames"], state["position"]))
            self.click_move(*self.forward_move(state, "c9", 2))
        state = self.wait_for_human_or_end(state["frames"])
        for frames, position in reversed(positions[1:]):
            self.driver.find_element(By.ID, "takeback").click()
            back = self.browser.wait(
                lambda d: (lambda s: s if s and s["frames"] == frames else None)(self.state()),
                "the take-back",
            )
            self.assertEqual(back["position"], position)
            self.assertEqual(
                self.browser.js("return document.querySelector('#position-string').value"), position
            )
            self.assertEqual(
                len(self.driver.find_elements(By.CSS_SELECTOR, "#moves li")), frames - 1
            )
        # Play goes on from there: the engine answers a new move.
        self.click_move(*self.forward_move(back, "c9", 2))
        after = self.wait_for_human_or_end(back["frames"] + 1)
        self.assertEqual(after["frames"], back["frames"] + 2)

    def test_three_players_two_engines_and_a_human(self):
        self.open_page()
        self.set_rule("Players", 3)
        self.set_seat(1, "human")
        self.set_seat(2, "engine", "movetime", 700)
        self.set_seat(3, "engine", "movetime", 700)
        # Paranoid: its expected line runs through every player, so one is
        # on the board when the human is to move (best-reply, the default
        # at three players, may expect only its own move).
        for player in (2, 3):
            self.set_seat_option(player, "Search", "paranoid")
        state = self.new_game()
        self.assertEqual(state["position"].split(" ")[2], "a/c/e")
        state = self.wait_for_human_or_end()
        for move in range(3):
            self.assertEqual(state["toMove"], 1)
            self.click_move(*self.forward_move(state, "e17", 4))
            # Each engine's thinking: its principal line was drawn on the
            # board while it thought (the page counts the arrows it drew).
            after = self.wait_for_human_or_end(state["frames"] + 1)
            for player in (2, 3):
                drawn = self.browser.js(
                    "const t = window.tiaoqi.app.game.thinking[arguments[0] - 1];"
                    "return t && t.frameIndex > arguments[1] ? t.pvDrawn : -1;",
                    player,
                    state["frames"],
                )
                self.assertGreater(
                    drawn, 0, f"player {player}'s line on the board, round {move + 1}"
                )
            state = after
        cards = {p: self.browser.text(f'.engine-card[data-player="{p}"]') for p in (2, 3)}
        for player, text in cards.items():
            self.assertRegex(text, r"depth \d+/\d+", f"player {player}")
            self.assertRegex(text, r"score ([+-]\d+\.\d\d|wins|loses)", f"player {player}")
            values = self.driver.find_elements(
                By.CSS_SELECTOR, f'.engine-card[data-player="{player}"] .value'
            )
            self.assertEqual(len(values), 3, f"player {player}'s values")
            shares = [float(v.find_element(By.CSS_SELECTOR, ".share").text) for v in values]
            self.assertAlmostEqual(sum(shares), 1.0, places=2)
            # Each share is labelled with its seat's name, as the form has it.
            self.assertEqual(
                [v.find_element(By.CSS_SELECTOR, ".label").text for v in values],
                [self.seat(p).find_element(By.CSS_SELECTOR, ".seat-name").text for p in (1, 2, 3)],
            )
        sent = self.engine_log("player 3")
        self.assertIn("> setoption name Search value paranoid", sent)
        self.assertTrue(any(line.startswith("> go movetime 700") for line in sent))
        self.assertTrue(
            any(line.startswith("< info depth") and " values " in line for line in sent)
        )
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#moves li")), 9)
        self.assertEqual(state["frames"], 10)
        # The screenshot: the human to move, the engines' expected line drawn.
        self.browser.wait(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#board .pv-layer .pv"),
            "the expected line on the board",
        )
        self.driver.find_element(
            By.CSS_SELECTOR,
            f'#board .piece[data-hole="{self.forward_move(self.state(), "e17", 4)[0]}"]',
        ).click()
        self.browser.wait(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#board .target-ring"), "the targets"
        )
        for path in filter(None, [self.artifact("three-players.png"), CONFIG["screenshot"]]):
            self.assertTrue(self.driver.save_screenshot(path))

    def test_clocks_and_a_loss_on_time(self):
        self.open_page()
        self.set_rule("BoardSize", 2)
        self.set_seat(1, "engine", "clock")
        row = self.seat(1)
        self.type_into(row.find_element(By.CSS_SELECTOR, ".tc-base"), 5)
        self.type_into(row.find_element(By.CSS_SELECTOR, ".tc-inc"), 0.1)
        self.set_seat(2, "human", "clock")
        self.type_into(self.seat(2).find_element(By.CSS_SELECTOR, ".tc-base"), 0.5)
        self.type_into(self.seat(2).find_element(By.CSS_SELECTOR, ".tc-inc"), 0)
        self.new_game()
        # The engine moves on its clock; the human never does and loses.
        state = self.browser.wait(
            lambda d: (lambda s: s if s and s["over"] else None)(self.state()),
            "the human's clock to run out",
        )
        self.assertEqual(state["places"], "1 2")
        self.assertEqual(state["frames"], 3)
        self.assertIn("> go p1time 5000 p1inc 100", self.engine_log("player 1"))
        self.assertIn("out: lost on time", self.browser.text("#moves"))
        record = self.record_text()
        self.assertIn("x p2 lost on time", record)
        self.assertIn('[Termination "lost on time"]', record)
        self.assertRegex(
            self.seat(1).find_element(By.CSS_SELECTOR, ".clock").text, r"^0:0[45]\.\d$"
        )
        if CONFIG["match"]:
            path = self.artifact("lost-on-time.txt")
            with open(path, "w") as out:
                out.write(record)
            check = subprocess.run(
                [CONFIG["match"], "--replay", path],
                capture_output=True,
                text=True,
                timeout=GUARD_SECONDS,
            )
            self.assertEqual(check.returncode, 0, check.stdout + check.stderr)

    def test_a_position_string_and_a_record_with_an_elimination(self):
        self.open_page()
        # A game record of the match runner: player 1 eliminated, the move
        # limit decides.
        with open(
            os.path.join(REPO, "tools/fuzz/corpus/record/three_players_elimination.txt")
        ) as f:
            record = f.read()
        # The page shows the first game; what it must show is read off the
        # record itself: the result, one frame per move and elimination
        # plus the start, and the elimination line written back unchanged.
        first = record.split("\n\n[Event")[0]
        result = re.search(r'^\[Result "(.*)"\]$', first, re.M).group(1)
        eliminations = re.findall(r"^x p\d+ .*$", first, re.M)
        moves = re.findall(r"^\d+\. p\d+ ", first, re.M)
        self.assertEqual(len(eliminations), 1)
        self.load_record(record)
        state = self.browser.wait(
            lambda d: (lambda s: s if s and s["over"] else None)(self.state()),
            "the loaded game's end",
        )
        self.assertEqual(state["places"], result)
        self.assertEqual(state["frames"], len(moves) + len(eliminations) + 1)
        self.assertIn("out: illegal move", self.browser.text("#moves"))
        self.assertEqual(self.browser.js("return document.querySelector('#players').value"), "3")
        saved = self.record_text()
        self.assertIn(eliminations[0], saved)
        self.assertIn(f'[Result "{result}"]', saved)
        # A position string as the start (two players, small board).
        self.set_rule("Players", 2)
        self.set_rule("MaxPlies", 0)
        self.driver.find_element(By.CSS_SELECTOR, "#start-box summary").click()
        self.type_into(
            self.driver.find_element(By.ID, "start-fen"), "d/dd/7/6/5/6/1a5/a1/1 2 a/d 3"
        )
        self.settle()
        self.set_seat(2, "human")
        state = self.new_game()
        self.assertEqual(state["position"], "d/dd/7/6/5/6/1a5/a1/1 2 a/d 3")
        legal = engine_answer(
            self.engine,
            "setoption name Players value 2",
            "position fen d/dd/7/6/5/6/1a5/a1/1 2 a/d 3",
            "legal",
            "quit",
        )
        self.assertIn("legal " + " ".join(f"{a}{b}" for a, b in state["legal"]), legal)
        pieces = self.browser.js(
            "return [...document.querySelectorAll('#board .piece')].map(p => p.dataset.hole + p.dataset.army).sort()"
        )
        self.assertEqual(pieces, sorted(["c9d", "c8d", "d8d", "d3a", "f2a"]))

    def test_the_referee_logic_of_the_dragons_variant(self):
        # The variant's referee works on plain values; checked here in the
        # page's own modules, position by position, without an engine.
        self.open_page()
        self.driver.set_script_timeout(GUARD_SECONDS)
        result = self.driver.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            Promise.all([import('./js/dragons.js'), import('./js/geometry.js')]).then(([dr, geo]) => {
              const start = geo.parsePositionString(
                '1/2/3/4/cccc5eeee/ccc6eee/cc7ee/c8e/9/10/11/12/13/aaaa/aaa/aa/a 1 a/c/e 0');
              const g = start.geometry;
              let dragons = dr.newDragons({1: 'm1', 2: 'a13', 3: 'm13'});
              const out = {};
              out.ownView = geo.formatBoardField(g, dr.viewPieces(start.pieces, dragons, start.seating, 1));
              out.refereeView = geo.formatBoardField(g, dr.viewPieces(start.pieces, dragons, start.seating, 0));
              out.seatCommand = dr.seatPositionCommand(null, dragons, 2, ['k3k5']);
              // A dragon ending in another player's home is revealed: "*".
              let pieces = new Map([['j12', {army: 'a'}], ['k12', {army: 'e'}]]);
              dragons = dr.newDragons({1: 'j12', 3: 'm13'});
              let step = dr.playDragonMove(dragons, pieces, start.seating, g, ['j12', 'j13']);
              out.stepIntoHome = step.marks;
              out.revealed = step.dragons.revealed;
              // A chain ending on another player's dragon captures it: "#".
              pieces = new Map([['k10', {army: 'a'}], ['l10', {army: 'e'}], ['m10', {army: 'e'}], ['i9', {army: 'a'}]]);
              dragons = dr.newDragons({1: 'i9', 3: 'm10'});
              step = dr.playDragonMove(dragons, pieces, start.seating, g, ['k10', 'm10']);
              out.capture = step.marks;
              out.lost = step.dragons.lost;
              // A step onto a piece never captures; a plain piece is no dragon.
              step = dr.playDragonMove(dragons, pieces, start.seating, g, ['k10', 'l10']);
              out.stepOnPiece = step.marks;
              out.view3 = [...dr.viewPieces(pieces, dragons, start.seating, 3)].filter(([h, p]) => p.dragon).map(([h]) => h);
              out.view1 = [...dr.viewPieces(pieces, dragons, start.seating, 1)].filter(([h, p]) => p.dragon).map(([h]) => h);
              out.home = [dr.isHomeHole(g, start.seating, 2, 'a13'), dr.isHomeHole(g, start.seating, 2, 'm13')];
              done(out);
            }).catch(e => done({error: String(e)}));"""
        )
        self.assertNotIn("error", result)
        self.assertEqual(
            result["ownView"], "1/2/3/4/cccc5eeee/ccc6eee/cc7ee/c8e/9/10/11/12/13/aaaa/aaa/aa/A"
        )
        self.assertEqual(
            result["refereeView"], "1/2/3/4/Cccc5eeeE/ccc6eee/cc7ee/c8e/9/10/11/12/13/aaaa/aaa/aa/A"
        )
        self.assertEqual(result["seatCommand"], "position startpos dragon a13 moves k3k5")
        self.assertEqual(result["stepIntoHome"], "*")
        self.assertEqual(result["revealed"], [1])
        self.assertEqual(result["capture"], "#")
        self.assertEqual(result["lost"], [3])
        self.assertEqual(result["stepOnPiece"], "")
        self.assertEqual(result["view3"], ["m10"])
        self.assertEqual(result["view1"], ["i9"])
        self.assertEqual(result["home"], [True, False])

    def test_records_round_trip_through_the_pages_reader(self):
        self.open_page()
        with open(os.path.join(REPO, "tools/fuzz/corpus/record/two_players.txt")) as f:
            text = f.read()
        again = self.browser.js(
            "const {parseRecords, formatRecord} = window.tiaoqi;"
            "return parseRecords(arguments[0]).map(r => formatRecord({...r, round: r.round})).join('\\n');",
            text,
        )
        self.assertEqual(again.strip(), text.strip())
        error = self.browser.js(
            "try { window.tiaoqi.parseRecords('[Event \"x\"]\\n\\n1. q1 k3k5 0'); return null; }"
            "catch (e) { return e.message; }"
        )
        self.assertEqual(error, "record line 3: expected a player such as p1, got 'q1'")


class DragonsPageTest(PageCase):
    """The page as the referee of a dragons game, in front of a stand-in
    that takes the variant's words out for the real engine
    (fake_dragons_engine.py): the variant's protocol as the page speaks it."""

    @classmethod
    def engine_command(cls):
        return [
            "/usr/bin/python3",
            os.path.join(os.path.dirname(os.path.abspath(__file__)), "fake_dragons_engine.py"),
            CONFIG["engine"],
        ]

    def dragons_on_board(self):
        return self.browser.js(
            "return [...document.querySelectorAll('#board .piece.dragon')].map(p => p.dataset.hole).sort()"
        )

    def test_a_dragons_game_tells_each_player_only_its_own_dragon(self):
        self.open_page()
        option = self.driver.find_element(
            By.CSS_SELECTOR, '#rules [data-option="Variant"] option[value="dragons"]'
        )
        self.assertIsNone(option.get_attribute("disabled"))
        self.set_rule("Players", 3)
        self.set_rule("Variant", "dragons")
        self.assertIn("Variant dragons", self.browser.text("#engine-rules"))
        self.set_seat(1, "human")
        self.set_seat(2, "engine", "depth", 1)
        self.set_seat(3, "engine", "depth", 1)
        self.driver.find_element(By.ID, "new-game").click()
        # The human chooses in secret, by a click on a home piece.
        self.browser.wait(
            lambda d: "your dragon" in (self.browser.text("#status") or ""),
            "the human's choice of a dragon",
        )
        self.driver.find_element(By.CSS_SELECTOR, '#board .piece[data-hole="j4"]').click()
        state = self.wait_for_human_or_end()
        self.assertEqual(self.dragons_on_board(), ["j4"])
        position_field = self.browser.js("return document.querySelector('#position-string').value")
        self.assertEqual(re.findall(r"[A-F]", position_field.split(" ")[0]), ["A"])
        self.assertTrue(
            self.driver.find_element(By.ID, "log-box").get_attribute("hidden") is not None
        )
        # The engines chose with `go choose`; the referee knows all three.
        for player, tip in ((2, "a13"), (3, "m13")):
            self.assertIn(f"> go choose {player}", self.engine_log(f"player {player}"))
        referee = [
            line for line in self.engine_log("referee") if line.startswith("> position fen ")
        ]
        self.assertEqual(re.findall(r"[A-F]", referee[-1].split(" ")[3]), ["C", "E", "A"])
        # A round of moves: every engine hears of its own dragon only.
        self.click_move(*self.forward_move(state, "e17", 4))
        state = self.wait_for_human_or_end(state["frames"] + 1)
        moves = self.browser.js("return window.tiaoqi.app.game.frames.slice(1).map(f => f.text)")
        self.assertEqual(len(moves), 3)
        self.assertIn(
            f"> position startpos dragon m13 moves {' '.join(moves[:2])}",
            self.engine_log("player 3"),
        )
        self.assertIn(
            f"> position startpos dragon a13 moves {moves[0]}", self.engine_log("player 2")
        )
        self.assertEqual(self.dragons_on_board(), ["j4"])
        self.assertTrue(self.driver.save_screenshot(self.artifact("dragons.png")))
        record = self.record_text()
        self.assertIn("Variant=dragons", record)
        self.assertRegex(
            record,
            r'\[Opening "1/2/3/4/Cccc5eeeE/ccc6eee/cc7ee/c8e/9/10/11/12/13/Aaaa/aaa/aa/a 1 a/c/e 0"\]',
        )


class EngineWithoutLevelsPageTest(PageCase):
    """The page in front of an engine that predates the `levels` command:
    the real engine behind a filter that renames the command, so that the
    engine answers it as any unknown command, with an error."""

    @classmethod
    def engine_command(cls):
        return [
            "/bin/sh",
            "-c",
            'sed -u "s/^levels$/levels-unknown/" | exec "$0"',
            CONFIG["engine"],
        ]

    def test_an_engine_without_levels_plays_at_full_strength(self):
        self.open_page()
        self.assertIn("> levels", self.engine_log("setup"))
        self.set_rule("BoardSize", 2)
        self.set_seat(1, "human")
        self.set_seat(2, "engine", "depth", 1)
        select, labels = self.level_choice(2)
        self.assertEqual(labels, ["full strength"])
        self.assertFalse(select.is_enabled())
        self.assertIn(
            "the engine lists no levels: unknown command 'levels-unknown'",
            select.get_attribute("title"),
        )
        self.new_game()
        sent = self.sent_before_new_game("player 2")
        self.assertIn("> setoption name UCI_LimitStrength value false", sent)
        self.assertEqual([line for line in sent if "UCI_Elo" in line], [])


if __name__ == "__main__":
    unittest.main()
