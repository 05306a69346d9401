"""The derived pairs of :mod:`yukon.solver.proofs.pairs` in machine words, for the compiled build.

The same fixpoint as :meth:`Pairs.derived_from <yukon.solver.proofs.pairs.Pairs.derived_from>`,
over arrays of 64-bit words (63 bits a word, so that no word is negative) in place of one wide
int a fact: compiled by mypyc, an ask of the search past ``LATE`` costs a tenth of the wide ints'
(YU1 deal 6744: 0.18 ms against 1.7 ms; 13866: 0.30 against 2.9), and the orders' two hundred
derivations 0.33 s instead of 1.2 s. Run by the interpreter it is ten times slower than the wide
ints, so the pure build never uses it (:mod:`yukon.solver.proofs.pairs` chooses); a test checks
that both derive the same pairs.

>>> closure = Closure(3, [[0]], [[1]], [0b111], [0])
>>> [bin(row) for row in closure.partners([0])]
['0b11', '0b11', '0b0']
"""

from __future__ import annotations

from typing import Final

from librt.vecs import append, vec
from mypy_extensions import i64

__all__ = ["BITS", "Closure"]

BITS: Final[i64] = 63
"""The bits of a word used: the 64th would make a word negative."""


def _powers() -> vec[i64]:
    """``2 ** k`` for k < :data:`BITS`, by doubling (mypyc 2.4 compiles ``1 << k`` as a shift
    of a 32-bit C int, which is wrong from k = 32 on)."""
    powers = vec[i64]()
    power: i64 = 1
    for _ in range(BITS):
        powers = append(powers, power)
        power = power * 2
    return powers


_POWERS: Final = _powers()


