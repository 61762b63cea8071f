"""What bench/seam.py measures inside one tree and one interpreter: a late 4-player state's copy
(`CASTLE.copy`) and, where the tree has it, a determinize of a seat's view during the secret
selection (what a computer player does first at every sample), and the real decisions of a
random 4-player game. Public engine calls only,
so the same file runs in the tree before the seam (bench/seam.py copies it there), which
had the engine's module functions where this tree has the one front door, `CASTLE`.

    python3 -m bench.seam_probe        (prints one JSON line)
"""

from __future__ import annotations

import json
import random
import timeit

import castle

if hasattr(castle, "CASTLE"):
    new, asked, legal_actions = castle.CASTLE.new, castle.CASTLE.asked, castle.CASTLE.legal_actions
    apply, copy = castle.CASTLE.apply, castle.CASTLE.copy
else:  # the tree before the seam
    new, asked, legal_actions = castle.new_game, castle.pending, castle.legal_actions
    apply, copy = castle.apply, castle.clone


def main() -> None:
    rnd = random.Random(3)
    s, _ = new(4, 3)
    while not (s.round == s.rounds and s.phase == "select"):
        apply(s, rnd.choice(legal_actions(s, asked(s)[0])))
    n = 2000
    copy_us = min(timeit.repeat(lambda: copy(s), number=n, repeat=5)) / n * 1e6
    determinize_us = 0.0
    if hasattr(castle, "CASTLE"):
        apply(s, legal_actions(s, 0)[0])  # one seat has chosen: hidden from the others
        seen, sampler = castle.CASTLE.view(s, 1), random.Random(5)
        sample = castle.CASTLE.determinize
        times = timeit.repeat(lambda: sample(seen, 1, sampler), number=n // 4, repeat=5)
        determinize_us = min(times) / (n // 4) * 1e6
    decisions = 0
    for seed in range(1000, 1050):
        rnd = random.Random(seed)
        s, _ = new(4, seed)
        while s.phase != "over":
            apply(s, rnd.choice(legal_actions(s, asked(s)[0])))
            decisions += 1
    print(
        json.dumps(
            {
                "copy_us": copy_us,
                "determinize_us": determinize_us,
                "decisions_per_game": decisions / 50,
            }
        )
    )


if __name__ == "__main__":
    main()
