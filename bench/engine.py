"""Engine speed: moves made and undone per second, legal-move generations per second,
over random playouts of random deals. Prints figures; asserts nothing.

    .venv/bin/python bench/engine.py [--games 200] [--length 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time

from yukon.engine import DEAL_COUNT, RULE_SETS, Game, GameCode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--length", type=int, default=200, help="moves per playout at most")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    codes = [
        GameCode(rng.choice(list(RULE_SETS)), rng.randrange(DEAL_COUNT)) for _ in range(args.games)
    ]

    generations = checked = played = pushed = 0
    gen_time = play_time = push_time = check_time = 0.0
    for code in codes:
        game = Game.from_code(code)
        for _ in range(args.length):
            start = time.perf_counter()
            moves = list(game.legal_moves)
            gen_time += time.perf_counter() - start
            generations += 1
            if not moves:
                break
            move = rng.choice(moves)
            start = time.perf_counter()
            game.play(move)  # the checked path, as the server uses it
            game.undo()
            play_time += time.perf_counter() - start
            played += 1
            start = time.perf_counter()
            game.push(move)  # the unchecked path
            game.undo()
            push_time += time.perf_counter() - start
            pushed += 1
            start = time.perf_counter()
            for candidate in moves:
                game.is_legal(candidate)
            check_time += time.perf_counter() - start
            checked += len(moves)
            game.push(move)

    print(f"deals: {len(codes)}, playout length <= {args.length}")
    print(f"legal-move generations/s:      {generations / gen_time:,.0f}")
    print(f"checked play + undo pairs/s:   {played / play_time:,.0f}")
    print(f"unchecked push + undo pairs/s: {pushed / push_time:,.0f}")
    print(f"move checks/s:                 {checked / check_time:,.0f}")


if __name__ == "__main__":
    main()
