"""Castle's actions: its verbs and their fields (tabletop.actions does the rest).

The text form, used in game records and for debugging, is `p<seat> <verb> <fields...>`, e.g.
`p0 select trader worker_a`, `p1 buy p2 worker_c stone`, `p0 pay stone 2 1`,
`p3 helper keep supply`, `p0 done`; winter: `p1 discard worker_b`, `p2 return_stone 2 1`,
`p0 give taler`.
"""

from __future__ import annotations

from tabletop.actions import Action, Codec, ParseError, Verbs

#: The fields of each verb, in text order, with their type (see tabletop.actions.Verbs).
VERBS: Verbs = {
    "select": (("cards", "strs"),),
    "worker_c": (("kinds", "strs"),),
    "trader": (("place", "str"),),
    "tower": (("kind", "str"),),
    "buy": (("seller", "seat"), ("card", "str"), ("kind", "str")),
    "sell": (("accept", "bool"),),
    "first": (("card", "str"),),
    "erect": (("building", "str"),),
    "pay": (("kind", "str"), ("own", "int"), ("silver", "int")),
    "helper": (("place", "str"), ("source", "str")),
    "convert": (("kind", "str"),),
    "palace": (("kind", "str"),),
    "market": (("vp", "int"),),
    # The winter cards (§10).
    "toll_helper": (("place", "str"),),
    "discard": (("card", "str"),),
    "pay_talers": (),
    "return_stone": (("own", "int"), ("silver", "int")),
    "give": (("item", "str"),),
    "drop_out": (),
    "take": (("item", "str"),),
    "done": (),
}


CODEC = Codec(VERBS)
malformed = CODEC.malformed
make = CODEC.make
to_text = CODEC.to_text
parse = CODEC.parse

__all__ = ["VERBS", "Action", "ParseError", "make", "malformed", "parse", "to_text"]
