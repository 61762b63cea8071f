"""Exact building payments (§5), built kind by kind, with silver converted at the Forge (§6).

A payment is settled in the order of `data.PAYMENT_ORDER` (stone, clay, wood, sand): at each step
the player says how many of their own pieces of that kind they pay and how many silver they
convert into that kind. A step is legal only if the rest of the payment can still be completed
exactly with at least three kinds, so every sequence of legal steps ends in a legal payment and
every legal payment is reachable: the option lists stay short while the set of outcomes is exact.
"""

from __future__ import annotations

from functools import lru_cache

from . import data

ORDER = data.PAYMENT_ORDER
BPS = tuple(data.BP[k] for k in ORDER)
STEPS = len(ORDER)


@lru_cache(maxsize=1 << 16)
def can_finish(
    i: int,
    rem: int,
    used: int,
    silver: int,
    own: tuple[int, ...],
    stock: tuple[int, ...],
) -> bool:
    """Can kinds ORDER[i:] pay exactly `rem` BP, reaching MIN_PAYMENT_KINDS kinds in all?

    `used` counts kinds already paid, `silver` the silver still free to convert, `own` and
    `stock` the player's and the stock's pieces in ORDER. Converting silver where an own piece
    would do never helps completing, so only the fewest conversions are tried for each count.
    The last two kinds are solved in a loop rather than by recursion: this function is the
    engine's hottest (every building offered is checked with it).
    """
    if i == STEPS:
        return rem == 0 and used >= data.MIN_PAYMENT_KINDS
    if used + (STEPS - i) < data.MIN_PAYMENT_KINDS:
        return False
    bp = BPS[i]
    most = min(own[i] + min(silver, stock[i]), rem // bp)
    if i == STEPS - 2:
        last, last_bp = STEPS - 1, BPS[STEPS - 1]
        for n in range(most, -1, -1):
            left = silver - (n - own[i] if n > own[i] else 0)
            r = rem - n * bp
            if r % last_bp:
                continue
            m = r // last_bp
            if m <= own[last] + min(left, stock[last]) and (
                used + (n > 0) + (m > 0) >= data.MIN_PAYMENT_KINDS
            ):
                return True
        return False
    for n in range(most, -1, -1):
        conv = n - own[i] if n > own[i] else 0
        if can_finish(i + 1, rem - n * bp, used + (n > 0), silver - conv, own, stock):
            return True
    return False


def kinds_in_order(pieces: dict[str, int]) -> tuple[int, ...]:
    return tuple(pieces[k] for k in ORDER)


def affordable(cost: int, pieces: dict[str, int], stock: dict[str, int]) -> bool:
    """Whether a player holding `pieces` can pay a building of `cost` BP at all."""
    silver = pieces["silver"]
    # Cheap necessary conditions first: most players, most of the time, fail one of them.
    kinds = 0
    most_bp = 0
    for kind, bp in zip(ORDER, BPS, strict=True):
        usable = pieces[kind] + min(silver, stock[kind])
        if usable:
            kinds += 1
            most_bp += usable * bp
    if kinds < data.MIN_PAYMENT_KINDS or most_bp < cost:
        return False
    return can_finish(0, cost, 0, silver, kinds_in_order(pieces), kinds_in_order(stock))


Payment = dict[str, dict[str, int]]


def payments(
    cost: int, pieces: dict[str, int], stock: dict[str, int], limit: int = 5000
) -> list[Payment]:
    """Every legal payment of `cost` BP (at most `limit`), as {"own": {...}, "converted": {...}}.

    It walks the same steps as the engine's `pay` decision, pruned by the same `can_finish`,
    so it finds exactly the payments the steps can reach.
    """
    own, stk = kinds_in_order(pieces), kinds_in_order(stock)
    return [
        as_payment(steps) for steps in completions(0, cost, 0, pieces["silver"], own, stk, limit)
    ]


def as_payment(steps: list[tuple[str, int, int]]) -> Payment:
    """A payment's steps (kind, own pieces, silver converted) as a `Payment`."""
    return {
        "own": {kind: count for kind, count, _ in steps if count},
        "converted": {kind: count for kind, _, count in steps if count},
    }


def completions(
    step: int,
    rem: int,
    kinds: int,
    silver: int,
    own: tuple[int, ...],
    stock: tuple[int, ...],
    most: int,
) -> list[list[tuple[str, int, int]]]:
    """Every way (at most `most`) to finish a payment at its step `step`, with `rem` BP still
    to pay, `kinds` kinds used so far and `silver` bars still free, from a hand of `own` and a
    stock of `stock` (counts in payment order): for each, the steps left as (kind, own pieces,
    silver converted). The bots' plans finish a payment begun by hand with it."""
    found: list[list[tuple[str, int, int]]] = []

    def walk(i: int, rem: int, used: int, silver: int, chosen: list[tuple[str, int, int]]) -> None:
        if len(found) >= most:
            return
        if i == STEPS:
            found.append(list(chosen))
            return
        bp = BPS[i]
        for o in range(own[i] + 1):
            for c in range(min(silver, stock[i]) + 1):
                n = o + c
                if n * bp > rem:
                    break
                if can_finish(i + 1, rem - n * bp, used + (n > 0), silver - c, own, stock):
                    walk(
                        i + 1, rem - n * bp, used + (n > 0), silver - c, [*chosen, (ORDER[i], o, c)]
                    )

    walk(step, rem, kinds, silver, [])
    return found


def left_after(pieces: dict[str, int], pay: Payment) -> dict[str, int]:
    """The hand of `pieces` after a payment."""
    left = dict(pieces)
    for kind, n in pay["own"].items():
        left[kind] -= n
    left["silver"] -= sum(pay["converted"].values())
    return left


def spent(pay: Payment) -> int:
    """The pieces a payment spends, converted silver included (the Bricklayer is paid 1 taler
    for each, docs/rules.md §Bricklayer)."""
    return sum(pay["own"].values()) + sum(pay["converted"].values())


def income(card: str | None, pay: Payment) -> int:
    """The talers a payment brings its payer: the Bricklayer's, per piece spent (docs/rules.md
    §Bricklayer); nothing for another card."""
    return spent(pay) * data.BRICKLAYER_TALERS_PER_PIECE if card == "bricklayer" else 0


def suggested(
    cost: int,
    pieces: dict[str, int],
    stock: dict[str, int],
    count: int = 4,
    card: str | None = None,
) -> list[Payment]:
    """A few sensible payments to offer first: the least silver converted, then the fewest
    pieces, then those spending the small pieces (sand first) and keeping the big ones. For
    the Bricklayer (`card`), who takes talers per piece spent, the most pieces come first
    instead: of two payments of the same building, the one with more pieces earns more."""
    earns = card == "bricklayer"

    def key(p: Payment) -> tuple[int, int, tuple[int, ...]]:
        conv = sum(p["converted"].values())
        n = spent(p)
        return conv, -n if earns else n, tuple(-p["own"].get(k, 0) for k in reversed(ORDER))

    return sorted(payments(cost, pieces, stock), key=key)[:count]
