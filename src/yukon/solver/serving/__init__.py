"""What the app asks of the solver, apart from the search itself: winnable deals on demand
(:mod:`~yukon.solver.serving.pool`), verdicts and hints with a cache
(:mod:`~yukon.solver.serving.service`), and searches in worker processes that can be stopped
(:mod:`~yukon.solver.serving.worker`)."""
