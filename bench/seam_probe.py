"""What bench/seam.py measures inside one tree and one interpreter: a late 4-player state's copy
(`castle.clone`), and the real decisions of a random 4-player game. Public engine calls only,
so the same file runs in the tree before the seam (bench/seam.py copies it there).

    python3 -m bench.seam_probe        (prints one JSON line)
"""

from __future__ import annotations

import json
import random
import timeit

import castle


def main() -> None:
    rnd = random.Random(3)
    s, _ = castle.new_game(4, 3)
    while not (s.round == s.rounds and s.phase == "select"):
        castle.apply(s, rnd.choice(castle.legal_actions(s, castle.pending(s)[0])))
    n = 2000
    copy_us = min(timeit.repeat(lambda: castle.clone(s), number=n, repeat=5)) / n * 1e6
    decisions = 0
    for seed in range(1000, 1050):
        rnd = random.Random(seed)
        s, _ = castle.new_game(4, seed)
        while s.phase != "over":
            castle.apply(s, rnd.choice(castle.legal_actions(s, castle.pending(s)[0])))
            decisions += 1
    print(json.dumps({"copy_us": copy_us, "decisions_per_game": decisions / 50}))


if __name__ == "__main__":
    main()
