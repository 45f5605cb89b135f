"""Pools of finishing orders drawn from known strengths, as a list's
pools would hold them if the model were true: the test of the fit
(tests/bench/list_test.py) and the A/A check (bench/list/aa.py) know the
answer the ratings must hold."""


def simulated_tables(strengths, players, tables, draws, ties=0.03):
    """Tables of `players` entries drawn from the strengths (Elo, by key),
    each one opening in every rotation; each game's order drawn by
    Plackett-Luce, and now and then two neighbours tied. `draws` is a
    random.Random."""
    names = sorted(strengths)
    pool = []
    for number in range(tables):
        seated = draws.sample(names, players)
        games = []
        for rotation in range(players):
            seats = [seated[(seat + rotation) % players] for seat in range(players)]
            left = list(range(players))
            order = []
            while left:
                weights = [10 ** (strengths[seats[p]] / 400) for p in left]
                pick = draws.choices(left, weights)[0]
                left.remove(pick)
                order.append([pick])
            if players > 2 and draws.random() < ties:
                order[1:3] = [order[1] + order[2]]
            # The seats of a game index the table's entries.
            games.append({"seats": [seated.index(name) for name in seats], "order": order})
        entries = [{"key": name, "name": name} for name in seated]
        pool.append({"table": number + 1, "entries": entries, "games": games})
    return pool
