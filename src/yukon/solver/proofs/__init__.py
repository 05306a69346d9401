"""Proofs that a position is lost, one module each; docs/solver.md tells them in prose.

Each proof is sound: a position it calls lost has no winning line (each module's docstring says
why, and its tests compare it with an exhaustive search on small positions). None is complete:
a position it does not call lost may still be lost. The search asks them (see its schedule).
"""
