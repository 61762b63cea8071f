"""Castle's record migrations: how a record played under older rules replays under today's.

A save or an exported game holds the rules version it was played under (`data.RULES_VERSION`
then). When a change can change what a record replays to (a ruling, a number, a renamed action
word or setup key), `data.RULES_VERSION` goes up by one, and this table gets an entry for the
step from the old version to the new one, so that no record from before is lost (and
`data.SETUP_KEYS` an entry for the new version's setup keys):

- `MIGRATIONS[v]` is a function from a record of version v (its JSON, a copy the function may
  change or replace) to the same game as a record of version v + 1: the setup keys and action
  lines rewritten into the new words, so that replaying them under the new rules gives the game
  that was played. It need not set `rules_version` (tabletop.record does), and it may raise
  when a record cannot be rewritten: the reader turns that into a RecordError naming the step.
- Where the old actions cannot be made to mean the same game (a ruling that changes what
  happened, not only how it is written), the entry is `NO_MIGRATION`: records from before it are
  refused with `OldRules`, and the page keeps such a game listed with its last saved position
  and scores, readable but not playable.

Version 1 was the first; every version from 1 below `data.RULES_VERSION` has an entry
(tests/test_record_migrations.py fails otherwise). Adding a step: bump `data.RULES_VERSION`,
add `MIGRATIONS[old] = function` (or `NO_MIGRATION`), and a test that a record of the old
version, hand-written or kept from before the change, replays through the migration to the
same game as its rewritten record.
"""

from __future__ import annotations

from typing import Final

from tabletop.game import Json, Migration


def summer_only(record: Json) -> Json:
    """1 → 2: the winter variant came, as the setup key `winter`. A record of version 1 is a
    summer game, and replays unchanged (a missing `winter` is summer); the step exists so that
    a program of version 1 refuses a winter record as newer rules, instead of replaying it as
    summer. A record of version 1 that holds `winter` at all was written by hand or by another
    program: the reader refuses it before this step, as a key version 1 did not know
    (data.SETUP_KEYS)."""
    return record


MIGRATIONS: Final[dict[int, Migration]] = {1: summer_only}