class Closure:
    """The steps of a :class:`~yukon.solver.proofs.pairs.Pairs`, each as its needs, its gains,
    the facts it keeps (a wide int's bits) and its events (bits too), laid out flat."""

    def __init__(
        self,
        facts: int,
        needs: list[list[int]],
        gains: list[list[int]],
        kept: list[int],
        events: list[int],
    ) -> None:
        self.facts: i64 = facts
        self.width: i64 = (facts + BITS - 1) // BITS
        self.steps: i64 = len(needs)
        self.need_at = _offsets(needs)
        self.needs = _flat(needs)
        self.gain_at = _offsets(gains)
        self.gains = _flat(gains)
        by_need = _by_need(facts, needs)
        self.by_need_at = _offsets(by_need)
        self.by_need = _flat(by_need)
        self.need_words = _rows([_wide(need) for need in needs], self.width)
        self.gain_words = _rows([_wide(gain) for gain in gains], self.width)
        self.kept_words = _rows(kept, self.width)
        self.event_words = _rows(events, 2)

    def partners(self, start: list[int], barred: int = 0) -> list[int]:
        """The derived pairs from the facts *start* as :meth:`Pairs.derived_from` gives them (a
        wide int a fact), leaving out the steps that carry an event of *barred*."""
        barred_words = _words(barred, 2)
        rows = self._derive(start, barred_words[0], barred_words[1], [])
        width = self.width
        out: list[int] = []
        for fact in range(self.facts):
            row: int = 0
            for k in range(width - 1, -1, -1):
                word: int = rows[fact * width + k]
                row = row << 63 | word
            out.append(row)
        return out

    def together(self, start: list[int], goal: list[int]) -> bool:
        """Whether every two facts of *goal* (each with itself too) are derived pairs from the
        facts *start*: it stops as soon as they are."""
        rows = self._derive(start, 0, 0, goal)
        return self._joined(rows, goal)

    def _joined(self, rows: vec[i64], goal: list[int]) -> bool:
        """Whether every two facts of *goal* are derived together in *rows*."""
        width = self.width
        for fact in goal:
            for other in goal:
                word: i64 = rows[fact * width + other // BITS]
                if word & _POWERS[other % BITS] == 0:
                    return False
        return True

    def _derive(self, start: list[int], barred0: i64, barred1: i64, goal: list[int]) -> vec[i64]:
        """The derived pairs as rows of words, fact by fact; with *goal*, only until its facts
        are pairwise derived (see :meth:`together`). Rounds over the steps whose needs gained
        partners in the round before, as :meth:`Pairs.derived_from` does."""
        width = self.width
        rows = vec[i64]([0] * (self.facts * width))
        together = _words(_wide(start), width)
        for fact in start:
            base: i64 = fact * width
            for k in range(width):
                rows[base + k] = together[k]
        todo = vec[i64]()
        for step in range(self.steps):
            todo = append(todo, step)
        common = vec[i64]([0] * width)
        fresh = vec[i64]([0] * width)
        grown = vec[i64]([0] * width)
        events = self.event_words
        while len(todo) > 0:
            for k in range(width):
                grown[k] = 0
            for index in range(len(todo)):
                step = todo[index]
                barred = events[2 * step] & barred0 != 0 or events[2 * step + 1] & barred1 != 0
                if not barred and self._ready(step, rows, common):
                    self._gain(step, rows, common, fresh, grown)
            if goal and self._joined(rows, goal):
                break
            todo = self._next(grown)
        return rows

    def _ready(self, step: i64, rows: vec[i64], common: vec[i64]) -> bool:
        """Whether *step*'s needs are pairwise derived in *rows*; if so, *common* holds the
        facts derived with every one of them."""
        width, need_words, needs = self.width, self.need_words, self.needs
        row = step * width
        for k in range(width):
            common[k] = -1
        for place in range(self.need_at[step], self.need_at[step + 1]):
            base = needs[place] * width
            for k in range(width):
                known = rows[base + k]
                bits = need_words[row + k]
                if known & bits != bits:
                    return False
                common[k] = common[k] & known
        return True

    def _gain(
        self, step: i64, rows: vec[i64], common: vec[i64], fresh: vec[i64], grown: vec[i64]
    ) -> None:
        """Rule 2 for *step*, ready with *common*: each gain with each fact it keeps that is
        derived with every need, and with each other gain; the facts whose partners grew go
        into *grown* (*fresh*: room for the new partners)."""
        width, gains, gain_words = self.width, self.gains, self.gain_words
        row = step * width
        new_any = False
        for k in range(width):
            common[k] = common[k] & self.kept_words[row + k] | gain_words[row + k]
            fresh[k] = 0
        for place in range(self.gain_at[step], self.gain_at[step + 1]):
            base = gains[place] * width
            for k in range(width):
                new = common[k] & ~rows[base + k]
                if new != 0:
                    rows[base + k] = rows[base + k] | new
                    fresh[k] = fresh[k] | new
                    new_any = True
        if not new_any:
            return
        # Every fact of common is now a partner of every gain: the other half of each pair.
        for k in range(width):
            grown[k] = grown[k] | fresh[k] | gain_words[row + k]
            word = fresh[k]
            bit: i64 = 0
            while word != 0:
                if word & 0xFF == 0:
                    word = word >> 8
                    bit += 8
                    continue
                if word & 1 != 0:
                    base = (k * BITS + bit) * width
                    for j in range(width):
                        rows[base + j] = rows[base + j] | gain_words[row + j]
                word = word >> 1
                bit += 1

    def _next(self, grown: vec[i64]) -> vec[i64]:
        """The steps that need a fact of *grown*, in order."""
        marks = vec[i64]([0] * self.steps)
        by_need_at, by_need = self.by_need_at, self.by_need
        for k in range(self.width):
            word = grown[k]
            bit: i64 = 0
            while word != 0:
                if word & 1 != 0:
                    fact = k * BITS + bit
                    for place in range(by_need_at[fact], by_need_at[fact + 1]):
                        marks[by_need[place]] = 1
                word = word >> 1
                bit += 1
        todo = vec[i64]()
        for step in range(self.steps):
            if marks[step] != 0:
                todo = append(todo, step)
        return todo


def _wide(facts: list[int]) -> int:
    """The facts as the bits of one int."""
    bits = 0
    for fact in facts:
        bits |= 1 << fact
    return bits


def _words(bits: int, width: i64) -> vec[i64]:
    """*bits* cut into *width* words of :data:`BITS` bits, lowest first."""
    words = vec[i64]()
    for _ in range(width):
        words = append(words, bits & 0x7FFF_FFFF_FFFF_FFFF)
        bits >>= 63
    return words


def _rows(values: list[int], width: i64) -> vec[i64]:
    """Each of *values* in *width* words, one after another."""
    rows = vec[i64]()
    for value in values:
        for word in _words(value, width):
            rows = append(rows, word)
    return rows


def _flat(lists: list[list[int]]) -> vec[i64]:
    flat = vec[i64]()
    for items in lists:
        for item in sorted(set(items)):
            flat = append(flat, item)
    return flat


def _offsets(lists: list[list[int]]) -> vec[i64]:
    """Where each list's items start in :func:`_flat` of *lists*, and where the last ends."""
    offsets = vec[i64]([0])
    end: i64 = 0
    for items in lists:
        end += len(set(items))
        offsets = append(offsets, end)
    return offsets


def _by_need(facts: int, needs: list[list[int]]) -> list[list[int]]:
    """The steps that need each fact."""
    by_need: list[list[int]] = [[] for _ in range(facts)]
    for step, need in enumerate(needs):
        for fact in set(need):
            by_need[fact].append(step)
    return by_need
