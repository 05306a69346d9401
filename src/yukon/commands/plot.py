"""``yukon analyze --plot``: a picture of a study (matplotlib, the ``[plot]`` extra).

Left, the share won and the share decided as the deals came in, per rule set:
the curves settle as the sample grows. Right, the share of deals decided within
each solve time, or within each number of states searched when the budget is in
states (then the picture is the same on every machine, however loaded): where a
curve is still climbing at the right edge, a larger budget would decide more.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING

from yukon.commands.solve import SolveInputError
from yukon.engine import RuleSet
from yukon.solver import Status
from yukon.solver.batch import Verdict

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["plot_study", "require_matplotlib"]


def require_matplotlib() -> None:
    """Load matplotlib now, before any deal is solved: a study of hours must not
    end without its picture for want of a package.

    :raises SolveInputError: when matplotlib is not installed, saying how to install it.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")  # draws into files, needs no display
    except ImportError:
        raise SolveInputError(
            "--plot needs matplotlib, which is not installed: pip install"
            " 'yukon-solitaire[plot]' (with pipx: pipx inject yukon-solitaire matplotlib),"
            " or leave --plot out"
        ) from None


def plot_study(verdicts: Sequence[Verdict], path: Path) -> None:
    """Draw *verdicts* (in the order they were found) into the PNG *path*
    (:func:`require_matplotlib` first)."""
    from matplotlib import pyplot

    figure, (running, costs) = pyplot.subplots(1, 2, figsize=(11, 4.2), layout="constrained")
    in_states = all(verdict.budget.seconds is None for verdict in verdicts)
    for rules in dict.fromkeys(verdict.code.rules for verdict in verdicts):
        mine = [verdict for verdict in verdicts if verdict.code.rules is rules]
        _draw_running(running, rules, mine)
        _draw_costs(costs, rules, mine, in_states=in_states)
    top = (0, 101)  # a curve at 100 % stays in sight
    # log: a study of 20,000 deals beside ones of 2,000 keeps both in sight
    running.set(xscale="log", xlabel="deals analysed", ylabel="% of deals", ylim=top)
    running.set_title("won (solid) and decided (dashed) so far")
    unit = "states searched" if in_states else "solve time (s)"
    costs.set(xscale="log", xlabel=unit, ylabel="% of deals decided", ylim=top)
    costs.set_title(f"deals decided within so many {unit.split()[0]}")
    for axes in (running, costs):
        axes.grid(alpha=0.3)
        axes.legend(loc="lower right")
    figure.savefig(path, dpi=110)
    pyplot.close(figure)


def _draw_running(axes: Axes, rules: RuleSet, verdicts: Sequence[Verdict]) -> None:
    """The share won and the share decided after each deal."""
    count = range(1, len(verdicts) + 1)
    won = accumulate(verdict.status is Status.WON for verdict in verdicts)
    decided = accumulate(verdict.status is not Status.UNKNOWN for verdict in verdicts)
    (line,) = axes.plot(count, [100 * w / n for w, n in zip(won, count, strict=True)])
    line.set_label(rules.id)
    axes.plot(
        count,
        [100 * d / n for d, n in zip(decided, count, strict=True)],
        linestyle="--",
        color=line.get_color(),
    )


def _draw_costs(
    axes: Axes, rules: RuleSet, verdicts: Sequence[Verdict], *, in_states: bool
) -> None:
    """A step curve: the share of all deals decided within each cost."""
    costs = sorted(
        float(max(verdict.states, 1)) if in_states else max(verdict.seconds, 1e-3)
        for verdict in verdicts
        if verdict.status is not Status.UNKNOWN
    )
    if not costs:
        return
    shares = [100 * n / len(verdicts) for n in range(1, len(costs) + 1)]
    axes.step(costs, shares, where="post", label=rules.id)
