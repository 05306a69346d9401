"""Command-line commands of the layers above the engine (solver, server).

Each module here has ``register(commands)`` that adds its sub-commands to the
``yukon`` parser; :data:`yukon.commands.registry.REGISTRY` lists them, in the
order ``--help`` shows; :mod:`yukon.commands.base` holds what they share.
"""
