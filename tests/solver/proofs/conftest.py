"""The proofs' tests: a proof of loss must hold under every rule set."""

from __future__ import annotations

import pytest

from yukon.engine import RULE_SETS, RuleSet


@pytest.fixture(params=RULE_SETS, ids=str)
def rules(request: pytest.FixtureRequest) -> RuleSet:
    """Each rule set in turn. A test that leaves some out, where they say nothing of
    its proof, parametrizes ``rules`` itself."""
    rule_set: RuleSet = request.param
    return rule_set
